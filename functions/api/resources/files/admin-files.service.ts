/**
 * Uploads of the event editor (write_events): event and speaker images to the public `images`
 * bucket (product-spec.md §7: POST/DELETE /v1/admin/files), and event files (PDF or image) to the private
 * `event-files` bucket, listed on the event. Types are sniffed from the bytes; names are ours.
 */
import { exec, qb, runOneOrNull } from '../../db/kysely.ts';
import { ApiHttpError, notFound } from '../../lib/errors.ts';
import { EXTENSION, sniffEventFile, sniffImage } from '../../lib/file-types.ts';
import type { Db } from '../../ports/db.ts';
import { isMissingObject } from '../../ports/http.ts';
import type { Storage } from '../../ports/index.ts';
import { EVENT_FILES_BUCKET, IMAGES_BUCKET } from './files.service.ts';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_EVENT_FILE_BYTES = 10 * 1024 * 1024;

export const IMAGE_FOLDERS = { eventImage: 'events', speakerImage: 'speakers' } as const;
export type ImageKind = keyof typeof IMAGE_FOLDERS;

async function bytesOf(file: File, max: number): Promise<Uint8Array> {
  if (file.size > max) throw new ApiHttpError(413, 'TOO_LARGE');
  return new Uint8Array(await file.arrayBuffer());
}

/** Stores an image under events/ or speakers/ with a random name; answers its path. */
export async function uploadImage(storage: Storage, kind: ImageKind, file: File): Promise<string> {
  const bytes = await bytesOf(file, MAX_IMAGE_BYTES);
  const type = sniffImage(bytes);
  if (!type) throw new ApiHttpError(415, 'INVALID_IMAGE');
  const path = `${IMAGE_FOLDERS[kind]}/${crypto.randomUUID()}.${EXTENSION[type]}`;
  await storage.upload(IMAGES_BUCKET, path, bytes, type);
  return path;
}

/** Removes an image of that kind; an object already gone is not an error. */
export async function removeImage(storage: Storage, kind: ImageKind, path: string): Promise<void> {
  if (!path.startsWith(`${IMAGE_FOLDERS[kind]}/`)) throw new ApiHttpError(400, 'INVALID_DATA');
  try {
    await storage.remove(IMAGES_BUCKET, path);
  } catch (error) {
    if (!isMissingObject(error)) throw error;
  }
}

/** Stores an event file and lists it on the event; answers {name, path}. */
export async function addEventFile(
  db: Db,
  storage: Storage,
  eventId: string,
  name: string,
  file: File,
): Promise<{ name: string; path: string }> {
  const event = await runOneOrNull(
    db,
    qb.selectFrom('events').select('id').where('id', '=', eventId).where('deleted_at', 'is', null),
  );
  if (!event) throw notFound('EVENT_NOT_FOUND');
  const bytes = await bytesOf(file, MAX_EVENT_FILE_BYTES);
  const type = sniffEventFile(bytes);
  if (!type) throw new ApiHttpError(415, 'INVALID_EVENT_FILE');
  const path = `events/${eventId}/${crypto.randomUUID()}.${EXTENSION[type]}`;
  await storage.upload(EVENT_FILES_BUCKET, path, bytes, type);
  try {
    await exec(db, qb.insertInto('event_files').values({ event_id: eventId, name, path }));
  } catch (error) {
    await storage.remove(EVENT_FILES_BUCKET, path).catch(() => {});
    throw error;
  }
  return { name, path };
}

/** Unlists an event file and removes its object. */
export async function removeEventFile(
  db: Db,
  storage: Storage,
  eventId: string,
  path: string,
): Promise<void> {
  const row = await runOneOrNull(
    db,
    qb.deleteFrom('event_files').where('event_id', '=', eventId).where('path', '=', path).returning('id'),
  );
  if (!row) throw notFound('FILE_NOT_FOUND');
  try {
    await storage.remove(EVENT_FILES_BUCKET, path);
  } catch (error) {
    if (!isMissingObject(error)) throw error;
  }
}
