/** Signing a demo user in as people do: the e-mail form, then the home. */
import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../../server/seed/demo.ts';

export async function login(page: Page, email: string) {
  await page.goto('/auth/login?method=email');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
}
