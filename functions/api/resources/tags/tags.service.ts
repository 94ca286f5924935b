import type { TagBody } from '../../../../src/domain/event-editor.ts';
import type { Tag } from '../../../../src/domain/types.ts';
import { qb, run, runOneOrNull } from '../../db/kysely.ts';
import { notFound } from '../../lib/errors.ts';
import type { Db } from '../../ports/db.ts';

const columns = ['id', 'name', 'color', 'is_general'] as const;

/** Tags not deleted, by name. */
export async function listTags(db: Db): Promise<Tag[]> {
  return run(
    db,
    qb.selectFrom('tags').select(columns).where('deleted_at', 'is', null).orderBy('name').orderBy('id'),
  );
}

/** Insert, or update the tag with `id`; a name already used answers TAG_NAME_TAKEN (pg-errors). */
export async function upsertTag(db: Db, body: TagBody): Promise<Tag> {
  const values = { name: body.name, color: body.color };
  const row = body.id
    ? await runOneOrNull(
        db,
        qb
          .updateTable('tags')
          .set(values)
          .where('id', '=', body.id)
          .where('deleted_at', 'is', null)
          .returning(columns),
      )
    : await runOneOrNull(db, qb.insertInto('tags').values(values).returning(columns));
  if (!row) throw notFound('TAG_NOT_FOUND');
  return row;
}
