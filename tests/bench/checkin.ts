/**
 * The door's budgets (docs/architecture.md, 'Budgets'): `npm run bench -- checkin` (tsx tests/bench/checkin.ts [--reuse]).
 *
 * Everything runs on a real PostgreSQL (a throwaway cluster, tests/postgres/cluster.ts, fsync off)
 * behind the real host (createHost, demo seed) serving the built app, with 10,000 more paid
 * registrations on the event happening now. In system Chromium, signed in as voluntario@ at
 * /admin/checkin:
 *   1. roster of 10,001 downloaded and stored in IndexedDB: from choosing the event to the
 *      'N inscritos neste aparelho' line, timed in the page (budget 2 s);
 *   2. offline, scan/code → feedback: from the form's submit to the feedback's change in the page
 *      (performance.now in the page), 200 codes alternating found / not found; p50 / p95
 *      (budget p95 100 ms);
 *   3. 1,000 check-ins queued in the outbox, then back online: until the status says all were sent
 *      (budget 3 s), and the server holds each exactly once.
 * Then, over HTTP with a real token: POST /v1/admin/checkin/sync, 10,000 items in batches of 500,
 * items per second (budget 500/s). Exit code 1 when a budget is missed.
 */
import { DEMO_EVENTS, DEMO_PASSWORD, DEMO_USERS } from '../../server/seed/demo.ts';
import { ensureBuild, signedInPage, startDoorHost } from './door-host.ts';

const EVENT = DEMO_EVENTS.happeningNow.id;
const EXTRA = 10_000;
const BUDGET = { rosterMs: 2000, feedbackP95Ms: 100, sync1000Ms: 3000, itemsPerSecond: 500 };
const failures: string[] = [];
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

ensureBuild();

