/**
 * The door with walk-ins and cash (docs/performance.md, 'Door sales'): `npm run bench -- door-sales`
 * (tsx tests/bench/door-sales.ts [--reuse]). On a real PostgreSQL (tests/postgres/cluster.ts), the
 * built app in Chromium: a door with 5,000 people on its roster goes offline with 500 queued items
 * of mixed kinds (400 check-ins, 50 walk-ins, 50 pending cash registrations paid), comes back online
 * and is timed until the queue is empty (budget 3 s); the server then holds each item exactly once.
 * Exit code 1 when the budget is missed.
 */
import { DEMO_EVENTS, DEMO_USERS } from '../../server/seed/demo.ts';
import { randomCpf } from '../e2e/cpf.ts';
import { ensureBuild, signedInPage, startDoorHost } from './door-host.ts';

const EVENT = DEMO_EVENTS.happeningNow.id;
const PEOPLE = 5000;
const CHECKINS = 400;
const WALK_INS = 50;
const CASH = 50;
const BUDGET_MS = 3000;

ensureBuild();

const { host, stop } = await startDoorHost({ postgres: true });
let failed = false;
try {
  const db = host.database.db;
  const [tier] = await db.query<{ id: string }>(
    `insert into public.pricing_tiers (event_id, name, price, door_only) values ($1, 'Na porta', 1000, true) returning id`,
    [EVENT],
  );
  // 5,000 people: CASH of them with a pending cash registration, the rest paid
  await db.query(
    `with people as (
       insert into auth.users (id, aud, role, email, email_confirmed_at)
       select gen_random_uuid(), 'authenticated', 'authenticated', 'venda' || i || '@congrega.local', now()
         from generate_series(1, $1::int) i returning id, email)
     , profiles as (
       insert into public.profiles (id, name, email, cpf)
       select id, 'Pessoa ' || split_part(email, '@', 1) || ' Teste', email,
              '0' || lpad((row_number() over ())::text, 10, '0') from people returning id)
     , regs as (
       insert into public.registrations (user_id, tier_id, event_id, frozen_value, status)
       select p.id, $3, $2, 1000, case when row_number() over () <= $4 then 'pending' else 'paid' end
         from profiles p returning id, status)
     insert into public.registration_confirmations (registration_id, strategy, status)
     select id, 'cash', status from regs`,
    [PEOPLE, EVENT, tier!.id, CASH],
  );
  const pending = await db.query<{ id: string }>(
    `select id from public.registrations where event_id = $1 and status = 'pending' and tier_id = $2`,
    [EVENT, tier!.id],
  );
  const paid = await db.query<{ id: string }>(
    `select id from public.registrations where event_id = $1 and status = 'paid' and tier_id = $2 limit $3`,
    [EVENT, tier!.id, CHECKINS],
  );

  const { browser, context, page } = await signedInPage(host, DEMO_USERS.voluntario.email);
  await page.goto('/admin/checkin');
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
  await page.waitForFunction(() => document.querySelectorAll('option').length > 1);
  await page.getByLabel('Escolha o evento').selectOption(EVENT);
  await page.getByText(/^\d+ inscritos neste aparelho$/).waitFor({ timeout: 60_000 });

  await context.setOffline(true);
  const now = new Date().toISOString();
  const items = [
    ...paid.map((r) => ({ kind: 'checkin', payload: { registrationId: r.id } })),
    ...Array.from({ length: WALK_INS }, (_, i) => ({
      kind: 'walk_in',
      payload: {
        registrationId: crypto.randomUUID(),
        name: `Visitante ${i + 1} da Porta`,
        cpf: randomCpf(),
        tierId: tier!.id,
        amount: 1000,
      },
    })),
    ...pending.map((r) => ({ kind: 'cash', payload: { registrationId: r.id, amount: 1000 } })),
  ];
  await page.evaluate(
    async ({ items, eventId, now }) =>
      new Promise<void>((ok, fail) => {
        const open = indexedDB.open('congrega');
        open.onsuccess = () => {
          const tx = open.result.transaction('outbox', 'readwrite');
          const store = tx.objectStore('outbox');
          const t = Date.now();
          for (const [i, item] of items.entries()) {
            store.put({
              clientId: crypto.randomUUID(),
              kind: item.kind,
              createdAt: t + i,
              attempts: 0,
              payload: { ...item.payload, eventId, scannedAt: now, device: 'Bench' },
            });
          }
          tx.oncomplete = () => ok();
          tx.onerror = () => fail(tx.error);
        };
      }),
    { items, eventId: EVENT, now },
  );
  await page.reload();
  await page.getByLabel('Escolha o evento').selectOption(EVENT);
  await page.getByTestId('door-pending').getByText(`${items.length} checkins aguardando envio`).waitFor();
  const s0 = Date.now();
  await context.setOffline(false);
  await page
    .getByTestId('door-pending')
    .getByText('Todos os checkins enviados')
    .waitFor({ timeout: 120_000 });
  const syncMs = Date.now() - s0;
  const [held] = await db.query<{ checkins: number; walk_ins: number; cash: number }>(
    `select (select count(*)::int from public.checkins where event_id = $1) as checkins,
            (select count(*)::int from public.registrations where event_id = $1 and walk_in) as walk_ins,
            (select count(*)::int from public.registration_confirmations c join public.registrations r
               on r.id = c.registration_id where r.event_id = $1 and r.tier_id = $2 and not r.walk_in
               and c.strategy = 'cash'
               and c.status = 'paid' and c.paid_at is not null) as cash`,
    [EVENT, tier!.id],
  );
  console.log(
    `${items.length} queued items (${CHECKINS} check-ins, ${WALK_INS} walk-ins, ${CASH} cash) on a door of ${PEOPLE} people synced: ${syncMs} ms (budget ${BUDGET_MS}); server holds ${held!.checkins} check-ins, ${held!.walk_ins} walk-ins, ${held!.cash} cash payments made at the door`,
  );
  if (syncMs > BUDGET_MS) failed = true;
  if (held!.checkins !== items.length || held!.walk_ins !== WALK_INS || held!.cash !== CASH) {
    console.log('FAIL: the server does not hold each item exactly once');
    failed = true;
  }
  await browser.close();
} finally {
  await stop();
}
console.log(failed ? '\nFAIL' : '\nDoor sales budget met.');
process.exit(failed ? 1 : 0);
