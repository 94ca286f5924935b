/**
 * The staff reports on a real PostgreSQL: 50,000 registrations of one event from 300 congregations
 * in 5 regionals. `npm run bench -- reports [--n=50000] [--runs=30]`
 * (or `npx tsx tests/bench/reports.ts`).
 *
 * Starts a throwaway PostgreSQL (tests/postgres/cluster.ts, as the other benches), applies the
 * migrations and the demo seed, adds 300 congregations and `n` members, each with a registration on
 * the demo conference (statuses mixed as in real use) and one or two payment attempts, ANALYZEs,
 * then calls each report route through the real API app in-process (createApp over postgres.js;
 * tokens verified by a stand-in, so HTTP and JWT are not in the figures) as lider@ (permission
 * reports): the events, the summary, the locations, the attendees of a regional (10,000 rows) and
 * of a congregation. Then the attendees CSV of a regional: the API call plus building the file.
 * Budgets: each report call p95 ≤ 300 ms; the 10,000-row CSV ≤ 1 s. Exit code 1 when missed.
 * `--explain` prints the plans (EXPLAIN ANALYZE) of the summary, locations and regional statements.
 */
import { performance } from 'node:perf_hooks';
import {
  attendeesSql,
  EVENTS_SQL,
  LOCATIONS_SQL,
  SUMMARY_SQL,
} from '../../functions/api/resources/reports/reports.service.ts';
import { createTestApp } from '../../functions/api/testing/test-app.ts';
import { openMigratedDatabase } from '../../server/db.ts';
import { DEMO_EVENTS, DEMO_TIERS } from '../../server/seed/demo.ts';
import { seed } from '../../server/seed/index.ts';
import { type AttendeeRow, attendeesCsv } from '../../src/domain/reports.ts';
import { startPostgres } from '../postgres/cluster.ts';

const option = (name: string, fallback: number) =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const N = option('n', 50_000);
const RUNS = option('runs', 30);
const TEMPLES = 300;
const BATCH = 2_000;
const REGIONALS = 5;
const BUDGET = { callP95: 300, csv: 1000 };

const event = DEMO_EVENTS.conference.id;
const pct = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

