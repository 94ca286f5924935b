import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import { type Context, Hono } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import type { Db } from '../functions/api/ports/db.ts';
import type { Keys } from './keys.ts';

/** Buckets the app uses: images are public, files and receipts only through signed URLs. */
export const DEFAULT_BUCKETS = [
  { id: 'images', public: true },
  { id: 'event-files', public: false },
  { id: 'receipts', public: false },
];

const MAX_OBJECT = 20 * 1024 * 1024;

/** Where object bytes live: `<dataDir>/storage/<bucket>/<path>`, or a Map for memory://. */
interface Blobs {
  put(bucket: string, path: string, body: Uint8Array): Promise<void>;
  get(bucket: string, path: string): Promise<Uint8Array<ArrayBuffer> | null>;
  remove(bucket: string, path: string): Promise<void>;
}

function memoryBlobs(): Blobs {
  const map = new Map<string, Uint8Array<ArrayBuffer>>();
  return {
    put: async (b, p, body) => void map.set(`${b}/${p}`, new Uint8Array(body)),
    get: async (b, p) => map.get(`${b}/${p}`) ?? null,
    remove: async (b, p) => void map.delete(`${b}/${p}`),
  };
}

function fileBlobs(root: string): Blobs {
  const base = resolve(root);
  // Paths were validated already; this is the second wall against escaping the folder.
  const fileOf = (bucket: string, path: string) => {
    const file = resolve(base, bucket, ...path.split('/'));
    if (!file.startsWith(base + sep)) throw new Error('path escapes the storage folder');
    return file;
  };
  return {
    async put(bucket, path, body) {
      const file = fileOf(bucket, path);
      // receipts and members' files: the host's user only (server/data-dir.ts)
      await mkdir(dirname(file), { recursive: true, mode: 0o700 });
      const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(tmp, body, { mode: 0o600 });
      await rename(tmp, file); // readers never see a half-written file
    },
    async get(bucket, path) {
      try {
        return new Uint8Array(await readFile(fileOf(bucket, path)));
      } catch {
        return null;
      }
    },
    async remove(bucket, path) {
      await rm(fileOf(bucket, path), { force: true });
    },
  };
}

/** A bucket id or object path is accepted only as plain segments: no `..`, `.`, empty, `\` or NUL. */
export function validPath(path: string): boolean {
  if (!path || path.length > 1024) return false;
  return path.split('/').every((s) => s !== '' && s !== '.' && s !== '..' && !/[\\\0]/.test(s));
}

interface ObjectMeta {
  mimetype: string;
  size: number;
  eTag: string;
  cacheControl: string;
  lastModified: string;
}

function storageError(status: number, error: string, message: string): Response {
  // Supabase Storage's error body.
  return Response.json({ statusCode: String(status), error, message }, { status });
}

export interface StorageService {
  /** Stores an object (replacing any existing one): for the seed and tests. */
  putObject(bucket: string, path: string, body: Uint8Array | string, contentType: string): Promise<void>;
  routes: Hono;
}

