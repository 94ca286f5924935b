/**
 * The door benches' start-up (checkin.ts, door-sales.ts, live-attendance.ts): the build (made again
 * unless `--reuse` finds one), the real host (createHost, demo seed) serving it on a throwaway
 * PostgreSQL (tests/postgres/cluster.ts) or on in-memory PGlite, and a pt-BR Chromium page signed in
 * as a demo user.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { createHost, type Host } from '../../server/host.ts';
import { DEMO_PASSWORD } from '../../server/seed/demo.ts';
import { SYSTEM_CHROMIUM } from '../fixtures/system-chromium.ts';
import { startPostgres } from '../postgres/cluster.ts';

export const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));

/** Builds the app into dist/ unless `--reuse` is given and a build is there. */
export function ensureBuild(): void {
  if (process.argv.includes('--reuse') && existsSync(join(ROOT, 'dist/index.html'))) return;
  console.log('Building ...');
  execFileSync('npx', ['vite', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
}

/** The host on PostgreSQL (`postgres`) or in-memory PGlite; `stop` closes it and drops the cluster. */
export async function startDoorHost(opts: { postgres: boolean; distDir?: string }) {
  const cluster = opts.postgres ? await startPostgres() : null;
  const host = await createHost({
    port: 0,
    dataDir: 'memory://',
    devHelpers: true,
    ...(cluster ? { databaseUrl: cluster.url } : {}),
    ...(opts.distDir ? { distDir: opts.distDir } : {}),
  });
  return {
    host,
    async stop() {
      await host.close();
      await cluster?.stop();
    },
  };
}

/** System Chromium, a pt-BR context on the host, a page signed in by e-mail as `email` (on '/'). */
export async function signedInPage(host: Host, email: string) {
  const browser = await chromium.launch(SYSTEM_CHROMIUM);
  const context = await browser.newContext({
    baseURL: host.url,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  });
  const page = await context.newPage();
  await page.goto('/auth/login?method=email');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await page.waitForURL((u) => u.pathname === '/');
  return { browser, context, page };
}