const cluster = await startPostgres();
const database = await openMigratedDatabase({ url: cluster.url });
const failures: string[] = [];
try {
  const db = database.db;
  await seed(db, { now: new Date(), hashPassword: async () => 'x', putObject: async () => {} });
  const t0 = performance.now();
  await db.query(
    `insert into public.temples (name, regional)
     select 'Congregação ' || i, 'Regional ' || (1 + i % $2::int) from generate_series(1, $1::int) as i`,
    [TEMPLES, REGIONALS],
  );
  // n members: auth user, profile in one of the 300 congregations, a registration and 1–2 attempts;
  // in batches (each registration takes an advisory lock for its door code until its statement commits)
  for (let from = 1; from <= N; from += BATCH) {
    await db.query(
      `with temples as (
       select id, row_number() over (order by name) - 1 as k from public.temples where name like 'Congregação %'
     ), people as (
       select i, gen_random_uuid() as uid, gen_random_uuid() as rid,
         (array['Ângela','João','Luíza','Márcio','Otávio','Conceição','Bruno','Carla','Débora','Érica'])[1 + i % 10]
           || ' ' || (array['Araújo','Gonçalves','Simões','Assunção','Brandão','Lima','Souza','Prado'])[1 + (i / 10) % 8]
           || ' ' || i as name,
         (array['paid','paid','paid','pending','analysis','paid','rejected','expired','paid','canceled'])[1 + (i / 3) % 10] as status,
         (array['mp_pix','mp_card','file','cash','link','voucher'])[1 + i % 6] as strategy,
         i % $2::int as k
       from generate_series($5::int, least($1::int, $5::int + $6::int - 1)) as i
     ), u as (
       insert into auth.users (id, email) select uid, 'bench' || i || '@exemplo.com' from people returning id
     ), p as (
       insert into public.profiles (id, name, email, temple_id)
       select uid, name, 'bench' || i || '@exemplo.com', t.id from people join temples t using (k)
       where uid in (select id from u) returning id
     ), r as (
       insert into public.registrations (id, user_id, tier_id, event_id, frozen_value, status, created_at)
       select rid, uid, $3::uuid, $4::uuid, 4500, status, now() - (i || ' minutes')::interval
       from people where uid in (select id from p) returning id
     )
     insert into public.registration_confirmations (registration_id, strategy, status, created_at)
     select rid, strategy, status, now() - (i || ' minutes')::interval from people where rid in (select id from r)
     union all
     select rid, 'mp_pix', 'expired', now() - (i || ' minutes')::interval - interval '1 day'
       from people where i % 5 = 0 and rid in (select id from r)`,
      [N, TEMPLES, DEMO_TIERS.conferenceSecond.id, event, from, BATCH],
    );
  }
  await db.query('vacuum analyze');
  const [count] = await db.query<{ n: number }>(
    'select count(*)::int as n from public.registrations where event_id = $1',
    [event],
  );
  console.log(
    `reports on PostgreSQL (${new Date().toISOString()}): ${count!.n} registrations of one event, ${TEMPLES} congregations in ${REGIONALS} regionals (seeded in ${Math.round(performance.now() - t0)} ms), ${RUNS} runs each`,
  );

  const t = createTestApp({ db });
  const token = t.tokenFor('lider');
  const [one] = await db.query<{ id: string }>(`select id from public.temples where name = 'Congregação 1'`);
  const timed = async (path: string) => {
    const at = performance.now();
    const res = await t.call(path, { token });
    const ms = performance.now() - at;
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return { ms, body: res.body };
  };
  const cases: [string, string][] = [
    ['events', '/v1/admin/reports/events'],
    ['summary (counts, pie, bar, congregations)', `/v1/admin/reports?event=${event}`],
    ['my-locations', `/v1/admin/reports/my-locations?event=${event}`],
    ['attendees of a regional', `/v1/admin/reports/atendees-per-location/Regional%201?event=${event}`],
    ['attendees of a congregation', `/v1/admin/reports/atendees-per-location/${one!.id}?event=${event}`],
  ];
  for (const [label, path] of cases) {
    await timed(path); // warm-up
    const times: number[] = [];
    let size = 0;
    for (let i = 0; i < RUNS; i++) {
      const { ms, body } = await timed(path);
      times.push(ms);
      size = Array.isArray(body) ? body.length : 1;
    }
    times.sort((a, b) => a - b);
    const p95 = pct(times, 0.95);
    console.log(
      `  ${label}: ${Array.isArray((await timed(path)).body) ? `${size} rows, ` : ''}p50 ${pct(times, 0.5).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms`,
    );
    if (p95 > BUDGET.callP95) failures.push(`${label} p95 ${p95.toFixed(0)} ms > ${BUDGET.callP95} ms`);
  }

  if (process.argv.includes('--explain')) {
    for (const [label, text, params] of [
      ['events', EVENTS_SQL, []],
      ['summary', SUMMARY_SQL, [event]],
      ['my-locations', LOCATIONS_SQL, [event]],
      [
        'attendees of a regional',
        attendeesSql({ kind: 'regional', name: 'Regional 1' }),
        [event, 'Regional 1'],
      ],
    ] as const) {
      const plan = await db.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${text}`, [
        ...params,
      ]);
      console.log(`\n  plan of ${label}:\n${plan.map((r) => `    ${r['QUERY PLAN']}`).join('\n')}`);
    }
  }

  // the attendees CSV of a regional: the API answer plus the file, as the screen builds it
  const csvTimes: number[] = [];
  const buildTimes: number[] = [];
  let rows = 0;
  let bytes = 0;
  for (let i = 0; i < Math.min(RUNS, 10); i++) {
    const at = performance.now();
    const { body } = await timed(cases[3]![1]);
    const built = performance.now();
    const csv = attendeesCsv(body as AttendeeRow[]);
    const end = performance.now();
    csvTimes.push(end - at);
    buildTimes.push(end - built);
    rows = (body as AttendeeRow[]).length;
    bytes = new TextEncoder().encode(csv).length;
  }
  csvTimes.sort((a, b) => a - b);
  buildTimes.sort((a, b) => a - b);
  const worst = csvTimes.at(-1)!;
  console.log(
    `  attendees CSV of a regional: ${rows} rows, ${(bytes / 1024).toFixed(0)} KiB; API + file p50 ${pct(csvTimes, 0.5).toFixed(0)} ms, max ${worst.toFixed(0)} ms (building the file alone p50 ${pct(buildTimes, 0.5).toFixed(0)} ms)`,
  );
  if (rows < 10_000 && N >= 50_000) failures.push(`the regional has ${rows} rows, expected 10,000`);
  if (worst > BUDGET.csv) failures.push(`attendees CSV ${worst.toFixed(0)} ms > ${BUDGET.csv} ms`);
} finally {
  await database.close();
  await cluster.stop();
}
console.log(failures.length ? `\nFAIL:\n  ${failures.join('\n  ')}` : '\nAll report budgets met.');
process.exit(failures.length ? 1 : 0);
