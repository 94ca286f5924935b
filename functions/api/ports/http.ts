import type { ApiEnv, AuthAdmin, AuthUser, Storage } from './index.ts';

/** A non-2xx answer from GoTrue or Storage. */
export class UpstreamError extends Error {
  constructor(
    readonly service: 'auth' | 'storage',
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(`${service} ${status} ${code}: ${message}`);
    this.name = 'UpstreamError';
  }
}

/** Storage's answer for an object that is not there (404; Supabase also says 400 with `not_found`). */
export function isMissingObject(error: unknown): boolean {
  if (!(error instanceof UpstreamError) || error.service !== 'storage') return false;
  return error.status === 404 || /not_?found|NoSuchKey/i.test(error.code);
}

function base(env: ApiEnv): string {
  return env.supabaseUrl.replace(/\/+$/, '');
}

function serviceHeaders(env: ApiEnv, extra: Record<string, string> = {}): Record<string, string> {
  return {
    apikey: env.serviceRoleKey,
    authorization: `Bearer ${env.serviceRoleKey}`,
    'x-supabase-api-version': '2024-01-01',
    ...extra,
  };
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function upstreamError(service: 'auth' | 'storage', status: number, body: unknown): UpstreamError {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const code =
    [b.error_code, b.code, b.error].find((x): x is string => typeof x === 'string' && x !== '') ??
    String(status);
  const message = String(b.msg ?? b.message ?? b.error_description ?? b.error ?? 'request failed');
  return new UpstreamError(service, status, code, message);
}

/**
 * How the ports reach GoTrue and Storage: `fetch` on Supabase; the local host passes its own
 * in-process handler, so the API never makes a network round trip to the host it runs in.
 */
export type Fetch = (url: string, init: RequestInit) => Promise<Response>;

/** The global fetch, looked up at each call (tests may replace it). */
const globalFetch: Fetch = (url, init) => globalThis.fetch(url, init);

async function call(
  fetch: Fetch,
  service: 'auth' | 'storage',
  url: string,
  init: RequestInit,
): Promise<{ status: number; body: unknown }> {
  const res = await fetch(url, init);
  const body = await readBody(res);
  if (!res.ok) throw upstreamError(service, res.status, body);
  return { status: res.status, body };
}

function toAuthUser(raw: unknown): AuthUser {
  const u = (raw ?? {}) as Record<string, unknown>;
  return {
    id: String(u.id),
    email: String(u.email ?? ''),
    email_confirmed_at: (u.email_confirmed_at as string | null | undefined) ?? null,
    user_metadata: (u.user_metadata as Record<string, unknown> | undefined) ?? {},
    app_metadata: (u.app_metadata as Record<string, unknown> | undefined) ?? {},
    identities: Array.isArray(u.identities) ? u.identities : undefined,
  };
}

/** GoTrue admin API over plain fetch, with the service-role key. */
export function createHttpAuthAdmin(env: ApiEnv, fetch: Fetch = globalFetch): AuthAdmin {
  const auth = `${base(env)}/auth/v1`;
  const json = (extra: Record<string, string> = {}) =>
    serviceHeaders(env, { 'content-type': 'application/json', ...extra });

  return {
    async signUp({ email, password, data, redirectTo, clientAddress }) {
      const query = redirectTo ? `?redirect_to=${encodeURIComponent(redirectTo)}` : '';
      try {
        const { body } = await call(fetch, 'auth', `${auth}/signup${query}`, {
          method: 'POST',
          headers: json(clientAddress ? { 'x-forwarded-for': clientAddress } : {}),
          body: JSON.stringify({ email, password, data }),
        });
        const b = (body ?? {}) as Record<string, unknown>;
        // auto-confirm answers a session; confirmation on answers the bare user
        const user = 'access_token' in b ? b.user : b;
        const parsed = toAuthUser(user);
        // an already-registered, confirmed e-mail comes back obfuscated with no identities
        if (Array.isArray(parsed.identities) && parsed.identities.length === 0) return null;
        return parsed;
      } catch (error) {
        if (
          error instanceof UpstreamError &&
          (error.code === 'user_already_exists' || error.code === 'email_exists')
        ) {
          return null;
        }
        throw error;
      }
    },

    async createUser({ email, password, emailConfirm, userMetadata }) {
      const { body } = await call(fetch, 'auth', `${auth}/admin/users`, {
        method: 'POST',
        headers: json(),
        body: JSON.stringify({
          email,
          ...(password === undefined ? {} : { password }),
          email_confirm: emailConfirm,
          user_metadata: userMetadata ?? {},
        }),
      });
      return toAuthUser(body);
    },

    async updateUser(id, patch) {
      const payload: Record<string, unknown> = {};
      if (patch.password !== undefined) payload.password = patch.password;
      if (patch.userMetadata !== undefined) payload.user_metadata = patch.userMetadata;
      if (patch.emailConfirm !== undefined) payload.email_confirm = patch.emailConfirm;
      const { body } = await call(fetch, 'auth', `${auth}/admin/users/${encodeURIComponent(id)}`, {
        method: 'PUT',
        headers: json(),
        body: JSON.stringify(payload),
      });
      return toAuthUser(body);
    },

    async inviteUser({ email, data, redirectTo }) {
      const query = redirectTo ? `?redirect_to=${encodeURIComponent(redirectTo)}` : '';
      const { body } = await call(fetch, 'auth', `${auth}/invite${query}`, {
        method: 'POST',
        headers: json(),
        body: JSON.stringify({ email, data: data ?? {} }),
      });
      return toAuthUser(body);
    },

    async deleteUser(id) {
      await call(fetch, 'auth', `${auth}/admin/users/${encodeURIComponent(id)}`, {
        method: 'DELETE',
        headers: serviceHeaders(env),
      });
    },

    async verifyPassword({ email, password, clientAddress }) {
      const res = await fetch(`${auth}/token?grant_type=password`, {
        method: 'POST',
        headers: {
          apikey: env.anonKey,
          'content-type': 'application/json',
          ...(clientAddress ? { 'x-forwarded-for': clientAddress } : {}),
        },
        body: JSON.stringify({ email, password }),
      });
      const body = (await readBody(res)) as Record<string, unknown> | null;
      if (res.status === 400) return false;
      if (!res.ok) throw upstreamError('auth', res.status, body);
      // the check made a session: end it (the caller's own session is not touched)
      const token = typeof body?.access_token === 'string' ? body.access_token : '';
      if (token) {
        await fetch(`${auth}/logout?scope=local`, {
          method: 'POST',
          headers: { apikey: env.anonKey, authorization: `Bearer ${token}` },
        }).catch(() => {});
      }
      return true;
    },

    async softDeleteUser(id) {
      await call(fetch, 'auth', `${auth}/admin/users/${encodeURIComponent(id)}`, {
        method: 'DELETE',
        headers: json(),
        body: JSON.stringify({ should_soft_delete: true }),
      });
    },

    async findUserByEmail(email) {
      const wanted = email.trim().toLowerCase();
      const perPage = 200;
      for (let page = 1; page <= 50; page++) {
        const { body } = await call(
          fetch,
          'auth',
          `${auth}/admin/users?page=${page}&per_page=${perPage}&filter=${encodeURIComponent(wanted)}`,
          { method: 'GET', headers: serviceHeaders(env) },
        );
        const users = ((body as { users?: unknown[] } | null)?.users ?? []) as unknown[];
        const hit = users.map(toAuthUser).find((u) => u.email.toLowerCase() === wanted);
        if (hit) return hit;
        if (users.length < perPage) return null;
      }
      return null;
    },
  };
}

function objectPath(bucket: string, path: string): string {
  return [bucket, ...path.split('/')].map(encodeURIComponent).join('/');
}

/** Supabase Storage over plain fetch, with the service-role key. */
export function createHttpStorage(env: ApiEnv, fetch: Fetch = globalFetch): Storage {
  const storage = `${base(env)}/storage/v1`;
  return {
    async upload(bucket, path, body, contentType) {
      await call(fetch, 'storage', `${storage}/object/${objectPath(bucket, path)}`, {
        method: 'POST',
        headers: serviceHeaders(env, { 'content-type': contentType, 'x-upsert': 'true' }),
        body: body as BodyInit,
      });
    },

    async remove(bucket, path) {
      await call(fetch, 'storage', `${storage}/object/${encodeURIComponent(bucket)}`, {
        method: 'DELETE',
        headers: serviceHeaders(env, { 'content-type': 'application/json' }),
        body: JSON.stringify({ prefixes: [path] }),
      });
    },

    async signedUrl(bucket, path, expiresIn) {
      const { body } = await call(fetch, 'storage', `${storage}/object/sign/${objectPath(bucket, path)}`, {
        method: 'POST',
        headers: serviceHeaders(env, { 'content-type': 'application/json' }),
        body: JSON.stringify({ expiresIn }),
      });
      const b = (body ?? {}) as Record<string, unknown>;
      const signed = String(b.signedURL ?? b.signedUrl ?? '');
      if (!signed) throw new UpstreamError('storage', 502, 'no_signed_url', 'storage returned no signed URL');
      if (/^https?:\/\//.test(signed)) return signed;
      // Supabase answers a path relative to /storage/v1 (e.g. /object/sign/<bucket>/<path>?token=…)
      return signed.startsWith('/storage/v1/') ? `${base(env)}${signed}` : `${storage}${signed}`;
    },
  };
}

/** The HTTP ports the Edge Function (and the local host) build from the environment. */
export function createHttpPorts(
  env: ApiEnv,
  fetch: Fetch = globalFetch,
): { authAdmin: AuthAdmin; storage: Storage } {
  return { authAdmin: createHttpAuthAdmin(env, fetch), storage: createHttpStorage(env, fetch) };
}
