import { sql } from 'kysely';
import { type AdminUser, type Permission, USER_SEARCH_PAGE_SIZE } from '../../../../src/domain/types.ts';
import { onlyDigits } from '../../../../src/domain/validation.ts';
import { qb, run } from '../../db/kysely.ts';
import type { Db } from '../../ports/db.ts';

export interface UserSearch {
  q: string;
  templeId: string | null;
  page: number;
}

/** The statement behind searchUsers: one row per profile with its roles and permissions aggregated. */
export function userSearchQuery(query: UserSearch) {
  const like = `%${query.q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  const digits = onlyDigits(query.q);
  let select = qb
    .selectFrom('profiles as p')
    .leftJoin('temples as t', 't.id', 'p.temple_id')
    .leftJoin('user_roles as ur', 'ur.user_id', 'p.id')
    .leftJoin('role_permissions as rp', 'rp.role', 'ur.role')
    .select([
      'p.id',
      'p.name',
      'p.email',
      'p.phone',
      'p.temple_id',
      't.name as temple_name',
      sql<string[]>`coalesce(array_remove(array_agg(distinct ur.role), null), '{}')`.as('roles'),
      sql<Permission[]>`coalesce(array_remove(array_agg(distinct rp.permission::text), null), '{}')`.as(
        'permissions',
      ),
    ])
    .groupBy(['p.id', 't.name'])
    .orderBy('p.name')
    .orderBy('p.id')
    .limit(USER_SEARCH_PAGE_SIZE)
    .offset(query.page * USER_SEARCH_PAGE_SIZE);
  if (query.q !== '') {
    select = select.where((eb) =>
      eb.or([
        eb('p.name', 'ilike', like),
        eb('p.email', 'ilike', like),
        ...(digits ? [eb('p.cpf', '=', digits), eb('p.phone', '=', digits)] : []),
      ]),
    );
  }
  if (query.templeId) select = select.where('p.temple_id', '=', query.templeId);
  return select;
}

/** Staff user search: name or e-mail containing the text, or the exact CPF/phone digits; by name. */
export async function searchUsers(db: Db, query: UserSearch): Promise<AdminUser[]> {
  return run(db, userSearchQuery(query));
}
