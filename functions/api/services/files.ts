import type { Db } from '../ports/db.ts';
import { isMissingObject } from '../ports/http.ts';
import type { Storage } from '../ports/index.ts';

export const EVENT_FILES_BUCKET = 'event-files';
export const IMAGES_BUCKET = 'images';
/** Signed URLs for files live 10 minutes. */
export const SIGNED_URL_SECONDS = 10 * 60;

/** A signed URL for a file listed on a non-deleted event, or null when the path is not one or the object is missing. */
export async function eventFileSignedUrl(db: Db, storage: Storage, path: string): Promise<string | null> {
  const rows = await db.query(
    `select 1 from public.event_files f join public.events e on e.id = f.event_id
      where f.path = $1 and e.deleted_at is null`,
    [path],
  );
  if (rows.length === 0) return null;
  try {
    return await storage.signedUrl(EVENT_FILES_BUCKET, path, SIGNED_URL_SECONDS);
  } catch (error) {
    // Listed on the event but gone from storage: the same 404 as an unknown file, not a 500.
    if (isMissingObject(error)) return null;
    throw error;
  }
}
