/**
 * What a phone stores to work offline, and how soon the door is ready without signal:
 * `npm run bench -- offline [--reuse | --dist=dir]` (also run by the default `npm run bench`, measureOffline).
 *
 * The real host (createHost, in-memory database, demo seed) serving the build, in system Chromium:
 * 1. Precached bytes per audience, read from Cache Storage once the service worker is installed:
 *    a guest who opened `/`; a member who also opened their registrations and a ticket; a door device
 *    that opened `/admin/checkin`. Each stored URL counted at its gzip -9 size from the build (what
 *    the wire carries) and at its stored size. Budget: 300 KiB gzip in the precache (guest or member).
 * 2. Door readiness on Slow 4G (DevTools preset: 562.5 ms latency, 1.44 Mbps down; CPU 4× slower)
 *    with a roster of 1,000 people, on a fresh device with a session: from opening `/admin/checkin`
 *    (event chosen as soon as it is offered) to 'Pronto para funcionar sem internet' (the app and the
 *    roster stored), and to the roster alone ('1000 inscritos neste aparelho').
 * 3. The ticket offline after a cold start: the member above (registrations and the ticket opened
 *    once, online), the network cut, five new tabs opening the ticket's address with the CPU 4×
 *    slower: from navigation start to its QR and manual code painted (the median; budget: 1 s), and
 *    to the app's own ticket in place of the copy the service worker served (src/lib/saved-page.ts).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { type Browser, type BrowserContext, chromium, type Page } from '@playwright/test';
import { createHost, type Host } from '../../server/host.ts';
import { DEMO_EVENTS, DEMO_PASSWORD, DEMO_REGISTRATIONS, DEMO_USERS } from '../../server/seed/demo.ts';
import { SYSTEM_CHROMIUM } from '../fixtures/system-chromium.ts';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const KiB = 1024;
export const OFFLINE_BUDGET = { precacheGzip: 300 * KiB, ticketOfflineMs: 1000 };
const ROSTER = 1000;
const TICKET_TABS = 5;
const EVENT = DEMO_EVENTS.happeningNow.id;
const kib = (bytes: number) => `${(bytes / KiB).toFixed(1)} KiB`;

export interface Stored {
  files: number;
  gzip: number;
  stored: number;
}
export interface OfflineFigures {
  precache: Stored;
  guest: Stored;
  member: Stored;
  door: Stored;
  doorRosterMs: number;
  doorReadyMs: number;
  /** Median of the cold tabs: the QR and its code painted (the saved copy's, where there is one). */
  ticketOfflineMs: number;
  /** Median of the cold tabs: the app's own ticket painted, replacing the saved copy. */
  ticketAppMs: number;
}

/**
 * A new tab opening the member's ticket (the context offline), CPU 4× slower: when the QR and its
 * code were painted (Element Timing: `elementtiming` in src/ui/ticket-qr.tsx), first (the saved copy
 * the service worker served, if any) and once the app's own replaced it.
 */
async function ticketInColdTab(context: BrowserContext): Promise<{ shown: number; app: number }> {
  const cold = await context.newPage();
  await cold.addInitScript(() => {
    const w = window as { painted?: { name: string; at: number }[]; copyGoneAt?: number };
    w.painted = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { identifier: string; renderTime: number })[])
        w.painted!.push({ name: e.identifier, at: e.renderTime });
    }).observe({ type: 'element', buffered: true });
    // a paint before the app replaced the saved copy was the copy's
    let copy = false;
    new MutationObserver((_, observer) => {
      const now = document.querySelector('#root > .saved-page') !== null;
      if (copy && !now) {
        w.copyGoneAt = performance.now();
        observer.disconnect();
      }
      copy ||= now;
    }).observe(document, { childList: true, subtree: true });
  });
  const cdp = await context.newCDPSession(cold);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cold.goto(`/my-registrations/${DEMO_REGISTRATIONS.membroConference.id}`);
  await cold.locator('#root > :not(.saved-page) [data-testid="manual-code"]').waitFor({ timeout: 30_000 });
  // both parts of the app's own ticket painted (a copy's paints come first)
  type Paint = { name: string; at: number };
  const read = () =>
    cold.evaluate(() => {
      const w = window as { painted?: Paint[]; copyGoneAt?: number };
      return { painted: w.painted ?? [], copyGoneAt: w.copyGoneAt ?? 0 };
    });
  const app = (r: Awaited<ReturnType<typeof read>>) => r.painted.filter((p) => p.at > r.copyGoneAt);
  const has = (list: Paint[]) => ['ticket-qr', 'ticket-code'].every((n) => list.some((p) => p.name === n));
  let r = await read();
  for (const start = Date.now(); !has(app(r)) && Date.now() - start < 30_000; r = await read())
    await cold.waitForTimeout(50);
  await cold.close();
  // the ticket is on screen when both its QR and its code are: the later of the two
  const shownBy = (list: Paint[]) =>
    Math.max(...['ticket-qr', 'ticket-code'].map((n) => list.find((p) => p.name === n)?.at ?? -1));
  const all = r.painted;
  const appPaints = app(r);
  return { shown: shownBy(all), app: shownBy(appPaints) };
}

