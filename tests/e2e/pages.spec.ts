/**
 * Every route has its <title>; an unknown address shows 'Página não encontrada' inside the main
 * layout with a way back.
 */
import { expect, test } from '@playwright/test';
import { DEMO_EVENTS } from '../../server/seed/demo.ts';

test.use({ viewport: { width: 390, height: 844 } });

test('each route has its title', async ({ page }) => {
  const titles: [string, string][] = [
    ['/', 'Próximos Eventos · Congrega'],
    ['/all', 'Todos os eventos · Congrega'],
    ['/fastpass', 'Fastpass · Congrega'],
    ['/auth/login', 'Entrar · Congrega'],
    ['/auth/signup', 'Criar conta · Congrega'],
    ['/auth/forgot', 'Recuperar senha · Congrega'],
    ['/auth/confirmation', 'Confirme seu e-mail · Congrega'],
    ['/auth/reset-password', 'Trocar senha · Congrega'],
    ['/nao-existe', 'Página não encontrada · Congrega'],
  ];
  for (const [path, title] of titles) {
    await page.goto(path);
    await expect(page, path).toHaveTitle(title);
  }
});

test("an event page is titled with the event's title, and titles follow client-side navigation", async ({
  page,
}) => {
  await page.goto(`/events/${DEMO_EVENTS.conference.id}`);
  await expect(page).toHaveTitle(`${DEMO_EVENTS.conference.title} · Congrega`);
  await page.getByRole('link', { name: 'Congrega, página inicial' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page).toHaveTitle('Próximos Eventos · Congrega');
  await page.getByRole('link', { name: 'Ver todos os eventos' }).click();
  await expect(page).toHaveTitle('Todos os eventos · Congrega');
  await page.goto('/events/e4a8b2c6-3d5f-4a7b-9c1e-d00000000999');
  await expect(page).toHaveTitle('Evento não encontrado · Congrega');
});

test('the 404 page renders inside the main layout with a way back home', async ({ page }) => {
  await page.goto('/isto/nao/existe');
  await expect(page.getByRole('heading', { level: 1, name: 'Página não encontrada' })).toBeVisible();
  // the main layout: header with the menu toggle and the logo, the skip link target
  await expect(page.getByRole('banner').getByRole('button', { name: 'Abrir menu' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('Página não encontrada');
  await page.getByRole('button', { name: 'Abrir menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('link', { name: 'Voltar para o início' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Próximos Eventos' })).toBeVisible();
});

test('an unknown address under /auth stays in the auth layout', async ({ page }) => {
  await page.goto('/auth/nao-existe');
  await expect(page.getByRole('heading', { level: 1, name: 'Página não encontrada' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Voltar para o início' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Abrir menu' })).toHaveCount(0);
});
