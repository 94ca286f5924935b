/**
 * A public read under a crowd: `npm run bench -- public-reads [--n=1000]`
 * (tsx tests/bench/public-reads.ts).
 *
 * When registration for a big conference opens, thousands open the same event at once. This starts a
 * throwaway PostgreSQL (tests/postgres/cluster.ts), the real host on it (demo seed, no build needed)
 * and fires, from a child process (the crowd is not the host), N concurrent anonymous GETs of one event's detail (GET /functions/v1/api/v1/events/:id,
 * no token, gzip accepted, as a browser asks) over HTTP, then N more with the ETag of the first
 * answer in If-None-Match (a browser or CDN revalidating). Prints answers by status, p50 / p95 / max
 * latency, the wall time and the CPU time of each wave. Without a CDN in front every request reaches the host, so
 * these are the worst case: what the origin answers when the CDN has to ask it.
 *
 * Exit 1 when a wave has an answer that is not 200 (first wave) or 304 (revalidation).
 */
import { fork } from 'node:child_process';
import { get } from 'node:http';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
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
}

async function wave(url: string, headers: Record<string, string>): Promise<Wave> {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const started = performance.now();
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
  latencies.sort((a, b) => a - b);
  return { statuses, latencies, wall: performance.now() - started };
}

/**
 * A wave fired from a child process (this file with `--crowd`): the N phones are not the host, so
 * their sockets and parsing must not share the host's one thread or count as its CPU. Returns the
 * wave and the CPU time the host's process (zlib's threads too) used meanwhile.
 */
async function crowd(url: string, headers: Record<string, string>): Promise<Wave & { cpu: number }> {
  const child = fork(fileURLToPath(import.meta.url), ['--crowd', `--n=${N}`], {
    execArgv: ['--import', 'tsx'],
  });
  try {
    await new Promise((resolve) => child.once('message', resolve)); // ready
    const cpuAt = process.cpuUsage();
    child.send({ url, headers });
    const w = await new Promise<{ statuses: [number, number][]; latencies: number[]; wall: number }>(
      (resolve, reject) => {
        child.once('message', resolve as (m: unknown) => void);
        child.once('exit', () => reject(new Error('the crowd process ended without an answer')));
      },
    );
    const { user, system } = process.cpuUsage(cpuAt);
    return { ...w, statuses: new Map(w.statuses), cpu: (user + system) / 1000 };
  } finally {
    child.kill();
  }
}

function report(name: string, w: Wave & { cpu: number }) {
  const answers = [...w.statuses].map(([k, v]) => `${k}: ${v}`).join(', ');
  console.log(`  ${name}`);
  console.log(`    answers  ${answers}`);
  console.log(
    `    latency  p50 ${ms(pct(w.latencies, 50))}, p95 ${ms(pct(w.latencies, 95))}, max ${ms(w.latencies.at(-1)!)}`,
  );
  console.log(`    wall     ${ms(w.wall)} (${((N / w.wall) * 1000).toFixed(0)} requests/s)`);
  console.log(`    host cpu ${ms(w.cpu)} (less load-sensitive than the times)`);
}

if (process.argv.includes('--crowd')) {
  process.once('message', async ({ url, headers }: { url: string; headers: Record<string, string> }) => {
    const w = await wave(url, headers);
    process.send!({ ...w, statuses: [...w.statuses] });
  });
  process.send!('ready');
} else await main();

async function main() {
  const cluster = await startPostgres();
  let failed = false;
  try {
    const host = await createHost({
      port: 0,
      databaseUrl: cluster.url,
      dataDir: 'memory://',
      devHelpers: false,
      // N phones from one address: as if behind a proxy on this machine, whose connections the host
      // does not cap per address (server/tls.ts CONNECTION_LIMITS)
      trustProxy: ['127.0.0.1'],
    });
    try {
      const url = `${host.url}/functions/v1/api/v1/events/${DEMO_EVENTS.conference.id}`;
      const base = { 'accept-encoding': 'gzip, br' };
      const first = await request(url, base);
      const etag = typeof first.headers.etag === 'string' ? first.headers.etag : null;
      console.log(
        `public-reads on PostgreSQL (${new Date().toISOString()}, load average ${loadavg()[0]!.toFixed(2)}), ${N} concurrent GETs of one event`,
      );
      console.log(
        `  cache-control: ${first.headers['cache-control'] ?? '(none)'}; etag: ${etag ?? '(none)'}`,
      );
      // one warm-up wave of 50 (connections, JIT), not counted
      await Promise.all(Array.from({ length: 50 }, () => request(url, base)));
      const plain = await crowd(url, base);
      report('anonymous GET', plain);
      failed ||= plain.statuses.get(200) !== N;
      if (etag) {
        const revalidate = await crowd(url, { ...base, 'if-none-match': etag });
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
}
