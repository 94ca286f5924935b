// Type-checks the API's Deno entry, then boots it under Deno against a throwaway PostgreSQL with the
// migrations and the demo seed, as on Supabase, and calls it over HTTP.
// npm: packages are fetched from the npm registry once and cached in node_modules/.cache/deno.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { signNotification } from '../../functions/api/adapters/mercadopago-signature.ts';
import { enqueueRegistrationMail } from '../../functions/api/mail/outbox.ts';
import { openMigratedDatabase } from '../../server/db.ts';
import { DEMO_EVENTS, DEMO_REGISTRATIONS } from '../../server/seed/demo.ts';
import { seed } from '../../server/seed/index.ts';
import { validationMessages } from '../../src/domain/messages/validation.ts';
import { startPostgres } from '../postgres/cluster.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const entry = 'functions/api/index.ts';
const config = 'functions/api/deno.json';
const localDeno = join(root, 'node_modules', '.bin', 'deno');
const deno = existsSync(localDeno) ? localDeno : 'deno';
const env = {
  ...process.env,
  DENO_DIR: process.env.DENO_DIR ?? join(root, 'node_modules', '.cache', 'deno'),
  NO_COLOR: '1',
};

let passed = 0;
let failed = 0;
function ok(name: string) {
  passed++;
  console.log(`✓ ${name}`);
}
function fail(name: string, detail?: string) {
  failed++;
  console.error(`✗ ${name}${detail ? `\n${detail}` : ''}`);
}
function finish() {
  console.log(`deno: ${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

// 1. deno check
const check = spawnSync(deno, ['check', '--config', config, entry], { cwd: root, env, encoding: 'utf8' });
if (check.status === 0) ok(`deno check ${entry}`);
else {
  fail(
    `deno check ${entry}`,
    `${check.stdout ?? ''}${check.stderr ?? ''}${check.error ? String(check.error) : ''}`,
  );
  finish();
}

// 2. boot under Deno and call it
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });

// The database Supabase would give the function: migrated and seeded with the demo data.
const cluster = await startPostgres();
const database = await openMigratedDatabase({ url: cluster.url });
await seed(database.db, {
  now: new Date(),
  hashPassword: async (pw) => `unused:${pw}`,
  putObject: async () => {},
});
// An e-mail waiting in the outbox, as a checkout would leave it (sent by the function below).
await database.db.transaction((tx) =>
  enqueueRegistrationMail(tx, {
    kind: 'registration_confirmed',
    registrationId: DEMO_REGISTRATIONS.membroConference.id,
  }),
);
await database.close();

const port = await freePort();

// A stand-in for an HTTP e-mail API (EMAIL_API=webhook): records what the function posts.
const relayed: { headers: Record<string, string | string[] | undefined>; body: Record<string, unknown> }[] =
  [];
const relay = createHttpServer((req, res) => {
  let data = '';
  req.on('data', (chunk) => {
    data += chunk;
  });
  req.on('end', () => {
    relayed.push({ headers: req.headers, body: JSON.parse(data || '{}') });
    res.writeHead(202, { 'content-type': 'application/json' });
    res.end('{}');
  });
});
await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', () => resolve()));
const relayUrl = `http://127.0.0.1:${(relay.address() as { port: number }).port}/send`;

// A stand-in for api.mercadopago.com: GET /v1/payments/77 answers an approved payment, so the
// webhook runs its whole path under Deno (Web Crypto signature, fetch adapter, payment_events).
const mercadoPago = createHttpServer((req, res) => {
  const known = req.url === '/v1/payments/77' && req.headers.authorization === 'Bearer deno-token';
  res.writeHead(known ? 200 : 404, { 'content-type': 'application/json' });
  res.end(
    JSON.stringify(
      known
        ? {
            id: 77,
            status: 'approved',
            status_detail: 'accredited',
            external_reference: 'x',
            transaction_amount: 1,
          }
        : { message: 'not found' },
    ),
  );
});
await new Promise<void>((resolve) => mercadoPago.listen(0, '127.0.0.1', () => resolve()));
const mercadoPagoUrl = `http://127.0.0.1:${(mercadoPago.address() as { port: number }).port}`;
const child: ChildProcess = spawn(
  deno,
  ['run', '--allow-net', '--allow-env', '--allow-read', '--config', config, entry],
  {
    cwd: root,
    env: {
      ...env,
      PORT: String(port),
      SUPABASE_URL: 'http://127.0.0.1:9',
      SUPABASE_ANON_KEY: 'anon',
      SUPABASE_SERVICE_ROLE_KEY: 'service',
      SUPABASE_DB_URL: cluster.url,
      MP_API_URL: mercadoPagoUrl,
      MP_ACCESS_TOKEN: 'deno-token',
      MP_WEBHOOK_SECRET: 'deno-secret',
      EMAIL_API: 'webhook',
      EMAIL_API_URL: relayUrl,
      EMAIL_FROM: 'Congrega <avisos@congrega.test>',
      SITE_URL: 'https://app.congrega.test',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  },
);
let output = '';
child.stdout?.on('data', (d) => {
  output += d;
});
child.stderr?.on('data', (d) => {
  output += d;
});
let exited = false;
child.on('exit', () => {
  exited = true;
});

const base = `http://127.0.0.1:${port}`;
async function waitForHealth(timeoutMs: number): Promise<Response | null> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !exited) {
    try {
      const res = await fetch(`${base}/api/health`);
      return res;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  return null;
}

try {
  const health = await waitForHealth(90_000);
  if (!health) {
    fail('GET /api/health under Deno', `the server did not answer\n${output}`);
  } else {
    const body = await health.json().catch(() => null);
    if (health.status === 200 && body?.ok === true) ok('GET /api/health under Deno → 200 {ok:true}');
    else fail('GET /api/health under Deno', `status ${health.status} body ${JSON.stringify(body)}`);

    const me = await fetch(`${base}/api/v1/me`);
    const meBody = await me.json().catch(() => null);
    if (me.status === 401 && meBody?.code === 'UNAUTHORIZED')
      ok('GET /api/v1/me without a token → 401 UNAUTHORIZED');
    else fail('GET /api/v1/me without a token', `status ${me.status} body ${JSON.stringify(meBody)}`);

    const pre = await fetch(`${base}/api/v1/me`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'GET' },
    });
    if (pre.status < 300 && pre.headers.get('access-control-allow-origin'))
      ok('OPTIONS preflight → CORS headers');
    else fail('OPTIONS preflight', `status ${pre.status}`);

    // Reads through postgres.js under Deno, as on Supabase: the seeded upcoming events, nested tiers.
    const upcoming = await fetch(`${base}/api/v1/events/upcoming`);
    const events = (await upcoming.json().catch(() => null)) as
      | { id: string; title: string; pricing_tiers?: unknown[] }[]
      | null;
    const seeded = Object.values(DEMO_EVENTS).map((e) => e.id);
    const read = Array.isArray(events) ? events.filter((e) => seeded.includes(e.id)) : [];
    if (upcoming.status === 200 && read.length > 0 && read.some((e) => (e.pricing_tiers?.length ?? 0) > 0))
      ok(`GET /api/v1/events/upcoming from PostgreSQL → ${read.length} seeded events with their tiers`);
    else fail('GET /api/v1/events/upcoming from PostgreSQL', `status ${upcoming.status} ${output}`);

    const one = read[0];
    const detail = one ? await fetch(`${base}/api/v1/events/${one.id}`) : null;
    const detailBody = (await detail?.json().catch(() => null)) as { title?: string } | null;
    if (detail?.status === 200 && detailBody?.title === one?.title)
      ok('GET /api/v1/events/:id from PostgreSQL → the same event');
    else fail('GET /api/v1/events/:id from PostgreSQL', `status ${detail?.status}`);

    // The validator middleware under Deno: the schema's pt-BR message, never valibot's English.
    const bad = await fetch(`${base}/api/v1/events?month=2026-13`);
    const badBody = (await bad.json().catch(() => null)) as { code?: string; message?: string } | null;
    if (
      bad.status === 400 &&
      badBody?.code === 'INVALID_DATA' &&
      badBody.message === validationMessages.month
    )
      ok('GET /api/v1/events?month=2026-13 → 400 INVALID_DATA in pt-BR');
    else fail('GET /api/v1/events?month=2026-13', `status ${bad.status} body ${JSON.stringify(badBody)}`);

    // The Mercado Pago webhook under Deno: a wrong signature is 401; a signed one re-reads the payment.
    const hook = async (signature: string) =>
      fetch(`${base}/api/v1/webhooks/mercadopago?data.id=77&type=payment`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-signature': signature, 'x-request-id': 'req-1' },
        body: JSON.stringify({ type: 'payment', action: 'payment.updated', data: { id: '77' } }),
      });
    const signed = await signNotification({
      secret: 'deno-secret',
      dataId: '77',
      requestId: 'req-1',
      now: new Date(),
    });
    const wrong = await hook(signed.replace(/v1=.{4}/, 'v1=0000'));
    const good = await hook(signed);
    const goodBody = (await good.json().catch(() => null)) as { received?: boolean; outcome?: string } | null;
    if (wrong.status === 401 && good.status === 200 && goodBody?.received && goodBody.outcome === 'ignored')
      ok('POST /api/v1/webhooks/mercadopago → 401 unsigned, 200 signed (payment re-read, recorded)');
    else
      fail(
        'POST /api/v1/webhooks/mercadopago',
        `status ${wrong.status}/${good.status} ${JSON.stringify(goodBody)} ${output}`,
      );

    // The outbox under Deno: the scheduler's drain (service key) posts the e-mail to the HTTP API once.
    const unauthorized = await fetch(`${base}/api/v1/mail/drain`, { method: 'POST' });
    const drain = await fetch(`${base}/api/v1/mail/drain`, {
      method: 'POST',
      headers: { authorization: 'Bearer service' },
    });
    const deadline = Date.now() + 10_000;
    while (relayed.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 500));
    const [mail] = relayed;
    const attachments = (mail?.body.attachments ?? []) as { filename?: string; contentBase64?: string }[];
    const ics = attachments[0]?.contentBase64
      ? Buffer.from(attachments[0].contentBase64, 'base64').toString()
      : '';
    if (
      unauthorized.status === 401 &&
      drain.status === 200 &&
      relayed.length === 1 &&
      mail?.body.subject === 'Inscrição confirmada: Conferência Jovem 2026' &&
      mail.body.to === 'membro@congrega.local' &&
      typeof mail.headers['idempotency-key'] === 'string' &&
      String(mail.body.text).includes('https://app.congrega.test/my-registrations/') &&
      ics.includes('DTSTART;TZID=America/Sao_Paulo:')
    )
      ok('POST /api/v1/mail/drain → the outbox e-mail posted once to EMAIL_API=webhook, with its .ics');
    else
      fail(
        'POST /api/v1/mail/drain',
        `status ${unauthorized.status}/${drain.status} relayed ${JSON.stringify(relayed).slice(0, 500)} ${output}`,
      );
  }
} finally {
  relay.close();
  mercadoPago.close();
  child.kill('SIGTERM');
  await cluster.stop();
}
finish();
