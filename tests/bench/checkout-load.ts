/**
 * Checkout under load: `npm run bench -- checkout-load [--n=2000] [--places=100]`.
 *
 * Starts a throwaway PostgreSQL (as the postgres test project does), migrates it, and fires N
 * concurrent checkouts by distinct members at one tier of P places through the real API app
 * (in-process: createApp over the postgres.js Db port, tokens verified by a stand-in, so the figures
 * are the API and the database, not HTTP or JWT). Prints attempts, places sold, answers by status,
 * p50/p95/max latency and the wall time; then checks that exactly P registrations hold a place and
 * `available` is 0. Exit 1 when the tier was oversold or undersold.
 */
import { performance } from 'node:perf_hooks';
import { makeEvent, makeUsers, tierAvailable } from '../../functions/api/testing/checkout-fixtures.ts';
import { createTestApp } from '../../functions/api/testing/test-app.ts';
import { openMigratedDatabase } from '../../server/db.ts';
import { startPostgres } from '../postgres/cluster.ts';

const option = (name: string, fallback: number) =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const N = option('n', 2000);
const PLACES = option('places', 100);

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

const cluster = await startPostgres();
const database = await openMigratedDatabase({ url: cluster.url });
let failed = false;
try {
  const db = database.db;
  const fx = await makeEvent(db, { total: PLACES, price: 2500 });
  const users = await makeUsers(db, N);
  const t = createTestApp({ db });
  const tokens = users.map((id) => t.tokenFor({ id }));

  const latencies: number[] = [];
  const statuses = new Map<string, number>();
  const started = performance.now();
  await Promise.all(
    tokens.map(async (token) => {
      const at = performance.now();
      const res = await t.call(`/v1/checkout/${fx.eventId}/${fx.tierId}`, {
        token,
        json: { tierId: fx.tierId, paymentMethod: 'cash' },
      });
      latencies.push(performance.now() - at);
      const key = `${res.status}${res.body?.code ? ` ${res.body.code}` : ''}`;
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
    }),
  );
  const wall = performance.now() - started;
  latencies.sort((a, b) => a - b);
  const [active] = await db.query<{ n: number }>(
    `select count(*)::int as n from registrations where tier_id = $1 and status in ('pending', 'analysis', 'paid')`,
    [fx.tierId],
  );
  const available = await tierAvailable(db, fx.tierId);
  const ms = (x: number) => `${x.toFixed(0)} ms`;
  console.log(`checkout-load on PostgreSQL (${new Date().toISOString()})`);
  console.log(`  attempts ${N} (distinct members, concurrent), places ${PLACES}`);
  console.log(`  answers  ${[...statuses].map(([k, v]) => `${k}: ${v}`).join(', ')}`);
  console.log(`  sold     ${active!.n} registrations holding a place, available now ${available}`);
  console.log(
    `  latency  p50 ${ms(pct(latencies, 50))}, p95 ${ms(pct(latencies, 95))}, max ${ms(latencies.at(-1)!)}`,
  );
  console.log(`  wall     ${ms(wall)} (${((N / wall) * 1000).toFixed(0)} checkouts/s)`);
  failed = active!.n !== PLACES || available !== 0;
  if (failed) console.error('  FAILED: the tier was not sold exactly to its places');
} finally {
  await database.close();
  await cluster.stop();
}
process.exit(failed ? 1 : 0);
