/**
 * The user search and a person's page (`/admin/users`), roles granted and revoked by an admin, and
 * the staff password reset. Every change to a person is written to the audit in its transaction.
 */
import { sql } from 'kysely';
import { answerText } from '../../../../src/domain/questions.ts';
import {
  type AuditEntry,
  type PersonDetail,
  type PersonRegistration,
  type RoleInfo,
  type SeededRole,
  USER_SEARCH_PAGE_SIZE,
  type UserSearchPage,
  type UserSearchQuery,
} from '../../../../src/domain/staff.ts';
import type { Permission } from '../../../../src/domain/types.ts';
import { jsonArrayFrom, qb, run, runOneOrNull } from '../../db/kysely.ts';
import { ApiHttpError, conflict, notFound } from '../../lib/errors.ts';
import { iso } from '../../lib/rows.ts';
import { loadPermissions } from '../../middleware/auth.ts';
import type { Db } from '../../ports/db.ts';
import type { AuthAdmin } from '../../ports/index.ts';
import { readProfile } from '../accounts/accounts.service.ts';
import { type RegistrationAnswers, readAnswers } from '../questions/questions.service.ts';
import { STAFF_READ_ACTIONS, writeAudit } from './audit.ts';

/** At most this many words of a query are matched (each must appear). */
const MAX_WORDS = 5;

/**
 * `%word%` for LIKE, with LIKE's own characters escaped. A CPF or phone typed with a mask becomes its
 * digits, one number even when the mask has spaces ('(21) 99876-0005').
 */
export function searchPatterns(q: string): string[] {
  const masked = (w: string) => /^[\d.\-()/+]+$/.test(w) && /\d/.test(w);
  const parts = q.split(/\s+/).filter(Boolean);
  const digits = parts.filter(masked).join('').replace(/\D/g, '');
  const words = [...(digits ? [digits] : []), ...parts.filter((w) => !masked(w))].slice(0, MAX_WORDS);
  return words.map((w) => w.replace(/[\\%_]/g, (ch) => `\\${ch}`));
}

export async function isAdmin(db: Db, userId: string): Promise<boolean> {
  const row = await runOneOrNull(
    db,
    qb.selectFrom('user_roles').select('role').where('user_id', '=', userId).where('role', '=', 'admin'),
  );
  return row !== null;
}

/**
 * Whose people a staff member may search and open. Who registers people or confirms payments
 * (create_user, write_confirmations: secretaria, admin) sees everyone; who only reads them (a leader)
 * sees the people of their own congregation, and nobody when they have none.
 */
export async function peopleScope(
  db: Db,
  viewerId: string,
  permissions: readonly Permission[],
): Promise<{ temple: string | null } | 'all'> {
  if (permissions.includes('create_user') || permissions.includes('write_confirmations')) return 'all';
  const own = await runOneOrNull(
    db,
    qb.selectFrom('profiles').select('temple_id').where('id', '=', viewerId),
  );
  return { temple: own?.temple_id ?? null };
}

/**
 * GET /v1/admin/users/search: live profiles (deleted accounts left out) whose name, e-mail or phone
 * contain every word of `q` (case and accents ignored: the folded `search_text` column and its
 * trigram index), optionally of one congregation, sorted by name, 20 a page. A word of digits only
 * matches a whole CPF or a whole phone, never a fragment (a few digits must not list the CPFs that
 * contain them).
 */
export async function searchUsers(
  db: Db,
  query: UserSearchQuery,
  scope: { temple: string | null } | 'all' = 'all',
): Promise<UserSearchPage> {
  const patterns = searchPatterns(query.q);
  let base = qb.selectFrom('profiles as p').where('p.deleted_at', 'is', null);
  for (const pattern of patterns) {
    base = (
      /^\d+$/.test(pattern)
        ? base.where((eb) => eb.or([eb('p.cpf', '=', pattern), eb('p.phone', '=', pattern)]))
        : base.where(sql<boolean>`p.search_text like '%' || public.search_fold(${pattern}) || '%'`)
    ) as typeof base;
  }
  if (query.temple_id) base = base.where('p.temple_id', '=', query.temple_id);
  if (scope !== 'all') {
    base = (
      scope.temple ? base.where('p.temple_id', '=', scope.temple) : base.where(sql<boolean>`false`)
    ) as typeof base;
  }

  const offset = (query.page - 1) * USER_SEARCH_PAGE_SIZE;
  const [rows, count] = await Promise.all([
    run(
      db,
      base
        .leftJoin('temples as t', 't.id', 'p.temple_id')
        .select((eb) => [
          'p.id',
          'p.name',
          'p.email',
          'p.phone',
          'p.temple_id',
          't.name as temple_name',
          eb
            .selectFrom('user_roles as ur')
            .select(sql<string[]>`coalesce(array_agg(ur.role order by ur.role), '{}')`.as('roles'))
            .whereRef('ur.user_id', '=', 'p.id')
            .as('roles'),
        ])
        .orderBy('p.search_name')
        .orderBy('p.id')
        .limit(USER_SEARCH_PAGE_SIZE)
        .offset(offset),
    ),
    runOneOrNull(db, base.select(sql<number>`count(*)::int`.as('n'))),
  ]);
  return {
    items: rows.map((r) => ({ ...r, roles: r.roles ?? [] })),
    total: count?.n ?? 0,
    page: query.page,
    pageSize: USER_SEARCH_PAGE_SIZE,
  };
}

