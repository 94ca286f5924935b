/**
 * Who came, live (/admin/events/:id/presenca): staff watch a caravan's arrivals per congregation
 * and caravan as a door syncs, and the caravan's leader watches them on their phone (Minhas
 * inscrições); a ticket admitted by two doors (two devices, one offline) is listed with both doors.
 * Everything fits 320 px.
 */
import { type Browser, type BrowserContext, expect as baseExpect, type Page, test } from '@playwright/test';
import { DEMO_ATTENDEES } from '../../server/seed/checkin.ts';
import { DEMO_EVENTS, DEMO_TIERS, DEMO_USERS } from '../../server/seed/demo.ts';
import { callApi, newMember, tokenOf } from './api.ts';
import { randomCpf } from './cpf.ts';
import { signIn } from './login.ts';
import { openControlled } from './service-worker.ts';

test.describe.configure({ timeout: 240_000 });
// "within seconds": realtime, not the screen's one-minute safety refresh
const expect = baseExpect.configure({ timeout: 15_000 });

async function fits320(page: Page) {
  await page.setViewportSize({ width: 320, height: 800 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
}

async function newPage(browser: Browser, baseURL: string | undefined): Promise<[BrowserContext, Page]> {
  const context = await browser.newContext({ baseURL, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  return [context, await context.newPage()];
}

test('the live screen and the leader see a caravan arrive within seconds of a door sync, per congregation and caravan', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const EVENT = DEMO_EVENTS.conference;
  const stamp = Date.now().toString(36);
  const people = [
    { name: `Ana Chegada ${stamp}`, cpf: randomCpf() },
    { name: `Bruno Chegada ${stamp}`, cpf: randomCpf() },
  ];
  // a leader registers a caravan of two by PIX and pays it on the Mercado Pago stand-in
  const leader = await newMember(request, 'Paulo Presenca');
  await signIn(page, leader);
  await page.goto(`/caravan/${EVENT.id}/${DEMO_TIERS.conferenceCaravan.id}`);
  for (const [i, p] of people.entries()) {
    const row = page.getByRole('group', { name: `Pessoa ${i + 1}` });
    await row.getByLabel('Nome completo').fill(p.name);
    await row.getByLabel('CPF').pressSequentially(p.cpf);
  }
  await page.getByLabel('Forma de pagamento').selectOption({ label: 'PIX' });
  await page.getByRole('button', { name: 'Inscrever caravana »' }).click();
  const code = page.getByLabel('Código PIX copia e cola');
  await expect(code).toHaveValue(/^0002/, { timeout: 30_000 });
  const txid = /62\d{2}05(\d{2})([A-Za-z0-9]+)/.exec(await code.inputValue());
  const paymentId = txid?.[2]?.slice(0, Number(txid[1])).replace(/^MP/, '');
  const paid = await page.request.post(`/_dev/mercadopago/payments/${paymentId}/pay`, {
    headers: { accept: 'application/json' },
  });
  expect(await paid.json()).toEqual({ webhookStatus: 200 });
  const mine = (await callApi(request, await tokenOf(request, leader), 'GET', '/v1/registrations')).body as {
    id: string;
    event_id: string;
    status: string;
    guest: { name: string } | null;
  }[];
  const tickets = mine.filter((r) => r.event_id === EVENT.id && r.guest);
  expect(tickets.map((r) => r.status)).toEqual(['paid', 'paid']);
  const first = tickets.find((r) => r.guest!.name === people[0]!.name)!;

  // staff open the live screen (another device)
  const [staffContext, staff] = await newPage(browser, baseURL);
  await signIn(staff, DEMO_USERS.admin.email);
  await staff.goto(`/admin/events/${EVENT.id}/presenca`);
  const caravan = staff
    .getByTestId('live-caravans')
    .getByRole('listitem')
    .filter({ hasText: 'Paulo Presenca' });
  await expect(caravan).toContainText('Caravana de Paulo Presenca');
  await expect(caravan).toContainText('0/2');
  await expect(caravan).toContainText(`Faltam: ${people[0]!.name}, ${people[1]!.name}`);
  const temple = staff
    .getByTestId('live-temples')
    .getByRole('listitem')
    .filter({ hasText: 'Igreja de Paulo Presenca' });
  await expect(temple).toContainText('0/2');
  const total = staff.getByTestId('live-total');
  const before = Number(/^(\d+) de/.exec((await total.textContent()) ?? '')?.[1]);

  // the leader's phone: the caravan's arrivals in Minhas inscrições
  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto('/my-registrations');
  await page.getByText('Caravana · 2 pessoas').click();
  const arrivals = page.getByTestId('caravan-arrivals');
  await expect(arrivals).toContainText('0 de 2 chegaram');
  await expect(arrivals.getByTestId('caravan-missing')).toContainText(people[0]!.name);

  // a door syncs one of them
  const volunteer = await tokenOf(request, DEMO_USERS.voluntario.email);
  const sync = await callApi(request, volunteer, 'POST', '/v1/admin/checkin/sync', {
    eventId: EVENT.id,
    device: 'Porta Norte',
    items: [{ clientId: crypto.randomUUID(), registrationId: first.id, scannedAt: new Date().toISOString() }],
  });
  expect(sync.status).toBe(200);

  // within seconds, without a reload: staff per caravan and congregation, the leader on the phone
  await expect(caravan).toContainText('1/2');
  await expect(caravan).toContainText(`Faltam: ${people[1]!.name}`);
  await expect(temple).toContainText('1/2');
  await expect(total).toContainText(new RegExp(`^${before + 1} de`));
  await staff.getByLabel('Buscar um nome').fill(`ana chegada ${stamp}`);
  await expect(staff.getByTestId('live-people')).toContainText(/Chegou às \d\d:\d\d \(Porta Norte\)/);
  await expect(arrivals).toContainText('1 de 2 chegaram');
  await expect(arrivals.getByTestId('caravan-arrived')).toContainText(people[0]!.name);
  await expect(arrivals.getByTestId('caravan-missing')).not.toContainText(people[0]!.name);
  await fits320(page);
  await fits320(staff);
  await staffContext.close();
});

test('the conflict list shows a ticket admitted by two doors, one of them offline', async ({
  browser,
  baseURL,
}) => {
  const EVENT = DEMO_EVENTS.happeningNow;
  const person = DEMO_ATTENDEES[6]!;
  const doors: Page[] = [];
  const contexts: BrowserContext[] = [];
  for (const name of ['Porta Leste', 'Porta Oeste']) {
    const [context, door] = await newPage(browser, baseURL);
    contexts.push(context);
    doors.push(door);
    await door.clock.install();
    await signIn(door, DEMO_USERS.voluntario.email);
    await openControlled(door, '/admin/checkin');
    await door.getByLabel('Escolha o evento').selectOption(EVENT.id);
    await expect(door.getByText(/^\d+ inscritos neste aparelho$/)).toBeVisible({ timeout: 30_000 });
    // each device has its own name
    await door.getByText(/^Este aparelho/).click();
    const device = door.getByLabel('Nome deste aparelho');
    await device.fill(name);
    await device.blur();
    await expect(door.getByText(`Este aparelho: ${name}`)).toBeVisible();
  }
  const [east, west] = doors as [Page, Page];
  const admit = async (door: Page) => {
    await door.getByLabel('Código manual ou CPF').fill(person.seq);
    await door.getByRole('button', { name: 'Fazer checkin' }).click();
    await expect(door.getByTestId('door-answer')).toContainText(/Checkin de .+ feito!/);
  };
  // the east door has no signal; the west door admits the same ticket online
  await contexts[0]!.setOffline(true);
  await admit(east);
  await admit(west);
  await expect(west.getByTestId('door-pending')).toHaveText('Todos os checkins enviados', {
    timeout: 20_000,
  });

  const [staffContext, staff] = await newPage(browser, baseURL);
  await signIn(staff, DEMO_USERS.admin.email);
  await staff.goto(`/admin/events/${EVENT.id}/presenca`);
  const conflicts = staff.getByTestId('live-conflicts');
  await expect(conflicts).toBeVisible();
  await expect(conflicts.getByRole('listitem').filter({ hasText: person.name })).toHaveCount(0);

  // the east door's signal returns: its check-in is refused, and the live screen lists it at once
  await contexts[0]!.setOffline(false);
  await expect(conflicts.getByRole('listitem').filter({ hasText: person.name })).toContainText(
    /Porta Leste às \d\d:\d\d; vale o checkin de Porta Oeste às \d\d:\d\d\./,
    { timeout: 30_000 },
  );
  await fits320(staff);
  for (const c of [...contexts, staffContext]) await c.close();
});

test('staff set an event’s days in the sessions editor; bad times change nothing', async ({
  page,
  request,
}) => {
  const EVENT = DEMO_EVENTS.workshop;
  await signIn(page, DEMO_USERS.admin.email);
  await page.goto(`/admin/events/${EVENT.id}`);
  const link = page.getByRole('link', { name: 'Dias e sessões' });
  await expect(link).toHaveAttribute('href', `/admin/events/${EVENT.id}/sessoes`);
  await page.goto(`/admin/events/${EVENT.id}/sessoes`);
  await expect(page.getByRole('heading', { name: 'Dias e sessões do checkin' })).toBeVisible();
  await page.getByRole('button', { name: '+ Adicionar sessão' }).click();
  await page.getByRole('button', { name: '+ Adicionar sessão' }).click();
  await expect(page.getByLabel('Nome 2')).toHaveValue('Dia 2');
  await page.getByLabel('Nome 1').fill('Sexta à noite');
  // the end before the start: refused on the screen, nothing saved
  const ends = page.getByLabel('Fim').first();
  const starts = await page.getByLabel('Início').first().inputValue();
  await ends.fill(starts.replace(/\d\d:\d\d$/, '00:00'));
  await page.getByRole('button', { name: 'Salvar sessões' }).click();
  await expect(page.getByRole('alert')).toContainText('o fim vem depois do início');
  const admin = await tokenOf(request, DEMO_USERS.admin.email);
  expect((await callApi(request, admin, 'GET', `/v1/admin/events/${EVENT.id}/sessions`)).body).toEqual([]);
  await ends.fill(starts.replace(/\d\d:\d\d$/, '23:00'));
  await page.getByRole('button', { name: 'Salvar sessões' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Sessões salvas.' })).toBeVisible();
  const saved = (await callApi(request, admin, 'GET', `/v1/admin/events/${EVENT.id}/sessions`)).body as {
    name: string;
  }[];
  expect(saved.map((s) => s.name)).toEqual(['Sexta à noite', 'Dia 2']);
  await fits320(page);
  // put back: the other journeys use this event without sessions
  await callApi(request, admin, 'PUT', `/v1/admin/events/${EVENT.id}/sessions`, []);
});