/** Cache Storage of the page's origin: [cache, pathname, stored bytes] per entry. */
function cacheStorage(page: Page) {
  return page.evaluate(async () => {
    const rows: [string, string, number][] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const body = await (await cache.match(request))?.arrayBuffer();
        rows.push([name, new URL(request.url).pathname, body?.byteLength ?? 0]);
      }
    }
    return rows;
  });
}

function sizes(dist: string, rows: [string, string, number][], which: (cache: string) => boolean): Stored {
  let gzip = 0;
  let stored = 0;
  let files = 0;
  for (const [cache, path, bytes] of rows) {
    if (!which(cache)) continue;
    const file = join(dist, decodeURIComponent(path === '/' ? '/index.html' : path));
    files++;
    stored += bytes;
    gzip += existsSync(file) ? gzipSync(readFileSync(file), { level: 9 }).length : bytes;
  }
  return { files, gzip, stored };
}

async function installed(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
}

async function session(host: Host, email: string) {
  const res = await fetch(`${host.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', apikey: host.anonKey },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  return res.json();
}

/** A fresh device (context) already signed in as `email` (supabase-js's stored session). */
async function device(browser: Browser, host: Host, email: string | null) {
  const context = await browser.newContext({
    baseURL: host.url,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  });
  if (email) {
    const key = `sb-${new URL(host.url).hostname.split('.')[0]}-auth-token`;
    const value = JSON.stringify(await session(host, email));
    await context.addInitScript(
      ([k, v]) => {
        if (!localStorage.getItem(k!)) localStorage.setItem(k!, v!);
      },
      [key, value],
    );
  }
  return context;
}

export async function measureOffline(host: Host, dist: string): Promise<OfflineFigures> {
  // a roster of 1,000 on the event happening now
  const [{ n } = { n: 0 }] = await host.database.db.query<{ n: number }>(
    'select count(*)::int as n from public.registrations where event_id = $1',
    [EVENT],
  );
  await host.database.db.query(
    `with people as (
       insert into auth.users (id, aud, role, email, email_confirmed_at)
       select gen_random_uuid(), 'authenticated', 'authenticated', 'door' || i || '@congrega.local', now()
         from generate_series(1, $1::int) i returning id, email)
     , profiles as (
       insert into public.profiles (id, name, email, cpf)
       select id, 'Pessoa ' || split_part(email, '@', 1) || ' Teste', email,
              '1' || lpad((row_number() over ())::text, 10, '0') from people returning id)
     insert into public.registrations (user_id, tier_id, event_id, frozen_value, status)
     select p.id, t.id, $2, 0, 'paid' from profiles p,
       (select id from public.pricing_tiers where event_id = $2 limit 1) t`,
    [ROSTER - n, EVENT],
  );

  const browser = await chromium.launch(SYSTEM_CHROMIUM);
  try {
    // 1. what each audience stores
    const guestContext = await device(browser, host, null);
    const guest = await guestContext.newPage();
    await guest.goto('/');
    await installed(guest);
    const guestRows = await cacheStorage(guest);
    await guestContext.close();

    const memberContext = await device(browser, host, DEMO_USERS.membro.email);
    const member = await memberContext.newPage();
    await member.goto('/');
    await installed(member);
    await member.reload();
    await member.goto('/my-registrations');
    await member.getByRole('heading', { level: 1 }).first().waitFor();
    await member.goto(`/my-registrations/${DEMO_REGISTRATIONS.membroConference.id}`);
    await member.getByTestId('manual-code').waitFor();
    // the member stays on it a moment: the page is kept as drawn (src/lib/saved-page.ts)
    await member.waitForFunction(() =>
      caches
        .open('saved-pages')
        .then((cache) => cache.match(location.pathname))
        .then(Boolean),
    );
    const memberRows = await cacheStorage(member);
    await member.close();

    // 3. the ticket, offline, in new tabs: the median of five
    await memberContext.setOffline(true);
    const tabs: { shown: number; app: number }[] = [];
    for (let i = 0; i < TICKET_TABS; i++) tabs.push(await ticketInColdTab(memberContext));
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const ticketOfflineMs = median(tabs.map((t) => t.shown));
    const ticketAppMs = median(tabs.map((t) => t.app));
    await memberContext.close();

    // 2. the door on Slow 4G, 1,000 people, fresh device
    const doorContext = await device(browser, host, DEMO_USERS.voluntario.email);
    const door = await doorContext.newPage();
    const cdp = await doorContext.newCDPSession(door);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 562.5,
      downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8,
      uploadThroughput: (750 * 1024 * 0.9) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const t0 = Date.now();
    await door.goto('/admin/checkin');
    const select = door.getByLabel('Escolha o evento');
    await select.locator(`option[value="${EVENT}"]`).waitFor({ state: 'attached', timeout: 120_000 });
    await select.selectOption(EVENT);
    await door.getByText(`${ROSTER} inscritos neste aparelho`).waitFor({ timeout: 180_000 });
    const doorRosterMs = Date.now() - t0;
    await door
      .getByTestId('door-readiness')
      .filter({ hasText: /^Pronto para funcionar sem internet/ })
      .waitFor({ timeout: 300_000 });
    const doorReadyMs = Date.now() - t0;
    const doorRows = await cacheStorage(door);
    await doorContext.close();

    const precache = (c: string) => c.includes('precache');
    const app = (c: string) => c.includes('precache') || c === 'assets';
    return {
      precache: sizes(dist, guestRows, precache),
      guest: sizes(dist, guestRows, app),
      member: sizes(dist, memberRows, app),
      door: sizes(dist, doorRows, app),
      doorRosterMs,
      doorReadyMs,
      ticketOfflineMs,
      ticketAppMs,
    };
  } finally {
    await browser.close();
  }
}

export function reportOffline(f: OfflineFigures): string[] {
  const row = (name: string, s: Stored) =>
    `    ${name.padEnd(44)} ${String(s.files).padStart(3)} files ${kib(s.gzip).padStart(11)} gzip ${kib(s.stored).padStart(11)} stored`;
  console.log('\nOffline: Cache Storage after the service worker installed (app code; images apart)');
  console.log(row('precache (every visitor)', f.precache));
  console.log(row('guest: / opened', f.guest));
  console.log(row('member: + registrations and a ticket opened', f.member));
  console.log(row('door device: /admin/checkin opened', f.door));
  console.log(
    `  Door on Slow 4G + 4× CPU, ${ROSTER} people, fresh device: roster stored in ${(f.doorRosterMs / 1000).toFixed(1)} s, 'Pronto para funcionar sem internet' in ${(f.doorReadyMs / 1000).toFixed(1)} s`,
  );
  console.log(
    `  Ticket offline, new tab, 4× CPU (median of ${TICKET_TABS}): QR and manual code painted ${Math.round(f.ticketOfflineMs)} ms after navigation start; the app's own ticket in place ${Math.round(f.ticketAppMs)} ms`,
  );
  const failures: string[] = [];
  if (f.ticketOfflineMs < 0 || f.ticketOfflineMs > OFFLINE_BUDGET.ticketOfflineMs)
    failures.push(
      `ticket offline ${Math.round(f.ticketOfflineMs)} ms > ${OFFLINE_BUDGET.ticketOfflineMs} ms`,
    );
  if (f.precache.gzip > OFFLINE_BUDGET.precacheGzip)
    failures.push(`precache ${kib(f.precache.gzip)} > ${kib(OFFLINE_BUDGET.precacheGzip)}`);
  return failures;
}

// `npm run bench -- offline`: on its own
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const given = process.argv.find((a) => a.startsWith('--dist='))?.slice('--dist='.length);
  let dist = given ? resolve(given) : join(ROOT, 'dist');
  let cleanup = () => {};
  if (!given && (!process.argv.includes('--reuse') || !existsSync(join(dist, 'index.html')))) {
    const dir = mkdtempSync(join(tmpdir(), 'congrega-bench-'));
    dist = join(dir, 'dist');
    console.log(`Building into ${dist} ...`);
    execFileSync('npx', ['vite', 'build', '--outDir', dist, '--emptyOutDir'], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    cleanup = () => rmSync(dir, { recursive: true, force: true });
  }
  const host = await createHost({ port: 0, dataDir: 'memory://', distDir: dist, devHelpers: true });
  let failures: string[] = [];
  try {
    failures = reportOffline(await measureOffline(host, dist));
  } finally {
    await host.close();
    cleanup();
  }
  console.log(failures.length ? `\nFAIL:\n  ${failures.join('\n  ')}` : '\nAll budgets met.');
  process.exit(failures.length ? 1 : 0);
}
