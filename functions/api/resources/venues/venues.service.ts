import type { VenueBody } from '../../../../src/domain/event-editor.ts';
import type { Venue } from '../../../../src/domain/types.ts';
import { qb, run, runOneOrNull } from '../../db/kysely.ts';
import { notFound } from '../../lib/errors.ts';
import type { Db } from '../../ports/db.ts';

const columns = ['id', 'name', 'address', 'image', 'room'] as const;

// numeric(9,6) arrives as text from both drivers: a number for the API
const toVenue = (
  r: { lat: string | number | null; lng: string | number | null } & Omit<Venue, 'lat' | 'lng'>,
) => ({
  ...r,
  lat: r.lat === null ? null : Number(r.lat),
  lng: r.lng === null ? null : Number(r.lng),
});

/** Venues not deleted, by name (the editor's choices). */
export async function listVenues(db: Db): Promise<Venue[]> {
  const rows = await run(
    db,
    qb
      .selectFrom('venues')
      .select([...columns, 'lat', 'lng'])
      .where('deleted_at', 'is', null)
      .orderBy('name')
      .orderBy('id'),
  );
  return rows.map(toVenue);
}

/** Insert, or update the venue with `id` (product-spec.md §7: upsert returning the row). */
export async function upsertVenue(db: Db, body: VenueBody): Promise<Venue> {
  const values = {
    name: body.name,
    address: body.address,
    lat: String(body.lat),
    lng: String(body.lng),
    image: body.image ?? null,
    room: body.room ?? null,
  };
  const row = body.id
    ? await runOneOrNull(
        db,
        qb
          .updateTable('venues')
          .set(values)
          .where('id', '=', body.id)
          .where('deleted_at', 'is', null)
          .returning([...columns, 'lat', 'lng']),
      )
    : await runOneOrNull(
        db,
        qb
          .insertInto('venues')
          .values(values)
          .returning([...columns, 'lat', 'lng']),
      );
  if (!row) throw notFound('VENUE_NOT_FOUND');
  return toVenue(row);
}
