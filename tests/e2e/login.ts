/**
 * Signing a demo user in: as people do (the e-mail form, for the tests about signing in), or through
 * the auth API (`signIn`, for every other test: the sign-in screen's load is not what they test).
 */
import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../../server/seed/demo.ts';
import { ANON_KEY } from './api.ts';

/** sessionStorage key the app sets when the member closes the check-in prompt (checkin-prompt.tsx). */
const CHECKIN_PROMPT_DISMISSED_KEY = 'congrega.checkin-prompt.dismissed';

/**
 * Signs in. The demo member holds a ticket for the event happening now, so the app asks them to
 * check in on every screen; a test about something else starts as a member who already closed that
 * prompt in this tab (`checkinPrompt: true` keeps it, for the tests about it).
 */
export async function login(
  page: Page,
  email: string,
  options: { checkinPrompt?: boolean; password?: string; redirectTo?: string } = {},
) {
  const { password = DEMO_PASSWORD, redirectTo = '/' } = options;
  if (!options.checkinPrompt) await skipCheckinPrompt(page);
  await page.goto(`/auth/login?method=email&redirectTo=${encodeURIComponent(redirectTo)}`);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  // a sign-in is a bcrypt check on the host: room for a busy machine
  await expect(page).toHaveURL((url) => url.pathname === redirectTo, { timeout: 30_000 });
}

/**
 * Signs in without the form: the host's password grant (`/auth/v1/token`, the request the form
 * makes), its session written where supabase-js keeps it (`sb-<host>-auth-token` in localStorage,
 * src/lib/stored-session.ts), then `redirectTo` opened as a member who signed in there would see it.
 * Written once, not by an init script: a test that signs out stays signed out on the next load.
 */
export async function signIn(
  page: Page,
  email: string,
  options: { checkinPrompt?: boolean; password?: string; redirectTo?: string } = {},
) {
  const { password = DEMO_PASSWORD, redirectTo = '/' } = options;
  if (!options.checkinPrompt) await skipCheckinPrompt(page);
  const res = await page.request.post('/auth/v1/token?grant_type=password', {
    headers: { apikey: ANON_KEY },
    data: { email, password },
    timeout: 30_000, // a bcrypt check on the host: room for a busy machine
  });
  expect(res.ok(), `sign-in of ${email}`).toBe(true);
  const session: unknown = await res.json();
  // localStorage is the origin's: a tab not on it yet opens a small page of the host, not the app
  if (!page.url().startsWith('http')) await page.goto('/auth/v1/.well-known/jwks.json');
  await page.evaluate((session) => {
    localStorage.setItem(`sb-${location.hostname.split('.')[0]}-auth-token`, JSON.stringify(session));
  }, session);
  await page.goto(redirectTo);
  await expect(page).toHaveURL((url) => url.pathname === redirectTo);
}

/** The page is a tab where the member already closed the check-in prompt (now and on later loads). */
export async function skipCheckinPrompt(page: Page) {
  await page.addInitScript((key) => sessionStorage.setItem(key, '1'), CHECKIN_PROMPT_DISMISSED_KEY);
  if (page.url().startsWith('http')) {
    await page.evaluate((key) => sessionStorage.setItem(key, '1'), CHECKIN_PROMPT_DISMISSED_KEY);
  }
}