export async function createStorage(opts: {
  db: Db;
  keys: Keys;
  /** Folder for object bytes, or null to keep them in memory. */
  root: string | null;
  isServiceRole(authorization: string | undefined): Promise<boolean>;
}): Promise<StorageService> {
  const { db, keys } = opts;
  const blobs = opts.root ? fileBlobs(opts.root) : memoryBlobs();

  for (const b of DEFAULT_BUCKETS) {
    await db.query(
      'insert into storage.buckets (id, name, public) values ($1, $1, $2) on conflict (id) do nothing',
      [b.id, b.public],
    );
  }

  const bucketOf = async (id: string) => {
    const [row] = await db.query<{ id: string; public: boolean; file_size_limit: string | number | null }>(
      'select id, public, file_size_limit from storage.buckets where id = $1',
      [id],
    );
    return row ?? null;
  };

  async function put(
    bucket: string,
    path: string,
    bytes: Uint8Array,
    contentType: string,
    cacheControl = '3600',
  ) {
    const meta: ObjectMeta = {
      mimetype: contentType,
      size: bytes.byteLength,
      eTag: `"${createHash('sha1').update(bytes).digest('hex')}"`,
      cacheControl: `max-age=${cacheControl.replace(/^max-age=/, '')}`,
      lastModified: new Date().toISOString(),
    };
    await blobs.put(bucket, path, bytes);
    const [row] = await db.query<{ id: string }>(
      `insert into storage.objects (bucket_id, name, metadata) values ($1, $2, $3::jsonb)
       on conflict (bucket_id, name) do update set metadata = excluded.metadata, updated_at = now()
       returning id`,
      [bucket, path, meta], // an object: see server/auth/users.ts on jsonb
    );
    return row!.id;
  }

  async function remove(bucket: string, path: string): Promise<boolean> {
    const rows = await db.query(
      'delete from storage.objects where bucket_id = $1 and name = $2 returning id',
      [bucket, path],
    );
    await blobs.remove(bucket, path);
    return rows.length > 0;
  }

  async function serve(c: Context, bucket: string, path: string, cache: string): Promise<Response> {
    const [row] = await db.query<{ metadata: ObjectMeta }>(
      'select metadata from storage.objects where bucket_id = $1 and name = $2',
      [bucket, path],
    );
    const bytes = row ? await blobs.get(bucket, path) : null;
    if (!row || !bytes) return storageError(404, 'not_found', 'Object not found');
    const meta = row.metadata;
    const headers: Record<string, string> = {
      'content-type': meta.mimetype || (getMimeType(path) ?? 'application/octet-stream'),
      'cache-control': cache,
      etag: meta.eTag,
      'last-modified': new Date(meta.lastModified).toUTCString(),
      'x-content-type-options': 'nosniff',
      // Uploaded files share the app's origin: never let one run as a page (e.g. an HTML "receipt");
      // only the app may frame them (signed event files open in an iframe).
      'content-security-policy':
        "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox; frame-ancestors 'self'",
    };
    if (meta.eTag && c.req.header('if-none-match') === meta.eTag)
      return new Response(null, { status: 304, headers });
    headers['content-length'] = String(bytes.byteLength);
    return new Response(bytes, { headers });
  }

  /** Splits `/object/<bucket>/<path>` (already past the action prefix) into validated parts. */
  function target(c: Context, prefix: string): { bucket: string; path: string } | null {
    const raw = new URL(c.req.url).pathname; // undecoded, so %2F cannot smuggle a separator
    const rest = raw.slice(raw.indexOf(prefix) + prefix.length);
    let decoded: string[];
    try {
      decoded = rest.split('/').map(decodeURIComponent);
    } catch {
      return null;
    }
    const [bucket, ...parts] = decoded;
    const path = parts.join('/');
    if (!bucket || !validPath(bucket) || !validPath(path)) return null;
    return { bucket, path };
  }

  const badPath = () => storageError(400, 'InvalidKey', 'Invalid bucket or object path');
  const noBucket = () => storageError(404, 'Bucket not found', 'Bucket not found');

  const app = new Hono();

  // Writes and signing need the service-role key (the API holds it; browsers never do).
  app.use('*', async (c, next) => {
    const p = c.req.path;
    const open = c.req.method === 'GET' || c.req.method === 'HEAD';
    if (open && (p.includes('/object/public/') || p.includes('/object/sign/'))) return next();
    const auth = c.req.header('authorization');
    if (!auth) return storageError(401, 'Unauthorized', 'headers must have required property authorization');
    if (!(await opts.isServiceRole(auth)))
      return storageError(403, 'Unauthorized', 'Service role key required');
    return next();
  });

  app.post('/object/sign/*', async (c) => {
    const t = target(c, '/object/sign/');
    if (!t) return badPath();
    const body = (await c.req.json().catch(() => ({}))) as { expiresIn?: unknown };
    const expiresIn = Number(body.expiresIn);
    if (!Number.isInteger(expiresIn) || expiresIn < 1) {
      return storageError(400, 'InvalidRequest', 'expiresIn must be a positive integer');
    }
    if (!(await bucketOf(t.bucket))) return noBucket();
    const [exists] = await db.query('select 1 from storage.objects where bucket_id = $1 and name = $2', [
      t.bucket,
      t.path,
    ]);
    if (!exists) return storageError(404, 'not_found', 'Object not found');
    // Like Supabase Storage: the token is a JWT naming the object, with its expiry.
    const token = await keys.sign({ url: `${t.bucket}/${t.path}` }, expiresIn);
    const encoded = [t.bucket, ...t.path.split('/')].map(encodeURIComponent).join('/');
    return c.json({ signedURL: `/object/sign/${encoded}?token=${token}` });
  });

  app.get('/object/sign/*', async (c) => {
    const t = target(c, '/object/sign/');
    if (!t) return badPath();
    const token = c.req.query('token');
    if (!token) return storageError(400, 'InvalidJWT', "querystring must have required property 'token'");
    try {
      const claims = await keys.verify(token);
      if (claims.url !== `${t.bucket}/${t.path}`) throw new Error('token is for another object');
    } catch (err) {
      return storageError(400, 'InvalidJWT', (err as Error).message);
    }
    return serve(c, t.bucket, t.path, 'private, max-age=300');
  });

  app.get('/object/public/*', async (c) => {
    const t = target(c, '/object/public/');
    if (!t) return badPath();
    const bucket = await bucketOf(t.bucket);
    if (!bucket) return noBucket();
    if (!bucket.public) return storageError(400, 'not_found', 'Object not found');
    return serve(c, t.bucket, t.path, 'public, max-age=3600');
  });

  app.get('/object/authenticated/*', async (c) => {
    const t = target(c, '/object/authenticated/');
    if (!t) return badPath();
    return serve(c, t.bucket, t.path, 'private, max-age=0');
  });

  async function upload(c: Context, upsert: boolean) {
    const t = target(c, '/object/');
    if (!t) return badPath();
    const bucket = await bucketOf(t.bucket);
    if (!bucket) return noBucket();
    let bytes: Uint8Array;
    let contentType = c.req.header('content-type') ?? 'application/octet-stream';
    let cacheControl = c.req.header('cache-control') ?? '3600';
    if (contentType.startsWith('multipart/form-data')) {
      // supabase-js sends Blobs/Files as multipart: a file part plus `cacheControl`.
      const form = await c.req.formData();
      const file = [...form.values()].find((v): v is File => typeof v !== 'string');
      if (!file) return storageError(400, 'InvalidRequest', 'No file in the form');
      bytes = new Uint8Array(await file.arrayBuffer());
      contentType = file.type || (getMimeType(t.path) ?? 'application/octet-stream');
      const cc = form.get('cacheControl');
      if (typeof cc === 'string') cacheControl = cc;
    } else {
      bytes = new Uint8Array(await c.req.arrayBuffer());
    }
    const limit = Number(bucket.file_size_limit) || MAX_OBJECT;
    if (bytes.byteLength > limit) {
      return storageError(413, 'Payload too large', 'The object exceeded the maximum allowed size');
    }
    if (!upsert) {
      const [exists] = await db.query('select 1 from storage.objects where bucket_id = $1 and name = $2', [
        t.bucket,
        t.path,
      ]);
      if (exists) return storageError(409, 'Duplicate', 'The resource already exists');
    }
    const id = await put(t.bucket, t.path, bytes, contentType, cacheControl);
    return c.json({ Id: id, Key: `${t.bucket}/${t.path}` });
  }

  // POST creates (x-upsert: true replaces); PUT replaces, as in Supabase Storage.
  app.post('/object/*', (c) => upload(c, c.req.header('x-upsert') === 'true'));
  app.put('/object/*', (c) => upload(c, true));

  app.get('/object/*', async (c) => {
    const t = target(c, '/object/');
    if (!t) return badPath();
    return serve(c, t.bucket, t.path, 'private, max-age=0');
  });

  app.delete('/object/*', async (c) => {
    const raw = new URL(c.req.url).pathname;
    const rest = raw.slice(raw.indexOf('/object/') + '/object/'.length);
    if (!rest.includes('/')) {
      // DELETE /object/<bucket> {prefixes: [...]}: what storage-js `remove()` sends.
      let bucket = '';
      try {
        bucket = decodeURIComponent(rest);
      } catch {
        return badPath();
      }
      const body = (await c.req.json().catch(() => ({}))) as { prefixes?: unknown };
      const paths = Array.isArray(body.prefixes) ? body.prefixes.filter((p) => typeof p === 'string') : [];
      if (!validPath(bucket) || !paths.every(validPath)) return badPath();
      const removed = [];
      for (const p of paths) if (await remove(bucket, p)) removed.push({ bucket_id: bucket, name: p });
      return c.json(removed);
    }
    const t = target(c, '/object/');
    if (!t) return badPath();
    if (!(await remove(t.bucket, t.path))) return storageError(404, 'not_found', 'Object not found');
    return c.json({ message: 'Successfully deleted' });
  });

  app.notFound(() => storageError(404, 'not_found', 'Not Found'));

  return {
    async putObject(bucket, path, body, contentType) {
      if (!validPath(bucket) || !validPath(path)) throw new Error(`Invalid storage path: ${bucket}/${path}`);
      const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body;
      await put(bucket, path, bytes, contentType);
    },
    routes: app,
  };
}
