/**
 * Caravans: a leader registers a caravan of 4 (one without e-mail) on the conference's 'Lote
 * Caravana', paying by PIX on the local Mercado Pago stand-in; four tickets in Minhas inscrições,
 * also offline; the door (a 320 × 640 phone), offline, admits three from the leader's group QR
 * (shown to the camera; the list in view) and the fourth later by code, each after the door said the
 * check-in window opens only next week; back online the server holds the four check-ins, none of
 * them at a time that has not come. And a group of 5
 * on a tier with 4 places left is refused ('esgotaram') with nothing taken.
 */
import { expect as baseExpect, type Page, test } from '@playwright/test';
import { DEMO_EVENTS, DEMO_TIERS, DEMO_USERS } from '../../server/seed/demo.ts';
import { checkinMessages } from '../../src/domain/messages/checkin.ts';
import { ANON_KEY, callApi, newMember, tokenOf } from './api.ts';
import { expectNoViolations } from './axe.ts';
import { randomCpf } from './cpf.ts';
import { browserWithCameraShowing, DOOR_PHONE } from './fake-camera.ts';
import { signIn } from './login.ts';
import { openControlled } from './service-worker.ts';

test.describe.configure({ timeout: 240_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const EVENT = DEMO_EVENTS.conference;
const TIER = DEMO_TIERS.conferenceCaravan;

/** The screen fits a 320 px phone: nothing scrolls sideways. */
async function expectFits320(page: Page) {
  await page.setViewportSize({ width: 320, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
}

async function fillCaravan(page: Page, people: { name: string; cpf: string; email: string }[]) {
  for (let i = 2; i < people.length; i++)
    await page.getByRole('button', { name: '+ Adicionar pessoa' }).click();
  for (const [i, p] of people.entries()) {
    const row = page.getByRole('group', { name: `Pessoa ${i + 1}` });
    await row.getByLabel('Nome completo').fill(p.name);
    await row.getByLabel('CPF').pressSequentially(p.cpf);
    if (p.email) await row.getByLabel('E-mail (opcional)').fill(p.email);
  }
}

const stamp = Date.now().toString(36);
const PEOPLE = [
  { name: 'Ana Clara Caravana', cpf: randomCpf(), email: `ana.${stamp}@exemplo.com` },
  { name: 'Bruno Dias Caravana', cpf: randomCpf(), email: `bruno.${stamp}@exemplo.com` },
  { name: 'Carla Souza Caravana', cpf: randomCpf(), email: `carla.${stamp}@exemplo.com` },
  { name: 'Davi Lima Caravana', cpf: randomCpf(), email: '' },
];

test('a caravan of 4 paid by PIX: four tickets (offline too); the door admits three from the leader QR and the fourth by code, offline; the server holds four check-ins', async ({
  page,
  request,
  baseURL,
}) => {
  const leader = await newMember(request, 'Paulo Caravana');
  await signIn(page, leader);
  await page.goto(`/checkout/${EVENT.id}/${TIER.id}`);
  await page.getByRole('link', { name: 'Inscrever uma caravana »' }).click();
  await expect(page.getByRole('heading', { name: 'Inscrição em caravana' })).toBeVisible();
  await fillCaravan(page, PEOPLE);
  await page.getByLabel('Forma de pagamento').selectOption({ label: 'PIX' });
  await expect(page.getByTestId('caravan-total')).toHaveText(/^4 pessoas · total R\$\s160,00$/);
  await expectNoViolations(page, '/caravan');
  await expectFits320(page);
  await page.getByRole('button', { name: 'Inscrever caravana »' }).click();
  await expect(page.getByText('Caravana inscrita! Cada pessoa tem o seu ingresso.').first()).toBeVisible();

  // one PIX for the total, paid on the stand-in's dev endpoint (the signed webhook follows)
  const code = page.getByLabel('Código PIX copia e cola');
  await expect(code).toHaveValue(/^0002/);
  const txid = /62\d{2}05(\d{2})([A-Za-z0-9]+)/.exec(await code.inputValue());
  const paymentId = txid?.[2]?.slice(0, Number(txid[1])).replace(/^MP/, '');
  expect(paymentId).toBeTruthy();
  const paid = await page.request.post(`/_dev/mercadopago/payments/${paymentId}/pay`, {
    headers: { accept: 'application/json' },
  });
  expect(await paid.json()).toEqual({ webhookStatus: 200 });

  // the server: four paid registrations of one group, each with its own code
  const leaderToken = await tokenOf(request, leader);
  const mine = (await callApi(request, leaderToken, 'GET', '/v1/registrations')).body as {
    id: string;
    seq: string;
    status: string;
    event_id: string;
    group: { id: string; people: number } | null;
    guest: { name: string } | null;
  }[];
  const tickets = mine.filter((r) => r.event_id === EVENT.id && r.group);
  expect(tickets.map((r) => r.status)).toEqual(['paid', 'paid', 'paid', 'paid']);
  expect(new Set(tickets.map((r) => r.seq)).size).toBe(4);
  const groupId = tickets[0]!.group!.id;
  const byName = new Map(tickets.map((r) => [r.guest!.name, r]));

  // Minhas inscrições: the caravan once, with the group's QR and every ticket; offline too
  await page.goto('/my-registrations');
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await page.getByText('Caravana · 4 pessoas').click();
  const group = page.getByTestId('caravan-tickets');
  await expect(group.getByTestId('caravan-ticket')).toHaveCount(4);
  await expect(group.getByTestId('manual-code')).toHaveCount(4);
  await expect(group.getByRole('img', { name: 'QR code da caravana de 4 pessoas' })).toBeVisible();
  await expectNoViolations(page, '/my-registrations/:id (caravan)');
  await expectFits320(page);
  const url = page.url();
  await page.context().setOffline(true);
  await page.goto(url);
  await expect(page.getByTestId('caravan-tickets').getByTestId('manual-code')).toHaveCount(4);
  await page.context().setOffline(false);

  // the door, on a device whose camera sees the leader's group QR
  const browser = await browserWithCameraShowing(`checkin:grupo:${groupId}`);
  try {
    const context = await browser.newContext({ ...DOOR_PHONE, baseURL });
    const door = await context.newPage();
    await door.clock.install();
    await signIn(door, DEMO_USERS.voluntario.email);
    await openControlled(door, '/admin/checkin');
    await door.getByLabel('Escolha o evento').selectOption(EVENT.id);
    await expect(door.getByText(/^\d+ inscritos neste aparelho$/)).toBeVisible();
    await expect(door.getByTestId('door-readiness')).toHaveText(/^Pronto para funcionar sem internet/);
    await context.setOffline(true);

    await door.getByRole('button', { name: 'Ler QR com a câmera' }).click();
    const list = door.getByTestId('door-group');
    await expect(list.getByRole('heading', { name: 'Caravana de 4 pessoas' })).toBeVisible();
    // the list is the answer: its title, the week-early notice and its buttons in view, no scrolling
    await expect(list.getByText(/^Fora do horário de checkin deste evento: abre /)).toBeVisible();
    for (const target of [
      list.getByRole('heading', { name: 'Caravana de 4 pessoas' }),
      list.getByRole('button', { name: 'Admitir todos os presentes »' }),
    ]) {
      const box = (await target.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(56);
      expect(box.y + box.height).toBeLessThanOrEqual(640);
    }
    // each person's row is a touch target of at least 44 × 44 px
    for (const row of await list.locator('label').all()) {
      const box = (await row.boundingBox())!;
      expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
    }
    await door.getByRole('button', { name: 'Parar câmera' }).click();
    await expectNoViolations(door, '/admin/checkin (caravan list)');
    await expectFits320(door);
    for (const p of PEOPLE.slice(0, 3)) await list.getByLabel(p.name).check();
    await list.getByRole('button', { name: 'Admitir marcados »' }).click();
    await expect(list.getByText('3 pessoas admitidas.')).toBeVisible();
    await expect(list.getByText(/já entrou às/)).toHaveCount(3);
    await expect(list.getByLabel(PEOPLE[3]!.name)).not.toBeChecked();
    await list.getByRole('button', { name: 'Fechar' }).click();

    // the fourth arrives later and shows their own code
    const fourth = byName.get(PEOPLE[3]!.name)!;
    await door.getByLabel('Código manual ou CPF').fill(fourth.seq);
    await door.getByRole('button', { name: 'Fazer checkin' }).click();
    // a week early: the door says so and admits only once the volunteer confirms
    const answer = door.getByTestId('door-answer');
    await expect(answer).toContainText(/Fora do horário de checkin deste evento: abre /);
    await expect(door.getByTestId('door-pending')).toHaveText('3 checkins aguardando envio');
    await answer.getByRole('button', { name: 'Admitir mesmo assim' }).click();
    await expect(door.getByText('Checkin de Davi feito!')).toBeVisible();
    // a caravan member's code also offers the group's list: everyone is in now
    await door.getByRole('button', { name: 'Ver a caravana desta pessoa »' }).click();
    await expect(list.getByText('Todos da caravana já entraram.')).toBeVisible();
    await expect(list.getByText(/já entrou às/)).toHaveCount(4);
    await list.getByRole('button', { name: 'Fechar' }).click();
    await expect(door.getByTestId('door-pending')).toHaveText('4 checkins aguardando envio');

    // back online: the queue is sent, each person counted once
    await context.setOffline(false);
    await expect(door.getByTestId('door-pending')).toHaveText(checkinMessages.allSent, { timeout: 60_000 });
    const staff = await tokenOf(request, DEMO_USERS.voluntario.email);
    const roster = (await callApi(request, staff, 'GET', `/v1/admin/checkin/events/${EVENT.id}/roster`))
      .body as { entries: { id: string; checked_in_at: string | null; group_id: string | null }[] };
    const ours = roster.entries.filter((e) => e.group_id === groupId);
    expect(ours).toHaveLength(4);
    expect(ours.every((e) => e.checked_in_at)).toBe(true);
    // admitted before the window opens: stored when it happened, never at the window's start
    for (const e of ours) expect(Date.parse(e.checked_in_at!)).toBeLessThanOrEqual(Date.now());
    await context.close();
  } finally {
    await browser.close();
  }
});

test('a group of 5 on a tier with 4 places left is refused with nothing taken', async ({ page, request }) => {
  const admin = await tokenOf(request, DEMO_USERS.admin.email);
  const tier = await callApi<{ id: string }>(request, admin, 'POST', `/v1/admin/events/${EVENT.id}/tiers`, {
    name: `Caravana pequena ${stamp}`,
    price: 1000,
    total: 4,
  });
  expect(tier.status, JSON.stringify(tier.body)).toBe(201);
  const tierId = tier.body.id;
  try {
    const leader = await newMember(request, 'Paulo Caravana');
    await signIn(page, leader);
    await page.goto(`/caravan/${EVENT.id}/${tierId}`);
    await fillCaravan(
      page,
      ['Elisa', 'Fábio', 'Gabriela', 'Heitor', 'Íris'].map((n) => ({
        name: `${n} Grupo Grande`,
        cpf: randomCpf(),
        email: '',
      })),
    );
    await page.getByLabel('Forma de pagamento').selectOption({ label: 'Pagamento presencial' });
    await page.getByRole('button', { name: 'Inscrever caravana »' }).click();
    await expect(page.getByRole('region', { name: 'Inscrição em caravana' }).getByRole('alert')).toHaveText(
      'Opss... as inscrições desse lote esgotaram',
    );
    // nothing taken: the tier still has its 4 places and the leader holds nothing on it
    const event = await (
      await request.get(`/functions/v1/api/v1/events/${EVENT.id}`, { headers: { apikey: ANON_KEY } })
    ).json();
    const tiers = (event.pricing_tiers ?? event[0]?.pricing_tiers) as {
      id: string;
      available: number | null;
    }[];
    expect(tiers.find((t) => t.id === tierId)?.available).toBe(4);
    const mine = (await callApi(request, await tokenOf(request, leader), 'GET', '/v1/registrations'))
      .body as unknown[];
    expect(mine).toEqual([]);
  } finally {
    await callApi(request, admin, 'DELETE', `/v1/admin/events/${EVENT.id}/tiers/${tierId}`);
  }
});

test('a name with a link is refused by the form; a CPF held by another caravan is released by its owner', async ({
  page,
  request,
  browser,
}) => {
  const leader = await newMember(request, 'Lucas Caravana');
  const owner = await newMember(request, 'Olga Dona');
  const ownerToken = await tokenOf(request, owner);
  const me = await callApi<{ profile: { cpf: string } }>(request, ownerToken, 'GET', '/v1/me');
  const ownerCpf = me.body.profile.cpf;

  // the form says it before anything is sent
  await signIn(page, leader);
  await page.goto(`/caravan/${EVENT.id}/${TIER.id}`);
  await fillCaravan(page, [
    { name: 'https://golpe.example/pix Silva', cpf: randomCpf(), email: '' },
    { name: 'Rita Souza Caravana', cpf: randomCpf(), email: '' },
  ]);
  await page.getByLabel('Forma de pagamento').selectOption({ label: 'Pagamento presencial' });
  await page.getByRole('button', { name: 'Inscrever caravana »' }).click();
  await expect(page.getByText('O nome não pode ter link nem e-mail.')).toBeVisible();

  // the leader's caravan holds the owner's CPF (row 2)
  const made = await callApi<{ registrations: { id: string }[] }>(
    request,
    await tokenOf(request, leader),
    'POST',
    `/v1/checkout/${EVENT.id}/${TIER.id}/caravan`,
    {
      tierId: TIER.id,
      paymentMethod: 'cash',
      people: [
        { name: 'Rita Souza Caravana', cpf: randomCpf(), email: '' },
        { name: 'Olga Dona Outra', cpf: ownerCpf, email: '' },
      ],
    },
  );
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const held = made.body.registrations[1]!.id;
  const refused = await callApi<{ code: string; message: string; registration_id: string }>(
    request,
    ownerToken,
    'POST',
    `/v1/checkout/${EVENT.id}/${TIER.id}`,
    { tierId: TIER.id, paymentMethod: 'cash' },
  );
  expect(refused.body).toMatchObject({ code: 'CPF_IN_CARAVAN', registration_id: held });
  expect(refused.body.message).toContain('Lucas Caravana');

  // the owner, signed in, opens the ticket: who registered it, and 'Liberar meu CPF'
  const context = await browser.newContext();
  const own = await context.newPage();
  await signIn(own, owner, { redirectTo: `/claim/${held}` });
  await expect(own.getByText(/Lucas Caravana inscreveu o seu CPF numa caravana/)).toBeVisible();
  await expectFits320(own);
  await own.getByRole('button', { name: 'Liberar meu CPF' }).click();
  await expect(own.getByRole('status')).toHaveText(
    'Pronto! Seu CPF foi liberado: você já pode fazer a sua própria inscrição.',
  );
  await expect(own.getByRole('status')).toBeInViewport();
  await context.close();
  const again = await callApi(request, ownerToken, 'POST', `/v1/checkout/${EVENT.id}/${TIER.id}`, {
    tierId: TIER.id,
    paymentMethod: 'cash',
  });
  expect(again.status, JSON.stringify(again.body)).toBe(201);
});
