/**
 * No dead end for a member or a caravan leader (on the local Mercado Pago stand-in): a caravan's PIX
 * paid turns 'Pago' on the leader's screen without a reload, and the leader finds the summary in the
 * mailbox; 'Inscrever uma caravana »' on the tier for a member already registered on the event; a
 * rejected receipt is tried again from the app on the same registration (and the e-mail says so);
 * an expired PIX offers 'Gerar novo PIX', which is paid.
 */
import { type APIRequestContext, expect as baseExpect, type Page, test } from '@playwright/test';
import { DEMO_EVENTS, DEMO_TIERS, DEMO_USERS } from '../../server/seed/demo.ts';
import { callApi, mailTo, newMember, ownEvent, tokenOf } from './api.ts';
import { expectNoViolations } from './axe.ts';
import { randomCpf } from './cpf.ts';
import { signIn } from './login.ts';

test.describe.configure({ timeout: 180_000 });
test.use({ viewport: { width: 390, height: 844 } });
const expect = baseExpect.configure({ timeout: 20_000 });

/** The smallest PNG header the receipt check accepts (by its bytes). */
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);

/** An event of this spec's own in 9 days, with one tier, so no other spec's registration is in the way. */
async function oneTierEvent(
  request: APIRequestContext,
  title: string,
  methods: string[],
  tier: { name: string; price: number },
) {
  const { eventId, tierIds } = await ownEvent(request, { title, methods }, [tier]);
  return { eventId, tierId: tierIds[0]! };
}

/** The stand-in's payment id, read from the PIX copy-and-paste code (its txid field). */
function paymentIdOf(code: string): string {
  const txid = /62\d{2}05(\d{2})([A-Za-z0-9]+)/.exec(code);
  const id = txid?.[2]?.slice(0, Number(txid[1])).replace(/^MP/, '');
  expect(id).toBeTruthy();
  return id!;
}

async function settlePix(page: Page, paymentId: string, outcome: 'pay' | 'expire') {
  const res = await page.request.post(`/_dev/mercadopago/payments/${paymentId}/${outcome}`, {
    headers: { accept: 'application/json' },
  });
  expect(await res.json()).toEqual({ webhookStatus: 200 });
}

test("a member registered on the event still sees 'Inscrever uma caravana »' on a tier that takes one", async ({
  page,
}) => {
  // membro@ holds a paid registration on the conference ('2º Lote')
  await signIn(page, DEMO_USERS.membro.email);
  await page.goto(`/?event=${DEMO_EVENTS.conference.id}`);
  const tierItem = (name: string) =>
    page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });
  const caravan = tierItem(DEMO_TIERS.conferenceCaravan.name).getByRole('link', {
    name: 'Inscrever uma caravana »',
  });
  await expect(caravan).toBeVisible();
  // not on a tier closed for registration
  await expect(
    tierItem(DEMO_TIERS.conferenceFirst.name).getByRole('link', { name: 'Inscrever uma caravana »' }),
  ).toHaveCount(0);
  await caravan.click();
  await expect(page.getByRole('heading', { name: 'Inscrição em caravana' })).toBeVisible();
});

