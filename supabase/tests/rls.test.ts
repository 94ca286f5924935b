import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Database, openMigratedDatabase } from '../../server/db.ts';
import { type PostgresCluster, startPostgres } from '../../tests/postgres/cluster.ts';
import { testPostgresUrl } from '../../tests/postgres/databases.ts';

/**
 * What `anon` and `authenticated` may select, insert, update and delete in every public table,
 * through `set role` and JWT claims as PostgREST does on Supabase. The API connects with a
 * privileged role; these policies are the second wall, for whoever holds the anon key.
 */

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const LIVE_EVENT = '00000000-0000-4000-8000-0000000000e1';
const DELETED_EVENT = '00000000-0000-4000-8000-0000000000e2';

/** Who reads how many fixture rows: `null` = the role may not read the table at all. */
type Reads = { anon: number | null; a: number | null };

/**
 * Every table in `public`, with what each role reads from the fixture below. A table missing here
 * fails the test: a new table comes with its RLS expectations.
 */
const TABLES: Record<string, Reads> = {
  temples: { anon: 1, a: 1 },
  profiles: { anon: null, a: 1 },
  roles: { anon: null, a: null },
  role_permissions: { anon: null, a: null },
  user_roles: { anon: null, a: null },
  events: { anon: 1, a: 1 },
  pricing_tiers: { anon: 1, a: 1 },
  tags: { anon: 1, a: 1 },
  speakers: { anon: 1, a: 1 },
  venues: { anon: 1, a: 1 },
  event_tags: { anon: 1, a: 1 },
  event_speakers: { anon: 1, a: 1 },
  event_venues: { anon: 1, a: 1 },
  event_files: { anon: 1, a: 1 },
  registrations: { anon: null, a: 1 },
  vouchers: { anon: null, a: null },
  registration_confirmations: { anon: null, a: 1 },
  payment_events: { anon: null, a: null },
  checkins: { anon: null, a: 1 },
  api_throttles: { anon: null, a: null },
  event_roster_keys: { anon: null, a: null },
  event_sessions: { anon: null, a: null },
  checkin_conflicts: { anon: null, a: 0 },
  door_sales: { anon: null, a: null },
  mail_outbox: { anon: null, a: null },
  audit_log: { anon: null, a: null },
  registration_groups: { anon: null, a: null },
  consents: { anon: null, a: 1 },
  refunds: { anon: null, a: null },
  event_questions: { anon: null, a: null },
  registration_answers: { anon: null, a: null },
  guardian_consents: { anon: null, a: null },
  waitlist_entries: { anon: null, a: null },
};