const { host, stop } = await startDoorHost({ postgres: true });
try {
  // 10,000 more people with a paid registration on the event happening now
  const t0 = performance.now();
  await host.database.db.query(
    `with people as (
       insert into auth.users (id, aud, role, email, email_confirmed_at)
       select gen_random_uuid(), 'authenticated', 'authenticated', 'bench' || i || '@congrega.local', now()
         from generate_series(1, $1::int) i returning id, email)
     , profiles as (
       insert into public.profiles (id, name, email, cpf)
       -- each with a CPF (11 digits), so the roster carries a salted hash per row as it will live
       select id, 'Pessoa ' || split_part(email, '@', 1) || ' Teste', email,
              '0' || lpad((row_number() over ())::text, 10, '0') from people returning id)
     insert into public.registrations (user_id, tier_id, event_id, frozen_value, status)
     select p.id, t.id, $2, 0, 'paid' from profiles p,
       (select id from public.pricing_tiers where event_id = $2 limit 1) t`,
    [EXTRA, EVENT],
  );
  const regs = await host.database.db.query<{ id: string; seq: string }>(
    'select id, seq from public.registrations where event_id = $1 and status = $2 order by id',
    [EVENT, 'paid'],
  );
  console.log(`seeded ${EXTRA} registrations in ${Math.round(performance.now() - t0)} ms (PostgreSQL)`);

  const { browser, context, page } = await signedInPage(host, DEMO_USERS.voluntario.email);
  await page.goto('/admin/checkin');
  // controlled by the service worker, so that the door reloads offline (step 3)
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
  await page.getByLabel('Escolha o evento').waitFor();
  await page.waitForFunction(() => document.querySelectorAll('option').length > 1);

  // the roster over HTTP alone (no browser): what the download's network part costs
  {
    const auth = await fetch(`${host.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', apikey: host.anonKey },
      body: JSON.stringify({ email: DEMO_USERS.voluntario.email, password: DEMO_PASSWORD }),
    });
    const token = (await auth.json()).access_token as string;
    const a0 = performance.now();
    let after = '';
    let pages = 0;
    do {
      const res = await fetch(
        `${host.url}/functions/v1/api/v1/admin/checkin/events/${EVENT}/roster${after ? `?after=${after}` : ''}`,
        { headers: { authorization: `Bearer ${token}` } },
      );
      after = ((await res.json()) as { next: string | null }).next ?? '';
      pages++;
    } while (after);
    console.log(`roster over HTTP alone: ${pages} pages in ${Math.round(performance.now() - a0)} ms`);
  }

  // 1. roster download and storage
  // timed in the page (performance.now): from the choice to the status line's change, not to
  // Playwright's next poll of the page
  const total = regs.length + 1; // + the pending one
  const ready = `${total} inscritos neste aparelho`;
  await page.evaluate((ready) => {
    const w = window as unknown as { __rosterMs: Promise<number> };
    const select = document.querySelector('select')!;
    w.__rosterMs = new Promise((done) => {
      let t0 = 0;
      select.addEventListener('change', () => (t0 = performance.now()), { capture: true, once: true });
      const seen = new MutationObserver(() => {
        if (t0 && document.querySelector('.door-status')?.textContent?.includes(ready)) {
          seen.disconnect();
          done(performance.now() - t0);
        }
      });
      seen.observe(document.body, { childList: true, characterData: true, subtree: true });
    });
  }, ready);
  await page.getByLabel('Escolha o evento').selectOption(EVENT);
  await page.getByText(ready, { exact: true }).waitFor({ timeout: 60_000 });
  const rosterMs = Math.round(
    await page.evaluate(() => (window as unknown as { __rosterMs: Promise<number> }).__rosterMs),
  );
  console.log(`roster of ${total} downloaded and stored: ${rosterMs} ms (budget ${BUDGET.rosterMs})`);
  if (rosterMs > BUDGET.rosterMs) failures.push(`roster ${rosterMs} ms`);

  // 2. feedback offline
  await context.setOffline(true);
  await page.evaluate(() => {
    const w = window as unknown as { __t0: number; __lat: number[] };
    w.__lat = [];
    document
      .querySelector('form.door-code')!
      .addEventListener('submit', () => (w.__t0 = performance.now()), true);
    new MutationObserver(() => w.__t0 && w.__lat.push(performance.now() - w.__t0)).observe(
      document.querySelector('.door-feedback')!,
      { childList: true, characterData: true, subtree: true },
    );
  });
  const input = page.getByLabel('Código manual ou CPF');
  for (let i = 0; i < 200; i++) {
    await page.evaluate(() => ((window as unknown as { __t0: number }).__t0 = 0));
    await input.fill(i % 2 ? '000-000' : regs[i]!.seq.trim());
    await input.press('Enter');
    await page
      .waitForFunction((n) => (window as unknown as { __lat: number[] }).__lat.length > n, i, {
        timeout: 5000,
      })
      .catch(() => {});
  }
  const lat = await page.evaluate(() => (window as unknown as { __lat: number[] }).__lat);
  const p95 = pct(lat, 0.95);
  console.log(
    `scan/code → feedback offline, ${lat.length} codes: p50 ${pct(lat, 0.5).toFixed(1)} ms · p95 ${p95.toFixed(1)} ms (budget ${BUDGET.feedbackP95Ms})`,
  );
  if (p95 > BUDGET.feedbackP95Ms) failures.push(`feedback p95 ${p95.toFixed(1)} ms`);

  // 3. 1,000 queued check-ins synced (the 100 admitted above + 900 more queued offline)
  await page.evaluate(
    async ({ items, eventId }) =>
      new Promise<void>((ok, fail) => {
        const open = indexedDB.open('congrega');
        open.onsuccess = () => {
          const tx = open.result.transaction('outbox', 'readwrite');
          const store = tx.objectStore('outbox');
          const now = Date.now();
          for (const [i, registrationId] of items.entries()) {
            store.put({
              clientId: crypto.randomUUID(),
              kind: 'checkin',
              createdAt: now + i,
              attempts: 0,
              payload: { eventId, registrationId, scannedAt: new Date().toISOString(), device: 'Bench' },
            });
          }
          tx.oncomplete = () => ok();
          tx.onerror = () => fail(tx.error);
        };
      }),
    { items: regs.slice(200, 1100).map((r) => r.id), eventId: EVENT },
  );
  await page.reload(); // offline: the shell from the service worker; Dexie reads the queue again
  await page.getByLabel('Escolha o evento').selectOption(EVENT);
  await page.waitForTimeout(500);
  const queued = Number((await page.getByTestId('door-pending').textContent())?.match(/\d+/)?.[0] ?? 0);
  console.log(`queued: ${queued}`);
  const s0 = Date.now();
  await context.setOffline(false);
  await page.getByTestId('door-pending').getByText('Todos os checkins enviados').waitFor({ timeout: 60_000 });
  const syncMs = Date.now() - s0;
  const [count] = await host.database.db.query<{ n: number }>(
    'select count(*)::int as n from public.checkins where event_id = $1',
    [EVENT],
  );
  const n = count?.n ?? 0;
  console.log(
    `${queued} queued check-ins synced: ${syncMs} ms (budget ${BUDGET.sync1000Ms}); server holds ${n}`,
  );
  if (syncMs > BUDGET.sync1000Ms) failures.push(`sync of 1,000 ${syncMs} ms`);
  if (n !== queued) failures.push(`server holds ${n} check-ins, not ${queued}`);
  await browser.close();

  // 4. the batch endpoint on PostgreSQL, over HTTP
  const auth = await fetch(`${host.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', apikey: host.anonKey },
    body: JSON.stringify({ email: DEMO_USERS.voluntario.email, password: DEMO_PASSWORD }),
  });
  const token = (await auth.json()).access_token as string;
  await host.database.db.query('delete from public.checkins where event_id = $1', [EVENT]);
  const ids = regs.map((r) => r.id);
  const b0 = performance.now();
  for (let i = 0; i < ids.length; i += 500) {
    const res = await fetch(`${host.url}/functions/v1/api/v1/admin/checkin/sync`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        eventId: EVENT,
        device: 'Bench',
        items: ids.slice(i, i + 500).map((registrationId) => ({
          clientId: crypto.randomUUID(),
          registrationId,
          scannedAt: new Date().toISOString(),
        })),
      }),
    });
    if (res.status !== 200) throw new Error(`sync answered ${res.status}: ${await res.text()}`);
  }
  const perSecond = ids.length / ((performance.now() - b0) / 1000);
  console.log(
    `POST /v1/admin/checkin/sync on PostgreSQL: ${ids.length} items in batches of 500, ${Math.round(perSecond)} items/s (budget ${BUDGET.itemsPerSecond})`,
  );
  if (perSecond < BUDGET.itemsPerSecond) failures.push(`sync ${Math.round(perSecond)} items/s`);
} finally {
  await stop();
}
console.log(failures.length ? `\nFAIL:\n  ${failures.join('\n  ')}` : '\nAll door budgets met.');
process.exit(failures.length ? 1 : 0);
