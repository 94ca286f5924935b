/**
 * Data rights (LGPD) as a new member lives them: the welcome asks for the congregation with its own
 * unticked consent; the profile edits save; 'Baixar meus dados' downloads a JSON with the consent,
 * the registrations and the staff's reads of the person's data made during the test; 'Excluir minha
 * conta' ends the session, the person cannot sign in again, and staff still see the registration,
 * anonymised, with its payment.
 */
import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect as baseExpect, test } from '@playwright/test';
import { DEMO_EVENTS, DEMO_PASSWORD, DEMO_TIERS, DEMO_USERS } from '../../server/seed/demo.ts';
import { randomCpf } from './cpf.ts';
import { signIn, skipCheckinPrompt } from './login.ts';

test.use({ viewport: { width: 390, height: 844 } });
test.describe.configure({ timeout: 240_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const ANON_KEY = 'sb_publishable_congrega_local';
const CONSENT = /Autorizo o Congrega a guardar minha congregação/;

async function confirmLink(request: APIRequestContext, to: string): Promise<string> {
  let link: string | null = null;
  await expect
    .poll(async () => {
      const res = await request.get(`/_dev/mail.json?to=${encodeURIComponent(to)}`);
      const mails = (await res.json()) as { subject: string; link: string | null }[];
      link = mails.find((m) => /Confirme seu cadastro/.test(m.subject))?.link ?? null;
      return link;
    })
    .not.toBeNull();
  return link!;
}

async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.post('/auth/v1/token?grant_type=password', {
    headers: { apikey: ANON_KEY },
    data: { email, password: DEMO_PASSWORD },
  });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { access_token: string }).access_token;
}

async function api(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST',
  path: string,
  data?: unknown,
) {
  const res = await request.fetch(`/functions/v1/api${path}`, {
    method,
    headers: { apikey: ANON_KEY, authorization: `Bearer ${token}` },
    data,
  });
  return { status: res.status(), body: (await res.json()) as Record<string, unknown> };
}