async function seededRoles(db: Db): Promise<RoleInfo[]> {
  const rows = await run(
    db,
    qb
      .selectFrom('roles as r')
      .select((eb) => [
        'r.name',
        'r.description',
        eb
          .selectFrom('role_permissions as rp')
          .select(sql<Permission[]>`coalesce(array_agg(rp.permission order by rp.permission), '{}')`.as('p'))
          .whereRef('rp.role', '=', 'r.name')
          .as('permissions'),
      ])
      .orderBy('r.name'),
  );
  return rows.map((r) => ({ ...r, permissions: r.permissions ?? [] }));
}

/** GET /v1/admin/users/:id: profile, roles, registrations with their attempts; for an admin the roles to grant and the audit. */
export async function personDetail(
  db: Db,
  viewerId: string,
  id: string,
  scope: { temple: string | null } | 'all' = 'all',
  /** the viewer may read sensitive answers (read_sensitive) */
  sensitive = false,
): Promise<PersonDetail> {
  const profile = await readProfile(db, id);
  if (!profile) throw notFound('USER_NOT_FOUND');
  if (scope !== 'all' && (!scope.temple || profile.temple_id !== scope.temple))
    throw notFound('USER_NOT_FOUND');
  const [roles, registrations, admin] = await Promise.all([
    run(db, qb.selectFrom('user_roles').select('role').where('user_id', '=', id).orderBy('role')),
    run(
      db,
      qb
        .selectFrom('registrations as r')
        .innerJoin('events as e', 'e.id', 'r.event_id')
        .innerJoin('pricing_tiers as t', 't.id', 'r.tier_id')
        .select((eb) => [
          'r.id',
          'r.seq',
          'r.status',
          'r.created_at',
          'r.event_id',
          'e.title as event_title',
          't.name as tier_name',
          'r.frozen_value',
          jsonArrayFrom(
            eb
              .selectFrom('registration_confirmations as c')
              .select(['c.id', 'c.strategy', 'c.status', 'c.created_at'])
              .whereRef('c.registration_id', '=', 'r.id')
              .orderBy('c.created_at', 'desc'),
          ).as('attempts'),
        ])
        .where('r.user_id', '=', id)
        .orderBy('r.created_at', 'desc'),
    ),
    isAdmin(db, viewerId),
  ]);
  const [availableRoles, audit] = admin ? await Promise.all([seededRoles(db), auditOf(db, id)]) : [[], null];
  // each registration's answers and a minor's consent, as the registrations review reads them
  const reader = { userId: viewerId, staff: true, sensitive };
  const read = await Promise.all(registrations.map((r) => readAnswers(db, r.id, reader, new Date())));
  return {
    profile,
    roles: roles.map((r) => r.role),
    registrations: registrations.map(
      (r, i): PersonRegistration => ({
        ...r,
        seq: r.seq,
        created_at: iso(r.created_at),
        attempts: r.attempts.map((a) => ({ ...a, created_at: iso(a.created_at) })),
        ...personAnswers(read[i]!),
      }),
    ),
    canManageRoles: admin,
    availableRoles,
    audit,
  };
}

/** A registration's answers as the person page lists them (answered questions only). */
function personAnswers(a: RegistrationAnswers): Pick<PersonRegistration, 'answers' | 'hidden' | 'guardian'> {
  return {
    answers: a.questions
      .filter((q) => a.answers[q.id] !== undefined)
      .map((q) => ({ question: q.label, text: answerText(q.kind, a.answers[q.id]), sensitive: q.sensitive })),
    hidden: a.hidden.length,
    guardian: a.guardian
      ? { name: a.guardian.guardian_name, state: a.guardian.state, decided_by: a.guardian.decided_by }
      : null,
  };
}

