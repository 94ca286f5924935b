/** Signing a demo user in as people do: the e-mail form, then the home. */
import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../../server/seed/demo.ts';

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

/** The page is a tab where the member already closed the check-in prompt (now and on later loads). */
export async function skipCheckinPrompt(page: Page) {
  await page.addInitScript((key) => sessionStorage.setItem(key, '1'), CHECKIN_PROMPT_DISMISSED_KEY);
  if (page.url().startsWith('http')) {
    await page.evaluate((key) => sessionStorage.setItem(key, '1'), CHECKIN_PROMPT_DISMISSED_KEY);
  }
}
