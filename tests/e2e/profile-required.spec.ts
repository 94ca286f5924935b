/**
 * A confirmed account that never completed its first access (no CPF, WhatsApp or congregation)
 * cannot register: the checkout says why and takes the member to /auth/welcome, which asks for them
 * and comes back to the checkout.
 */
import { expect as baseExpect, test } from '@playwright/test';
import { DEMO_EVENTS, DEMO_TIERS } from '../../server/seed/demo.ts';
import { randomCpf } from './cpf.ts';

test.use({ viewport: { width: 390, height: 844 } });
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const ANON_KEY = 'sb_publishable_congrega_local';

test('checkout without a completed profile goes to /auth/welcome and back', async ({ page, request }) => {
  // an account made straight on auth (as a script or another app could): confirmed, marked welcomed,
  // but without a profile
  const email = `sem.perfil.${Date.now()}@exemplo.com`;
  const password = 'segredo123';
  const signup = await request.post('/auth/v1/signup', {
    headers: { apikey: ANON_KEY },
    data: { email, password, data: { display_name: 'Sem Perfil', welcome: true, hasUser: true } },
  });
  expect(signup.ok()).toBe(true);
  let link: string | null = null;
  await expect
    .poll(async () => {
      const mails = (await (await request.get(`/_dev/mail.json?to=${encodeURIComponent(email)}`)).json()) as {
        link: string | null;
      }[];
      link = mails.find((m) => m.link)?.link ?? null;
      return link;
    })
    .not.toBeNull();
  await request.get(link!, { maxRedirects: 0 });

  await page.goto('/auth/login?method=email');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');

  const path = `/checkout/${DEMO_EVENTS.conference.id}/${DEMO_TIERS.conferenceFree.id}`;
  await page.goto(path);
  await page.getByRole('button', { name: 'Confirmar inscrição »' }).click();
  await expect(
    page.getByText('Complete seu cadastro (CPF, WhatsApp e congregação) antes de se inscrever.', {
      exact: false,
    }),
  ).toBeVisible();
  await expect(page).toHaveURL(
    (url) => url.pathname === '/auth/welcome' && url.searchParams.get('redirectTo') === path,
  );

  // the member completes the profile and is back on the checkout, which now goes through
  await page.getByLabel('CPF', { exact: true }).pressSequentially(randomCpf());
  await page.getByLabel('WhatsApp', { exact: true }).pressSequentially('21998765432');
  await page.getByLabel('Sou de outro ministério').check();
  await page.getByLabel('Nome da sua igreja').fill('Igreja da Esquina');
  await page.getByLabel(/Autorizo o Congrega a guardar minha congregação/).check();
  await page.getByRole('button', { name: 'Salvar e continuar' }).click();
  await expect(page).toHaveURL((url) => url.pathname === path);
  await page.getByRole('button', { name: 'Confirmar inscrição »' }).click();
  await expect(page.getByTestId('checkout-status')).toHaveText('Pago');
});
