import type { SpeakerBody } from '../../../../src/domain/event-editor.ts';
import type { Speaker } from '../../../../src/domain/types.ts';
import { qb, run, runOneOrNull } from '../../db/kysely.ts';
import { notFound } from '../../lib/errors.ts';
import type { Db } from '../../ports/db.ts';

const columns = ['id', 'name', 'details', 'image'] as const;

/** Speakers not deleted, by name. */
export async function listSpeakers(db: Db): Promise<Speaker[]> {
  return run(
    db,
    qb.selectFrom('speakers').select(columns).where('deleted_at', 'is', null).orderBy('name').orderBy('id'),
  );
}

/** Insert, or update the speaker with `id`. */
export async function upsertSpeaker(db: Db, body: SpeakerBody): Promise<Speaker> {
  const values = { name: body.name, details: body.details ?? null, image: body.image };
  const row = body.id
    ? await runOneOrNull(
        db,
        qb
          .updateTable('speakers')
          .set(values)
          .where('id', '=', body.id)
          .where('deleted_at', 'is', null)
          .returning(columns),
      )
    : await runOneOrNull(db, qb.insertInto('speakers').values(values).returning(columns));
  if (!row) throw notFound('SPEAKER_NOT_FOUND');
  return row;
}