test('consent at welcome, profile edits, the export with staff reads, and deleting the account', async ({
  page,
  browser,
  request,
}) => {
  // a new account, confirmed from its e-mail: the link signs in and lands on the welcome
  const email = `lgpd.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@exemplo.com`;
  const signup = await request.post('/auth/v1/signup', {
    headers: { apikey: ANON_KEY },
    data: { email, password: DEMO_PASSWORD, data: { display_name: 'Lia Dados Souza' } },
  });
  expect(signup.ok()).toBe(true);
  await skipCheckinPrompt(page);
  await page.goto(await confirmLink(request, email));
  await expect(page).toHaveURL(/\/auth\/welcome/);

  // the welcome: with a congregation chosen, the save waits for the separate, unticked consent
  const save = page.getByRole('button', { name: 'Salvar e continuar' });
  await expect(save).toBeVisible();
  await page.getByLabel('CPF', { exact: true }).pressSequentially(randomCpf());
  await page.getByLabel('WhatsApp', { exact: true }).pressSequentially('21998765432');
  const combo = page.getByRole('combobox', { name: 'Congregação' });
  await combo.click();
  await combo.fill('Sede');
  await page.getByRole('option', { name: /Sede/ }).first().click();
  const consent = page.getByLabel(CONSENT);
  await expect(consent).not.toBeChecked();
  await expect(save).toBeDisabled();
  await expect(page.getByRole('link', { name: 'Saiba como usamos seus dados' })).toHaveAttribute(
    'href',
    '/privacidade',
  );
  await consent.check();
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page).toHaveURL((url) => !url.pathname.startsWith('/auth/'));

  // a cash registration, approved by staff: a payment the accounts keep
  const member = await tokenOf(request, email);
  const me = await api(request, member, 'GET', '/v1/me');
  const memberId = me.body.id as string;
  const buy = await api(
    request,
    member,
    'POST',
    `/v1/checkout/${DEMO_EVENTS.conference.id}/${DEMO_TIERS.conferenceSecond.id}`,
    { tierId: DEMO_TIERS.conferenceSecond.id, paymentMethod: 'cash' },
  );
  expect(buy.status, JSON.stringify(buy.body)).toBe(201);
  const [item] = buy.body as unknown as { registration_id: string; confirmation_id: string }[];
  const staff = await tokenOf(request, DEMO_USERS.secretaria.email);
  expect(
    (await api(request, staff, 'POST', `/v1/admin/confirmations/${item!.confirmation_id}/approve`)).status,
  ).toBe(200);

  // staff open the person's page (a read that is recorded)
  const staffContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const staffPage = await staffContext.newPage();
  await signIn(staffPage, DEMO_USERS.secretaria.email);
  await staffPage.goto(`/admin/users/${memberId}`);
  await expect(staffPage.getByText('Lia Dados Souza').first()).toBeVisible();

  // the profile: edits save
  await page.goto('/profile');
  await page.getByLabel('Nome completo', { exact: true }).fill('Lia Dados Souza Lima');
  // the phone field (the reminders' channel choice has a 'WhatsApp' option too)
  const phone = page.getByRole('textbox', { name: 'WhatsApp', exact: true });
  await phone.click();
  await phone.press('ControlOrMeta+a');
  await phone.press('Backspace');
  await expect(phone).toHaveValue('');
  await phone.pressSequentially('31991234567');
  await expect(phone).toHaveValue('(31) 99123-4567');
  await page.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(page.getByText('Dados salvos!')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Nome completo', { exact: true })).toHaveValue('Lia Dados Souza Lima');
  await expect(phone).toHaveValue('(31) 99123-4567');
  await expect(page.getByText(/Você autorizou em/)).toBeVisible();

  // 'Baixar meus dados': the consent, the registration and the staff's read
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Baixar meus dados' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('meus-dados-congrega.json');
  const data = JSON.parse(readFileSync((await download.path())!, 'utf8'));
  expect(data.profile).toMatchObject({ name: 'Lia Dados Souza Lima', email, phone: '31991234567' });
  expect(data.consents).toEqual([
    expect.objectContaining({ purpose: 'congregation', revoked_at: null, text_version: expect.any(String) }),
  ]);
  expect(data.registrations).toEqual([
    expect.objectContaining({
      id: item!.registration_id,
      status: 'paid',
      payment_attempts: [expect.objectContaining({ strategy: 'cash', status: 'paid' })],
    }),
  ]);
  expect(data.staff_accesses).toContainEqual(
    expect.objectContaining({ action: 'person.view', by: DEMO_USERS.secretaria.name }),
  );

  // 'Excluir minha conta': a wrong password is refused, the right one deletes and signs out
  await page.getByRole('button', { name: 'Excluir minha conta' }).click();
  await page.getByLabel('Sua senha').fill('senha-errada');
  await page.getByRole('button', { name: 'Excluir definitivamente' }).click();
  await expect(page.getByText('Senha incorreta. Confira e tente de novo.')).toBeVisible();
  await page.getByLabel('Sua senha').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Excluir definitivamente' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByText('Sua conta foi excluída.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Entrar', exact: true })).toBeVisible();
  // the token of another device stopped working too
  expect((await api(request, member, 'GET', '/v1/me')).status).toBe(401);

  // signing in again fails
  await page.goto('/auth/login?method=email');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page.getByText('Email ou senha inválidos.')).toBeVisible();

  // staff: the registration stays, anonymised, with its payment
  await staffPage.goto('/admin/registrations');
  await staffPage.getByRole('button', { name: 'Outros filtros' }).click();
  await staffPage.getByLabel('Nome ou email').fill('Conta excluída');
  await staffPage.getByRole('button', { name: 'Filtrar' }).click();
  const row = staffPage.locator('.review-row').filter({ hasText: 'Conta excluída' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(DEMO_EVENTS.conference.title);
  await expect(row).not.toContainText('Lia');
  await staffContext.close();
});