/** Two members (A, B), a live and a soft-deleted event with one of everything each. */
const FIXTURE = `
insert into auth.users (id, email, email_confirmed_at) values
  ('${A}', 'a@rls.test', now()), ('${B}', 'b@rls.test', now());
insert into public.temples (id, name) values ('00000000-0000-4000-8000-0000000000c1', 'Sede');
insert into public.profiles (id, name, email) values ('${A}', 'Ana A', 'a@rls.test'), ('${B}', 'Bia B', 'b@rls.test');
insert into public.user_roles (user_id, role) values ('${B}', 'admin');
insert into public.audit_log (actor_id, subject_id, action, details) values ('${B}', '${A}', 'role.grant', '{"role": "lider"}');
insert into public.consents (user_id, purpose, text_version) values ('${A}', 'congregation', 'v1'), ('${B}', 'congregation', 'v1');
insert into public.events (id, title, starts_at) values
  ('${LIVE_EVENT}', 'Vivo', now() + interval '1 day'),
  ('${DELETED_EVENT}', 'Apagado', now() + interval '1 day');
insert into public.pricing_tiers (id, event_id, name, price) values
  ('00000000-0000-4000-8000-0000000000f1', '${LIVE_EVENT}', 'Lote 1', 1000),
  ('00000000-0000-4000-8000-0000000000f2', '${DELETED_EVENT}', 'Lote 1', 1000);
insert into public.tags (id, name) values ('00000000-0000-4000-8000-0000000000a1', 'Geral'),
  ('00000000-0000-4000-8000-0000000000a2', 'Velha');
insert into public.speakers (id, name) values ('00000000-0000-4000-8000-0000000000b1', 'Pr. João'),
  ('00000000-0000-4000-8000-0000000000b2', 'Pr. Velho');
insert into public.venues (id, name, address) values ('00000000-0000-4000-8000-0000000000d1', 'Sede', 'Rua A, 1'),
  ('00000000-0000-4000-8000-0000000000d2', 'Velha', 'Rua B, 2');
update public.events set deleted_at = now() where id = '${DELETED_EVENT}';
update public.tags set deleted_at = now() where name = 'Velha';
update public.speakers set deleted_at = now() where name = 'Pr. Velho';
update public.venues set deleted_at = now() where name = 'Velha';
insert into public.event_tags (event_id, tag_id) values ('${LIVE_EVENT}', '00000000-0000-4000-8000-0000000000a1'),
  ('${DELETED_EVENT}', '00000000-0000-4000-8000-0000000000a1');
insert into public.event_speakers (event_id, speaker_id) values ('${LIVE_EVENT}', '00000000-0000-4000-8000-0000000000b1'),
  ('${DELETED_EVENT}', '00000000-0000-4000-8000-0000000000b1');
insert into public.event_venues (event_id, venue_id) values ('${LIVE_EVENT}', '00000000-0000-4000-8000-0000000000d1'),
  ('${DELETED_EVENT}', '00000000-0000-4000-8000-0000000000d1');
insert into public.event_files (event_id, name, path) values ('${LIVE_EVENT}', 'Programa', 'e1/programa.pdf'),
  ('${DELETED_EVENT}', 'Programa', 'e2/programa.pdf');
insert into public.registrations (id, user_id, tier_id, event_id, frozen_value, status) values
  ('00000000-0000-4000-8000-000000000101', '${A}', '00000000-0000-4000-8000-0000000000f1', '${LIVE_EVENT}', 1000, 'paid'),
  ('00000000-0000-4000-8000-000000000102', '${B}', '00000000-0000-4000-8000-0000000000f1', '${LIVE_EVENT}', 1000, 'paid');
insert into public.vouchers (code, event_id) values ('abcd1234', '${LIVE_EVENT}');
insert into public.registration_confirmations (registration_id, strategy, status) values
  ('00000000-0000-4000-8000-000000000101', 'cash', 'paid'),
  ('00000000-0000-4000-8000-000000000102', 'cash', 'paid');
insert into public.payment_events (provider, provider_id, status) values ('mercadopago', '1', 'approved');
insert into public.checkins (event_id, user_id, registration_id) values
  ('${LIVE_EVENT}', '${A}', '00000000-0000-4000-8000-000000000101'),
  ('${LIVE_EVENT}', '${B}', '00000000-0000-4000-8000-000000000102');
insert into public.waitlist_entries (tier_id, event_id, user_id, position) values
  ('00000000-0000-4000-8000-0000000000f1', '${LIVE_EVENT}', '${A}', 1);
`;

type Who = 'anon' | 'a';

const DENIED = Symbol('denied');

/** Runs `sql` as PostgREST would for `who` (role + JWT claims), then rolls back. */
async function as(database: Database, who: Who, sql: string): Promise<unknown[] | typeof DENIED> {
  const claims = who === 'anon' ? { role: 'anon' } : { role: 'authenticated', sub: A, aud: 'authenticated' };
  const role = who === 'anon' ? 'anon' : 'authenticated';
  const rollback = new Error('rollback');
  let rows: unknown[] | typeof DENIED = DENIED;
  try {
    await database.db.transaction(async (tx) => {
      await tx.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(claims)]);
      await tx.query(`set local role ${role}`);
      try {
        rows = await tx.query(sql);
      } catch (err) {
        // 42501 insufficient_privilege: no grant, or a policy refused a write
        if ((err as { code?: string }).code !== '42501') throw err;
        rows = DENIED;
      }
      throw rollback;
    });
  } catch (err) {
    if (err !== rollback) throw err;
  }
  return rows;
}

/** A write is refused when it raises 42501 or touches no row (RLS filters it silently). */
function refused(result: unknown[] | typeof DENIED): boolean {
  return result === DENIED || result.length === 0;
}