test('a caravan paid by PIX turns Pago on the leader screen (copy button, deadline) and the leader gets the summary', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 320, height: 640 });
  const EVENT = DEMO_EVENTS.conference;
  const TIER = DEMO_TIERS.conferenceCaravan;
  const tier = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: TIER.name, exact: true }) });
  const leader = await newMember(request, 'Lucia Caravana');
  await signIn(page, leader);
  await page.goto(`/?event=${EVENT.id}`);
  await tier.getByRole('link', { name: 'Inscrever uma caravana »' }).click();
  await expect(page.getByRole('heading', { name: 'Inscrição em caravana' })).toBeVisible();
  const people = ['Marcos Vinícius Reis', 'Sara Lopes Reis'];
  for (const [i, name] of people.entries()) {
    const row = page.getByRole('group', { name: `Pessoa ${i + 1}` });
    await row.getByLabel('Nome completo').fill(name);
    await row.getByLabel('CPF').pressSequentially(randomCpf());
  }
  await page.getByLabel('Forma de pagamento').selectOption({ label: 'PIX' });
  await page.getByRole('button', { name: 'Inscrever caravana »' }).click();

  const status = page.getByTestId('caravan-status');
  await expect(status).toHaveText('Pendente');
  // submitted from the bottom of a long form on a small phone: the outcome is on screen
  await expect(status).toBeInViewport();
  const code = page.getByLabel('Código PIX copia e cola');
  await expect(code).toHaveValue(/^0002/);
  await expect(page.getByRole('button', { name: 'Copiar código' })).toBeVisible();
  await expect(page.getByTestId('caravan-pix-expires')).toHaveText(/^Pague até \d\d\/\d\d\/\d{4} \d\d:\d\d$/);
  await expectNoViolations(page, '/caravan (PIX pending)');
  const pending = await mailTo(request, leader, /^Resumo da caravana \(Pendente\)/);
  expect(pending.text).toContain('Pessoa 1 (Pendente): Marcos Vinícius Reis');

  await settlePix(page, paymentIdOf(await code.inputValue()), 'pay');
  // the same screen, no reload: the status follows the payment
  await expect(status).toHaveText('Pago');
  await expect(status).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await expect(page.getByText('Pagamento recebido! Sua inscrição está confirmada.')).toBeVisible();
  await expect(code).toHaveCount(0);

  const summary = await mailTo(request, leader, /^Resumo da caravana \(Pago\): Conferência Jovem/);
  expect(summary.text).toContain('2 pessoas, total R$');
  expect(summary.text).toContain('Situação do pagamento: Pago');
  expect(summary.text).toContain('Pessoa 1 (Pago): Marcos Vinícius Reis');
  expect(summary.text).toContain('Pessoa 2 (Pago): Sara Lopes Reis');
  expect(summary.link).toMatch(/\/my-registrations\/[0-9a-f-]{36}$/);
  // the link opens the caravan with its tickets
  await page.goto(new URL(summary.link!).pathname);
  await expect(page.getByTestId('caravan-tickets').getByTestId('caravan-ticket')).toHaveCount(2);
});