async function auditOf(db: Db, subjectId: string): Promise<AuditEntry[]> {
  const rows = await run(
    db,
    qb
      .selectFrom('audit_log as a')
      .leftJoin('profiles as p', 'p.id', 'a.actor_id')
      .select([
        'a.id',
        'a.action',
        'a.details',
        'a.client_ip',
        'a.created_at',
        'p.name as actor_name',
        'p.email as actor_email',
      ])
      .where('a.subject_id', '=', subjectId)
      .where('a.action', 'not in', [...STAFF_READ_ACTIONS])
      .orderBy('a.created_at', 'desc')
      .limit(100),
  );
  return rows.map((r) => ({
    ...r,
    details: (r.details ?? {}) as Record<string, unknown>,
    created_at: iso(r.created_at),
  }));
}

async function assertPerson(db: Db, id: string): Promise<void> {
  const row = await runOneOrNull(db, qb.selectFrom('profiles').select('id').where('id', '=', id));
  if (!row) throw notFound('USER_NOT_FOUND');
}

/** PUT /v1/admin/users/:id/roles/:role (admins only): grants a seeded role; audited when it changed something. */
export async function grantRole(
  db: Db,
  actorId: string,
  id: string,
  role: SeededRole,
  clientIp: string | null,
): Promise<{ roles: string[]; changed: boolean }> {
  return db.transaction(async (tx) => {
    await assertPerson(tx, id);
    const inserted = await run(
      tx,
      qb
        .insertInto('user_roles')
        .values({ user_id: id, role })
        .onConflict((oc) => oc.columns(['user_id', 'role']).doNothing())
        .returning('role'),
    );
    if (inserted.length) {
      await writeAudit(tx, { actorId, subjectId: id, action: 'role.grant', details: { role }, clientIp });
    }
    return { roles: await rolesOf(tx, id), changed: inserted.length > 0 };
  });
}

/** DELETE /v1/admin/users/:id/roles/:role (admins only): an admin never removes their own admin role. */
export async function revokeRole(
  db: Db,
  actorId: string,
  id: string,
  role: SeededRole,
  clientIp: string | null,
): Promise<{ roles: string[]; changed: boolean }> {
  if (id === actorId && role === 'admin') throw conflict('OWN_ADMIN_ROLE');
  return db.transaction(async (tx) => {
    await assertPerson(tx, id);
    const deleted = await run(
      tx,
      qb.deleteFrom('user_roles').where('user_id', '=', id).where('role', '=', role).returning('role'),
    );
    if (deleted.length) {
      await writeAudit(tx, { actorId, subjectId: id, action: 'role.revoke', details: { role }, clientIp });
    }
    return { roles: await rolesOf(tx, id), changed: deleted.length > 0 };
  });
}

async function rolesOf(db: Db, id: string): Promise<string[]> {
  const rows = await run(
    db,
    qb.selectFrom('user_roles').select('role').where('user_id', '=', id).orderBy('role'),
  );
  return rows.map((r) => r.role);
}

/**
 * POST /v1/admin/pwd-reset: sets the person's password, ends every session of theirs (refresh
 * tokens stop working; an access token already issued lives out its hour) and records it. The
 * person's permissions must all be held by the one resetting: otherwise a reset would let them sign
 * in as someone who may do more (a secretaria as a leader who reads reports).
 */
export async function resetPassword(
  db: Db,
  authAdmin: AuthAdmin,
  actorId: string,
  input: { email: string; pwd: string },
  clientIp: string | null,
): Promise<{ ok: true }> {
  const user = await authAdmin.findUserByEmail(input.email);
  if (!user) throw notFound('USER_NOT_FOUND');
  if (user.id !== actorId) {
    const [theirs, mine] = await Promise.all([loadPermissions(db, user.id), loadPermissions(db, actorId)]);
    if (theirs.some((p) => !mine.includes(p))) throw new ApiHttpError(403, 'PASSWORD_RESET_FORBIDDEN');
  }
  await authAdmin.updateUser(user.id, { password: input.pwd });
  await db.transaction(async (tx) => {
    await tx.query('delete from auth.sessions where user_id = $1', [user.id]);
    await writeAudit(tx, { actorId, subjectId: user.id, action: 'password.reset', clientIp });
  });
  return { ok: true };
}
