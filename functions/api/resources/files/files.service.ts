import { sql } from 'kysely';
import { qb, runOneOrNull } from '../../db/kysely.ts';
import type { Db } from '../../ports/db.ts';
import { isMissingObject } from '../../ports/http.ts';
import type { Storage } from '../../ports/index.ts';
import { RECEIPTS_BUCKET } from '../registrations/registrations.service.ts';

export const EVENT_FILES_BUCKET = 'event-files';
export const IMAGES_BUCKET = 'images';
/** Signed URLs for files live 10 minutes. */
export const SIGNED_URL_SECONDS = 10 * 60;

async function signedOrNull(storage: Storage, bucket: string, path: string): Promise<string | null> {
  try {
    return await storage.signedUrl(bucket, path, SIGNED_URL_SECONDS);
  } catch (error) {
    // Listed but gone from storage: the same 404 as an unknown file, not a 500.
    if (isMissingObject(error)) return null;
    throw error;
  }
}

/**
 * A signed URL for a receipt: a path some payment attempt carries (`request_data.receipt`), of the
 * given member's own registration unless `ownerId` is null (staff). Null when it is none of those.
 */
export async function receiptSignedUrl(
  db: Db,
  storage: Storage,
  path: string,
  ownerId: string | null,
): Promise<string | null> {
  let query = qb
    .selectFrom('registration_confirmations as c')
    .innerJoin('registrations as r', 'r.id', 'c.registration_id')
    .select('c.id')
    .where(sql<boolean>`c.request_data->>'receipt' = ${path}`)
    .limit(1);
  if (ownerId) query = query.where('r.user_id', '=', ownerId);
  if (!(await runOneOrNull(db, query))) return null;
  return signedOrNull(storage, RECEIPTS_BUCKET, path);
}

/** A signed URL for a file listed on a non-deleted event, or null when the path is not one or the object is missing. */
export async function eventFileSignedUrl(db: Db, storage: Storage, path: string): Promise<string | null> {
  const listed = await runOneOrNull(
    db,
    qb
      .selectFrom('event_files as f')
      .innerJoin('events as e', 'e.id', 'f.event_id')
      .select('f.path')
      .where('f.path', '=', path)
      .where('e.deleted_at', 'is', null)
      .limit(1),
  );
  if (!listed) return null;
  return signedOrNull(storage, EVENT_FILES_BUCKET, path);
}