test('a rejected receipt is tried again from the app on the same registration; it is not listed as pending; the e-mail offers the same', async ({
  page,
  request,
}) => {
  const { eventId, tierId } = await oneTierEvent(
    request,
    'Retiro do comprovante recusado',
    ['file', 'cash'],
    {
      name: 'Lote único',
      price: 2000,
    },
  );
  const email = await newMember(request, 'Rita Comprovante');
  await signIn(page, email);
  const sendReceipt = async () => {
    await page.getByLabel('PIX com envio de comprovante').check();
    await page.getByRole('button', { name: 'Continuar »' }).click();
    await page.getByRole('button', { name: 'Ok, entendi!' }).click();
    await page
      .getByLabel('Comprovante (imagem ou PDF, até 5 MB)')
      .setInputFiles({ name: 'recibo.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('button', { name: 'Enviar comprovante' }).click();
    await expect(page.getByText('Comprovante enviado! Aguarde a análise.').first()).toBeVisible();
  };
  await page.goto(`/checkout/${eventId}/${tierId}`);
  await sendReceipt();

  // staff reject it, asking for another
  const member = await tokenOf(request, email);
  const mine = (await callApi(request, member, 'GET', '/v1/registrations')).body as {
    id: string;
    event_id: string;
    confirmations: { id: string }[];
  }[];
  const registration = mine.find((r) => r.event_id === eventId)!;
  const staff = await tokenOf(request, DEMO_USERS.secretaria.email);
  const rejected = await callApi(
    request,
    staff,
    'POST',
    `/v1/admin/confirmations/${registration.confirmations[0]!.id}/reject`,
    { reason: 'Comprovante ilegível, envie outro' },
  );
  expect(rejected.status).toBe(200);

  // the e-mail: 'Tentar novamente' on the same registration, no "register again"
  const mail = await mailTo(request, email, /^Pagamento recusado: Retiro do comprovante recusado/);
  expect(mail.text).toContain('Motivo: Comprovante ilegível, envie outro');
  expect(mail.link).toMatch(new RegExp(`/checkout/${eventId}/${tierId}$`));
  expect(mail.text).not.toContain('nova inscrição');

  // the app: under 'Não concluídas', not 'Pagamento pendente/análise'
  await page.goto('/my-registrations');
  const unfinished = page.getByRole('region', { name: /^Não concluídas/ });
  await expect(unfinished.getByText('Retiro do comprovante recusado')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Pagamento pendente/análise' })).toHaveCount(0);
  await unfinished.getByText('Retiro do comprovante recusado').click();
  const detail = page.getByTestId('registration-detail');
  await expect(detail).toContainText('Motivo: Comprovante ilegível, envie outro');
  await expect(detail.getByRole('link', { name: 'Tentar novamente' })).toBeVisible();
  await expectNoViolations(page, '/my-registrations/:id (receipt refused)');
  await detail.getByRole('link', { name: 'Tentar novamente' }).click();
  await expect(page.getByText('Passo 1 de 3')).toBeVisible();
  await sendReceipt();
  await page.getByRole('link', { name: 'Ver minha inscrição »' }).click();
  await expect(detail.getByTestId('registration-status')).toHaveText('Em análise');
  const confirmations = detail.getByTestId('confirmation');
  await expect(confirmations).toHaveCount(2);
  await expect(confirmations.nth(0)).toContainText('Em análise');
  await expect(confirmations.nth(1)).toContainText('Rejeitado');
  expect(
    ((await callApi(request, member, 'GET', '/v1/registrations')).body as { event_id: string }[]).filter(
      (r) => r.event_id === eventId,
    ),
  ).toHaveLength(1);
});

test("an expired PIX offers 'Gerar novo PIX' on the same registration, and the new one is paid", async ({
  page,
  request,
}) => {
  const { eventId, tierId } = await oneTierEvent(request, 'Vigília do PIX expirado', ['mp_pix'], {
    name: 'Lote PIX',
    price: 3000,
  });
  const email = await newMember(request, 'Otavio Pix');
  await signIn(page, email);
  await page.goto(`/checkout/${eventId}/${tierId}`);
  await page.getByRole('radio', { name: 'PIX', exact: true }).check();
  await page.getByRole('button', { name: 'Continuar »' }).click();
  await page.getByRole('button', { name: 'Pagar R$ 30,00' }).click();
  const code = page.getByLabel('Código PIX copia e cola');
  await expect(code).toHaveValue(/^0002/);
  const first = await code.inputValue();

  await settlePix(page, paymentIdOf(first), 'expire');
  await expect(page.getByText('O PIX expirou sem pagamento.', { exact: false })).toBeVisible();
  await expectNoViolations(page, '/checkout (PIX expired)');
  await page.getByRole('button', { name: 'Gerar novo PIX' }).click();
  await expect(code).toHaveValue(/^0002/);
  const second = await code.inputValue();
  expect(second).not.toBe(first);
  await expect(page.getByText(/^Pague até /)).toBeVisible();

  await settlePix(page, paymentIdOf(second), 'pay');
  await expect(page.getByTestId('checkout-status')).toHaveText('Pago');
  await page.getByRole('link', { name: 'Ver minha inscrição »' }).click();
  const confirmations = page.getByTestId('registration-detail').getByTestId('confirmation');
  await expect(confirmations).toHaveCount(2);
  await expect(confirmations.nth(0)).toContainText('Pago');
  await expect(confirmations.nth(1)).toContainText('Expirado');
});