function rlsSuite(name: string, open: () => Promise<Database>) {
  describe(name, () => {
    let database: Database;

    beforeAll(async () => {
      database = await open();
      await database.exec(FIXTURE);
    });
    afterAll(async () => {
      await database?.close();
    });

    test('every public table has RLS enabled and an entry here', async () => {
      const rows = await database.db.query<{ relname: string; relrowsecurity: boolean }>(
        `select c.relname, c.relrowsecurity from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1`,
      );
      expect(rows.filter((r) => !r.relrowsecurity).map((r) => r.relname)).toEqual([]);
      expect(rows.map((r) => r.relname).sort()).toEqual(Object.keys(TABLES).sort());
    });

    for (const [table, reads] of Object.entries(TABLES)) {
      test(`${table}: anon and a member read only what they may`, async () => {
        for (const who of ['anon', 'a'] as const) {
          const result = await as(database, who, `select * from public.${table}`);
          const expected = reads[who];
          if (expected === null) expect(result, `${who} select ${table}`).toBe(DENIED);
          else expect(result === DENIED ? 'denied' : result.length, `${who} select ${table}`).toBe(expected);
        }
      });

      test(`${table}: anon and a member can neither update nor delete`, async () => {
        for (const who of ['anon', 'a'] as const) {
          // `where true`: every row the role could see is a candidate; none may change.
          const updated = await as(
            database,
            who,
            `update public.${table} set ${firstColumnAssignment(table)} where true returning 1`,
          );
          expect(refused(updated), `${who} update ${table}`).toBe(true);
          const deleted = await as(database, who, `delete from public.${table} where true returning 1`);
          expect(refused(deleted), `${who} delete ${table}`).toBe(true);
        }
      });

      test(`${table}: anon and a member cannot insert`, async () => {
        for (const who of ['anon', 'a'] as const) {
          const inserted = await as(database, who, `insert into public.${table} default values returning 1`);
          // Denied by privilege (42501) before any constraint is looked at.
          expect(inserted, `${who} insert ${table}`).toBe(DENIED);
        }
      });
    }

    test('a member reads their own registration, confirmation, check-in and profile, not B’s', async () => {
      for (const table of ['registrations', 'checkins']) {
        const rows = (await as(database, 'a', `select user_id from public.${table}`)) as {
          user_id: string;
        }[];
        expect(rows.map((r) => r.user_id)).toEqual([A]);
      }
      const profiles = (await as(database, 'a', 'select id from public.profiles')) as { id: string }[];
      expect(profiles.map((r) => r.id)).toEqual([A]);
      const consents = (await as(database, 'a', 'select user_id from public.consents')) as {
        user_id: string;
      }[];
      expect(consents.map((r) => r.user_id)).toEqual([A]);
      const confirmations = (await as(
        database,
        'a',
        'select registration_id from public.registration_confirmations',
      )) as { registration_id: string }[];
      expect(confirmations.map((r) => r.registration_id)).toEqual(['00000000-0000-4000-8000-000000000101']);
    });

    test('soft-deleted events, and what hangs from them, are hidden from everyone', async () => {
      for (const who of ['anon', 'a'] as const) {
        const events = (await as(database, who, 'select id from public.events')) as { id: string }[];
        expect(events.map((e) => e.id)).toEqual([LIVE_EVENT]);
        const tiers = (await as(database, who, 'select event_id from public.pricing_tiers')) as {
          event_id: string;
        }[];
        expect(tiers.map((t) => t.event_id)).toEqual([LIVE_EVENT]);
      }
    });
  });
}

/** `col = col`: a no-op value change that still needs the UPDATE privilege and a passing policy. */
function firstColumnAssignment(table: string): string {
  const column: Record<string, string> = {
    payment_events: 'status', // id is generated always
    roles: 'description',
    role_permissions: 'permission',
    user_roles: 'role',
    event_tags: 'event_id',
    event_speakers: 'event_id',
    event_venues: 'event_id',
    api_throttles: 'hits',
    event_roster_keys: 'key',
    registration_answers: 'value',
    guardian_consents: 'state',
  };
  const name = column[table] ?? 'id';
  return `${name} = ${name}`;
}

// PGlite in the integration project; PostgreSQL in the postgres project, on a database of its
// shared server (one server per run instead of one per file).
let cluster: PostgresCluster | null = null;
if (testPostgresUrl()) {
  rlsSuite('RLS on PostgreSQL', async () => {
    cluster = await startPostgres();
    return openMigratedDatabase({ url: cluster.url });
  });
  afterAll(async () => {
    await cluster?.stop();
  });
} else {
  rlsSuite('RLS on PGlite', () => openMigratedDatabase({}));
}
