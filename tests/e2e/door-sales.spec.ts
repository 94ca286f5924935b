/**
 * Walk-ins and cash at the door with no signal (docs/product-spec.md, the door), at 320 × 640: the
 * volunteer sells a walk-in with cash and admits them, admits a walk-in whose CPF registers online
 * meanwhile, and takes the cash of a pending cash registration and admits; back online, the walk-in
 * is on the server once, the pending registration is paid, and the CPF already registered is
 * reported as a conflict instead of a second registration.
 */
import { expect, type Page, test } from '@playwright/test';
import { DEMO_EVENTS, DEMO_TIERS, DEMO_USERS } from '../../server/seed/demo.ts';
import { callApi, newMember, tokenOf } from './api.ts';
import { randomCpf } from './cpf.ts';
import { signIn } from './login.ts';
import { openControlled } from './service-worker.ts';

const EVENT = DEMO_EVENTS.conference;
const TIER = DEMO_TIERS.conferenceSecond;

interface Registration {
  id: string;
  seq: string;
  event_id: string;
  status: string;
}
interface Entry {
  id: string;
  name: string;
  paid: boolean;
  checked_in_at: string | null;
}

async function registerWithCash(request: Parameters<typeof tokenOf>[0], email: string) {
  const token = await tokenOf(request, email);
  const res = await callApi(request, token, 'POST', `/v1/checkout/${EVENT.id}/${TIER.id}`, {
    tierId: TIER.id,
    paymentMethod: 'cash',
  });
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  const mine = await callApi<Registration[]>(request, token, 'GET', '/v1/registrations');
  return mine.body.find((r) => r.event_id === EVENT.id)!;
}

async function sellWalkIn(page: Page, name: string, cpf: string) {
  await page.getByRole('button', { name: 'Venda na porta' }).click();
  const form = page.getByRole('form', { name: 'Venda na porta' });
  await form.getByLabel('Nome completo').fill(name);
  await form.getByLabel('CPF ou telefone').fill(cpf);
  await form.getByLabel('Lote').selectOption({ label: `${TIER.name} — R$\u00a045,00` });
  await form.getByLabel('Dinheiro recebido: R$\u00a045,00').check();
  await form.getByRole('button', { name: 'Registrar e admitir' }).click();
}

test('offline door: a walk-in with cash, a walk-in whose CPF was registered, a pending cash registration paid', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 320, height: 640 });
  // a member with a pending cash registration, and one who registers online while the door is offline
  const payer = await newMember(request, 'Paula Caixa');
  const pending = await registerWithCash(request, payer);
  expect(pending.status).toBe('pending');
  const online = await newMember(request, 'Joana Online');
  const onlineToken = await tokenOf(request, online);
  const onlineCpf = (await callApi<{ profile: { cpf: string } }>(request, onlineToken, 'GET', '/v1/me')).body
    .profile.cpf;

  await page.clock.install();
  await signIn(page, DEMO_USERS.voluntario.email);
  await openControlled(page, '/admin/checkin');
  await page.getByLabel('Escolha o evento').selectOption(EVENT.id);
  await expect(page.getByText(/^\d+ inscritos neste aparelho$/)).toBeVisible({ timeout: 30_000 });

  await context.setOffline(true);
  await expect(page.getByTestId('door-connection')).toHaveText(/Sem internet/, { timeout: 30_000 });
  const answer = page.getByTestId('door-answer');

  // a walk-in with cash: admitted at once, no signal
  const walkIn = `Renato Porta ${Date.now().toString(36)}`;
  await sellWalkIn(page, walkIn, randomCpf());
  await expect(answer).toContainText('Checkin de Renato feito!');
  await expect(answer).toBeInViewport();

  // a walk-in whose CPF registers online meanwhile
  await sellWalkIn(page, 'Joana na Porta', onlineCpf);
  await expect(answer).toContainText('Checkin de Joana feito!');
  const onlineReg = await registerWithCash(request, online);
  expect(onlineReg.status).toBe('pending');

  // the pending cash registration: the amount shown, the cash received, admitted
  await page.getByLabel('Código manual ou CPF').fill(pending.seq);
  await page.getByRole('button', { name: 'Fazer checkin' }).click();
  await expect(answer).toContainText('Pagamento em dinheiro pendente — R$\u00a045,00');
  await expect(answer).toBeInViewport();
  const received = answer.getByRole('button', { name: 'Dinheiro recebido' });
  expect((await received.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await received.click();
  await expect(answer).toContainText('Checkin de Paula feito! Dinheiro recebido: R$\u00a045,00.');
  await expect(page.getByTestId('door-pending')).toHaveText('3 checkins aguardando envio');

  // back online: sent once; the CPF already registered is reported, not registered twice
  await context.setOffline(false);
  await expect(page.getByTestId('door-pending')).toHaveText('Todos os checkins enviados', {
    timeout: 60_000,
  });
  await expect(
    page.getByText(/Joana na Porta: o CPF já tinha inscrição neste evento \(Joana Online\)/),
  ).toBeVisible();

  const volunteer = await tokenOf(request, DEMO_USERS.voluntario.email);
  const roster = await callApi<{ entries: Entry[] }>(
    request,
    volunteer,
    'GET',
    `/v1/admin/checkin/events/${EVENT.id}/roster`,
  );
  const sold = roster.body.entries.filter((e) => e.name === walkIn);
  expect(sold).toHaveLength(1);
  expect(sold[0]).toMatchObject({ paid: true, checked_in_at: expect.any(String) });
  expect(roster.body.entries.filter((e) => e.name === 'Joana na Porta')).toHaveLength(0);
  expect(roster.body.entries.find((e) => e.id === pending.id)).toMatchObject({
    paid: true,
    checked_in_at: expect.any(String),
  });
  // kept on the server with the doors' conflicts, for staff
  const conflicts = await callApi<{ walk_in?: string; name: string }[]>(
    request,
    volunteer,
    'GET',
    `/v1/admin/checkin/events/${EVENT.id}/conflicts`,
  );
  expect(conflicts.body).toContainEqual(
    expect.objectContaining({ walk_in: 'Joana na Porta', name: 'Joana Online' }),
  );
});
