/**
 * The staff list (`GET /v1/admin/confirmations`) on a real PostgreSQL with ~10,000 payment attempts.
 * `npx tsx tests/bench/admin-confirmations.ts [--n=10000] [--runs=30]`
 *
 * Starts a throwaway PostgreSQL (tests/postgres/cluster.ts), applies the migrations and the demo
 * seed, adds `n` members with one registration and one attempt each (methods and statuses mixed as
 * in real use, names with accents), ANALYZEs, then times the list's statement through the API's
 * service (postgres.js, as on Supabase) for each screen filter: first page, a page deep in 'Ver
 * tudo' by cursor, 'Nome ou email', event. Prints p50/p95/max in ms and the plan of the slowest.
 */
import { performance } from 'node:perf_hooks';
import { listAdminConfirmations } from '../../functions/api/resources/admin-confirmations/admin-confirmations.service.ts';
import { openMigratedDatabase } from '../../server/db.ts';
import { DEMO_EVENTS, DEMO_TIERS } from '../../server/seed/demo.ts';
import { seed } from '../../server/seed/index.ts';
import type { AdminConfirmationFilter } from '../../src/domain/admin-registrations.ts';
import { startPostgres } from '../postgres/cluster.ts';

const option = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const N = Number(option('n') ?? 10_000);
const RUNS = Number(option('runs') ?? 30);

const cluster = await startPostgres();
const database = await openMigratedDatabase({ url: cluster.url });
const db = database.db;
try {
  await seed(db, { now: new Date(), hashPassword: async () => 'x', putObject: async () => {} });
  const t0 = performance.now();
  // n members: auth user, profile (accented names), a registration on one of three tiers and one attempt
  await db.query(
    `with people as (
       select i, gen_random_uuid() as uid, gen_random_uuid() as rid,
         (array['Ângela','João','Luíza','Márcio','Otávio','Conceição','Bruno','Carla','Débora','Érica'])[1 + i % 10]
           || ' ' || (array['Araújo','Gonçalves','Simões','Assunção','Brandão','Lima','Souza','Prado'])[1 + (i / 10) % 8]
           || ' ' || i as name,
         (array['file','cash','mp_pix','mp_card','link','voucher'])[1 + i % 6] as strategy,
         (array['analysis','pending','paid','expired','rejected','canceled','paid'])[1 + (i / 6) % 7] as status,
         (array[$2::uuid, $3::uuid, $4::uuid])[1 + i % 3] as tier
       from generate_series(1, $1::int) as i
     ), u as (
       insert into auth.users (id, email) select uid, 'bench' || i || '@exemplo.com' from people returning id
     ), p as (
       insert into public.profiles (id, name, email) select uid, name, 'bench' || i || '@exemplo.com' from people
       where uid in (select id from u) returning id
     ), r as (
       insert into public.registrations (id, user_id, tier_id, event_id, frozen_value, status, created_at)
       select rid, uid, tier, t.event_id, t.price, status, now() - (i || ' minutes')::interval
       from people join public.pricing_tiers t on t.id = people.tier
       where uid in (select id from p) returning id
     )
     insert into public.registration_confirmations (registration_id, strategy, status, request_data, created_at)
     select rid, strategy, status,
       case when strategy = 'file' then jsonb_build_object('receipt', rid::text || '/r.png') end,
       now() - (i || ' minutes')::interval
     from people where rid in (select id from r)`,
    [N, DEMO_TIERS.conferenceSecond.id, DEMO_TIERS.laterCouple.id, DEMO_TIERS.forcedEarly.id],
  );
  await db.query('analyze');
  const [count] = await db.query<{ n: number }>(
    'select count(*)::int as n from public.registration_confirmations',
  );
  const n = count?.n ?? 0;
  console.log(
    `PostgreSQL, ${n} confirmations (seeded in ${Math.round(performance.now() - t0)} ms), ${RUNS} runs each`,
  );

  const deepCursor = async (pages: number) => {
    let cursor: string | undefined;
    for (let i = 0; i < pages; i++)
      cursor = (await listAdminConfirmations(db, {}, cursor)).nextCursor ?? undefined;
    return cursor;
  };
  const cases: [string, AdminConfirmationFilter, string | undefined][] = [
    [
      "'Comprovantes em análise' (file + analysis), page 1",
      { status: 'analysis', paymentMethod: 'file' },
      undefined,
    ],
    ["'Pendentes em Pagamento presencial', page 1", { status: 'pending', paymentMethod: 'cash' }, undefined],
    ["'Pagos', page 1", { status: 'paid' }, undefined],
    ["'Ver tudo', page 1", {}, undefined],
    ["'Ver tudo', page 100 (cursor)", {}, await deepCursor(99)],
    ["'Nome ou email' = 'conceicao simoes'", { text: 'conceicao simoes' }, undefined],
    ["'Nome ou email' = 'bench77@'", { text: 'bench77@' }, undefined],
    ['event filter (Conferência), page 1', { eventId: DEMO_EVENTS.conference.id }, undefined],
  ];
  for (const [label, filter, cursor] of cases) {
    const times: number[] = [];
    let rows = 0;
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      rows = (await listAdminConfirmations(db, filter, cursor)).items.length;
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
    console.log(`${label}: ${rows} rows, p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms`);
  }
} finally {
  await database.close();
  await cluster.stop();
}
