/**
 * A session the server ended (staff reset the member's password, the account was deleted on another
 * device): the member's app does not keep showing the old screens as signed in. At the next answer of
 * the server it signs out, wipes the member's data (query cache and kept answers, `me` among them) and
 * lands on the sign-in with a notice saying why; signing in again brings the member back.
 */
import { expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS } from '../../server/seed/demo.ts';
import { ANON_KEY, callApi, mailTo, newMember, tokenOf } from './api.ts';
import { login } from './login.ts';
import { storeContents } from './stored.ts';

test.use({ viewport: { width: 390, height: 844 } });

const ENDED_NOTICE = /Sua sessão terminou/;

/** The member's screens, signed in, with their data in the cache and kept on the device. */
async function memberWithData(page: Page, email: string, memberId: string): Promise<void> {
  await login(page, email, { redirectTo: '/my-registrations' });
  await expect(page.getByRole('heading', { name: 'Minhas inscrições' })).toBeVisible();
  await expect
    .poll(async () => (await storeContents(page)).keys.includes(profileKey(memberId)), {
      message: 'the member’s `me` (and the rest of their answers) kept on the device',
    })
    .toBe(true);
}

/** The kept `me` query's key (data/me-query.ts): the app keeps `me` nowhere else. */
const profileKey = (memberId: string) => JSON.stringify(['me', memberId, 'profile']);

/** The sign-in with the notice, and nothing of the member left on the device. */
async function landsOnCleanSignIn(page: Page, memberId: string): Promise<void> {
  await expect(page).toHaveURL((url) => url.pathname === '/auth/login');
  await expect(page.getByRole('status').filter({ hasText: ENDED_NOTICE })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Acesse sua conta' })).toBeInViewport();
  await expect
    .poll(async () => {
      const { keys } = await storeContents(page);
      return {
        session: await page.evaluate(() =>
          Object.keys(localStorage).filter((k) => /^sb-.+-auth-token$/.test(k)),
        ),
        me: keys.includes(profileKey(memberId)),
        kept: keys.filter((k) => k.startsWith('["me",')),
      };
    })
    .toEqual({ session: [], me: false, kept: [] });
}

test('staff reset the member’s password: the member’s app lands on a clean sign-in, the new password works', async ({
  page,
  request,
}) => {
  const email = await newMember(request, 'Renata Sessao');
  const memberId = (await callApi<{ id: string }>(request, await tokenOf(request, email), 'GET', '/v1/me'))
    .body.id;
  await memberWithData(page, email, memberId);

  const staff = await tokenOf(request, DEMO_USERS.secretaria.email);
  const reset = await callApi(request, staff, 'POST', '/v1/admin/pwd-reset', { email, pwd: 'nova-senha-42' });
  expect(reset.status, JSON.stringify(reset.body)).toBe(200);

  // The member goes on using the app (no reload): the next request finds the session over.
  await page.getByRole('link', { name: 'Meu perfil' }).click();
  await landsOnCleanSignIn(page, memberId);
  expect(new URL(page.url()).searchParams.get('redirectTo')).toBe('/profile');
  // the old screens are gone: as a guest, the member's page asks for a sign-in again
  await page.goto('/my-registrations');
  await expect(page).toHaveURL((url) => url.pathname === '/auth/login');

  // signing in with the new password brings the member back where they were going
  await page.goto('/auth/login?method=email&reason=session-ended&redirectTo=%2Fmy-registrations');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Senha', { exact: true }).fill('nova-senha-42');
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/my-registrations', { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Minhas inscrições' })).toBeVisible();
});

test('the account deleted on another device: this device lands on a clean sign-in at its next request', async ({
  page,
  request,
}) => {
  const email = await newMember(request, 'Otavio Outro');
  const token = await tokenOf(request, email);
  const memberId = (await callApi<{ id: string }>(request, token, 'GET', '/v1/me')).body.id;
  await memberWithData(page, email, memberId);

  const deleted = await callApi(request, token, 'POST', '/v1/me/delete', { password: DEMO_PASSWORD });
  expect(deleted.status, JSON.stringify(deleted.body)).toBeLessThan(300);

  // a reload of the member's page (the stored token still looks valid)
  await page.reload();
  await landsOnCleanSignIn(page, memberId);
});

test('an invited person whose session no longer works is not stuck on the welcome screen', async ({
  page,
  request,
}) => {
  const email = `convite.${Date.now().toString(36)}@exemplo.com`;
  const staff = await tokenOf(request, DEMO_USERS.secretaria.email);
  // a person without the first access done: an account with a password, no welcome yet
  const signup = await request.post('/auth/v1/signup', {
    headers: { apikey: ANON_KEY },
    data: { email, password: DEMO_PASSWORD, data: { display_name: 'Ivo Convidado' } },
  });
  expect(signup.ok()).toBe(true);
  const confirm = await mailTo(request, email, /Confirme seu cadastro/);
  expect((await request.get(confirm.link!)).ok()).toBe(true);

  await page.goto('/auth/login?method=email');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/auth/welcome', { timeout: 30_000 });
  // whoever it is may leave for another account
  await expect(page.getByRole('button', { name: 'Entrar com outra conta' })).toBeVisible();

  // staff reset the password: the session ends while the welcome is open
  const reset = await callApi(request, staff, 'POST', '/v1/admin/pwd-reset', { email, pwd: 'outra-senha-7' });
  expect(reset.status, JSON.stringify(reset.body)).toBe(200);
  await page.reload();
  await expect(page).toHaveURL((url) => url.pathname === '/auth/login');
  await expect(page.getByRole('status').filter({ hasText: ENDED_NOTICE })).toBeVisible();
});

test('“Entrar com outra conta” on the welcome signs out and opens the sign-in', async ({ page, request }) => {
  const email = `boasvindas.${Date.now().toString(36)}@exemplo.com`;
  const signup = await request.post('/auth/v1/signup', {
    headers: { apikey: ANON_KEY },
    data: { email, password: DEMO_PASSWORD, data: { display_name: 'Bia Boasvindas' } },
  });
  expect(signup.ok()).toBe(true);
  const confirm = await mailTo(request, email, /Confirme seu cadastro/);
  expect((await request.get(confirm.link!)).ok()).toBe(true);

  await page.goto('/auth/login?method=email');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/auth/welcome', { timeout: 30_000 });
  await page.getByRole('button', { name: 'Entrar com outra conta' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/auth/login');
  await expect(page.getByText(ENDED_NOTICE)).toHaveCount(0);
  await expect
    .poll(() => page.evaluate(() => Object.keys(localStorage).filter((k) => /^sb-.+-auth-token$/.test(k))))
    .toEqual([]);
});
