/**
 * The staff's people tools at 320 and 390 px: axe (WCAG 2.0 A/AA, 2.1 AA) clean, and no horizontal
 * scroll — /admin, the user search with results, a person's page with roles and audit (admin), the
 * third-party signup with an event chosen, the password reset with its errors.
 */
import { expect, type Page, test } from '@playwright/test';
import { ADMINREG_DEMO } from '../../server/seed/adminreg.ts';
import { DEMO_EVENTS, DEMO_USERS } from '../../server/seed/demo.ts';
import { expectNoViolations } from './axe.ts';
import { signIn } from './login.ts';

test.setTimeout(120_000);

/** axe and no horizontal scroll on the screen as loaded at 320 px, then again widened to 390 px. */
async function expectClean(page: Page, screen: string) {
  for (const width of [320, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await expectNoViolations(page, `${screen} at ${width} px`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `horizontal scroll on ${screen} at ${width} px`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 320, height: 800 });
}

// One sign-in and one load per screen, checked at both widths (a test per width loaded each twice).
test('staff people tools at 320 and 390 px', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 800 });
  await signIn(page, DEMO_USERS.admin.email);

  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Ferramentas da equipe' })).toBeVisible();
  await expectClean(page, '/admin');

  await page.goto('/admin/users?q=a');
  await expect(page.locator('.users-row').first()).toBeVisible({ timeout: 30_000 });
  await expectClean(page, '/admin/users');

  const someone = ADMINREG_DEMO.confirmations.find((a) => a.name.startsWith('Júlia'))!;
  await page.goto(`/admin/users/${someone.userId}`);
  await expect(page.getByRole('heading', { name: 'Histórico de alterações' })).toBeVisible({
    timeout: 30_000,
  });
  await expectClean(page, '/admin/users/:id');

  await page.goto('/admin/single-page-signup');
  const event = page.getByLabel('Evento', { exact: true });
  await expect(event.locator('option', { hasText: DEMO_EVENTS.conference.title }).first()).toBeAttached();
  await event.selectOption({ index: 1 });
  await page.getByLabel('E-mail da pessoa').fill(DEMO_USERS.membro.email);
  await expect(page.getByText(/já tem conta/)).toBeVisible();
  await expectClean(page, '/admin/single-page-signup');

  await page.goto('/admin/pwd-reset');
  await page.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(page.getByText('Campo obrigatório').first()).toBeVisible();
  await expectClean(page, '/admin/pwd-reset');
});
