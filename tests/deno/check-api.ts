#!/usr/bin/env node
// Type-checks the API's Deno entry and boots it under Deno, then asserts GET /api/health.
// The entry connects to Postgres lazily, so no database is needed for this check.
// npm: packages are fetched from the npm registry once and cached in node_modules/.cache/deno.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

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
function ok(name) {
  passed++;
  console.log(`✓ ${name}`);
}
function fail(name, detail) {
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
  new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

const port = await freePort();
const child = spawn(deno, ['run', '--allow-net', '--allow-env', '--allow-read', '--config', config, entry], {
  cwd: root,
  env: {
    ...env,
    PORT: String(port),
    SUPABASE_URL: 'http://127.0.0.1:9',
    SUPABASE_ANON_KEY: 'anon',
    SUPABASE_SERVICE_ROLE_KEY: 'service',
    SUPABASE_DB_URL: 'postgres://postgres:postgres@127.0.0.1:9/postgres',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
let output = '';
child.stdout.on('data', (d) => {
  output += d;
});
child.stderr.on('data', (d) => {
  output += d;
});
let exited = false;
child.on('exit', () => {
  exited = true;
});

const base = `http://127.0.0.1:${port}`;
async function waitForHealth(timeoutMs) {
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
  }
} finally {
  child.kill('SIGTERM');
}
finish();
