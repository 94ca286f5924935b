/**
 * A public read under a crowd: `npm run bench -- public-reads [--n=1000]`
 * (tsx tests/bench/public-reads.ts).
 *
 * When registration for a big conference opens, thousands open the same event at once. This starts a
 * throwaway PostgreSQL (tests/postgres/cluster.ts), the real host on it (demo seed, no build needed)
 * and fires N concurrent anonymous GETs of one event's detail (GET /functions/v1/api/v1/events/:id,
 * no token, gzip accepted, as a browser asks) over HTTP, then N more with the ETag of the first
 * answer in If-None-Match (a browser or CDN revalidating). Prints answers by status, p50 / p95 / max
 * latency, the wall time and the CPU time of each wave. Without a CDN in front every request reaches the host, so
 * these are the worst case: what the origin answers when the CDN has to ask it.
 *
 * Exit 1 when a wave has an answer that is not 200 (first wave) or 304 (revalidation).
 */
import { get } from 'node:http';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { createHost } from '../../server/host.ts';
import { DEMO_EVENTS } from '../../server/seed/demo.ts';
import { startPostgres } from '../postgres/cluster.ts';

const option = (name: string, fallback: number) =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const N = option('n', 1000);

/** One GET on a connection of its own (as N phones would open): its status, headers and body read. */
function request(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    const req = get(url, { headers, agent: false }, (res) => {
      res.on('data', () => undefined);
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const ms = (x: number) => `${x.toFixed(0)} ms`;

interface Wave {
  statuses: Map<number, number>;
  latencies: number[];
  wall: number;
  /** CPU time this process (host and client, zlib's threads too) used during the wave */
  cpu: number;
}

async function wave(url: string, headers: Record<string, string>): Promise<Wave> {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const started = performance.now();
  const cpuAt = process.cpuUsage();
  await Promise.all(
    Array.from({ length: N }, async () => {
      const at = performance.now();
      let status = 0;
      try {
        status = (await request(url, headers)).status;
      } catch {
        status = 0; // refused or reset: counted as 0
      }
      latencies.push(performance.now() - at);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }),
  );
  const wall = performance.now() - started;
  const { user, system } = process.cpuUsage(cpuAt);
  latencies.sort((a, b) => a - b);
  return { statuses, latencies, wall, cpu: (user + system) / 1000 };
}

function report(name: string, w: Wave) {
  const answers = [...w.statuses].map(([k, v]) => `${k}: ${v}`).join(', ');
  console.log(`  ${name}`);
  console.log(`    answers  ${answers}`);
  console.log(
    `    latency  p50 ${ms(pct(w.latencies, 50))}, p95 ${ms(pct(w.latencies, 95))}, max ${ms(w.latencies.at(-1)!)}`,
  );
  console.log(`    wall     ${ms(w.wall)} (${((N / w.wall) * 1000).toFixed(0)} requests/s)`);
  console.log(`    cpu      ${ms(w.cpu)} (this process; less load-sensitive than the times)`);
}

const cluster = await startPostgres();
let failed = false;
try {
  const host = await createHost({
    port: 0,
    databaseUrl: cluster.url,
    dataDir: 'memory://',
    devHelpers: false,
  });
  try {
    const url = `${host.url}/functions/v1/api/v1/events/${DEMO_EVENTS.conference.id}`;
    const base = { 'accept-encoding': 'gzip, br' };
    const first = await request(url, base);
    const etag = typeof first.headers.etag === 'string' ? first.headers.etag : null;
    console.log(
      `public-reads on PostgreSQL (${new Date().toISOString()}, load average ${loadavg()[0]!.toFixed(2)}), ${N} concurrent GETs of one event`,
    );
    console.log(`  cache-control: ${first.headers['cache-control'] ?? '(none)'}; etag: ${etag ?? '(none)'}`);
    // one warm-up wave of 50 (connections, JIT), not counted
    await Promise.all(Array.from({ length: 50 }, () => request(url, base)));
    const plain = await wave(url, base);
    report('anonymous GET', plain);
    failed ||= plain.statuses.get(200) !== N;
    if (etag) {
      const revalidate = await wave(url, { ...base, 'if-none-match': etag });
      report('revalidation (If-None-Match)', revalidate);
      failed ||= revalidate.statuses.get(304) !== N;
    } else console.log('  revalidation: no ETag answered, nothing to revalidate with');
  } finally {
    await host.close();
  }
} finally {
  await cluster.stop();
}
if (failed) console.error('  FAILED: some answers were not 200 / 304');
process.exit(failed ? 1 : 0);
