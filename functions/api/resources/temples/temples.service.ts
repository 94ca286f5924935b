import type { Temple } from '../../../../src/domain/types.ts';
import { qb, run } from '../../db/kysely.ts';
import type { Db } from '../../ports/db.ts';

const collator = new Intl.Collator('pt-BR', { sensitivity: 'base' });

/** Temples where ours is true, by name (pt-BR collation, which the database may not have). */
export async function listTemples(db: Db): Promise<Temple[]> {
  const rows = await run(
    db,
    qb
      .selectFrom('temples')
      .select(['id', 'name', 'regional'])
      .where('ours', '=', true)
      .orderBy('name')
      .orderBy('id'),
  );
  return rows.sort((a, b) => collator.compare(a.name, b.name));
}
