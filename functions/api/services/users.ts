import { type AdminUser, USER_SEARCH_PAGE_SIZE } from '../../../src/domain/types.ts';
import { onlyDigits } from '../../../src/domain/validation.ts';
import type { Db } from '../ports/db.ts';

type Row = Omit<AdminUser, 'roles' | 'permissions'> & {
  roles: string[] | null;
  permissions: string[] | null;
};

/** Staff user search: name or e-mail containing the text, or the exact CPF/phone digits; by name. */
export async function searchUsers(
  db: Db,
  query: { q: string; templeId: string | null; page: number },
): Promise<AdminUser[]> {
  const like = `%${query.q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  const digits = onlyDigits(query.q);
  const rows = await db.query<Row>(
    `select p.id, p.name, p.email, p.phone, p.temple_id, t.name as temple_name,
            array_remove(array_agg(distinct ur.role), null) as roles,
            array_remove(array_agg(distinct rp.permission), null) as permissions
       from public.profiles p
       left join public.temples t on t.id = p.temple_id
       left join public.user_roles ur on ur.user_id = p.id
       left join public.role_permissions rp on rp.role = ur.role
      where ($1 = '' or p.name ilike $2 or p.email ilike $2 or ($3 <> '' and (p.cpf = $3 or p.phone = $3)))
        and ($4::uuid is null or p.temple_id = $4::uuid)
      group by p.id, t.name
      order by p.name, p.id
      limit $5 offset $6`,
    [query.q, like, digits, query.templeId, USER_SEARCH_PAGE_SIZE, query.page * USER_SEARCH_PAGE_SIZE],
  );
  return rows.map((r) => ({
    ...r,
    roles: r.roles ?? [],
    permissions: (r.permissions ?? []) as AdminUser['permissions'],
  }));
}
