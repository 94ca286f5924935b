/**
 * Staff payment review on the real host (demo seed, server/seed/adminreg.ts): secretaria@ reaches
 * 'Inscrições' from the menu, on the receipts in analysis; opens a receipt; approves one; rejects a
 * cash one with a reason the member then reads on /my-registrations; 'Excluir'; filters and the empty text. A member
 * without the permission has no menu item, is sent home, and the API answers 403.
 */
import { expect, type Page, test } from '@playwright/test';
import { ADMINREG_DEMO } from '../../server/seed/adminreg.ts';
import { DEMO_USERS } from '../../server/seed/demo.ts';
import { apiAsPage } from './api.ts';
import { signIn } from './login.ts';

test.use({ viewport: { width: 1024, height: 900 } });
// several sign-ins (bcrypt) per test on a shared machine
test.setTimeout(180_000);

const confirmation = (first: string) => ADMINREG_DEMO.confirmations.find((a) => a.name.startsWith(first))!;

const rows = (page: Page) => page.locator('.review-row');
const rowOf = (page: Page, name: string) => rows(page).filter({ hasText: name });

test('secretaria@ reviews: analysis filter first, opens a receipt, approves one', async ({ page }) => {
  await signIn(page, DEMO_USERS.secretaria.email);
  await page.getByRole('button', { name: 'Abrir menu' }).click();
  await page.getByRole('link', { name: 'Todas as Inscrições' }).click();
  await expect(page).toHaveURL(/\/admin\/registrations$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Inscrições' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Comprovantes em análise' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // the receipts in analysis, sorted by name (accents ignored: Ângela with the a's)
  const angela = confirmation('Ângela');
  const julia = confirmation('Júlia');
  await expect(rows(page).first()).toContainText(angela.name);
  const names = await page.locator('.review-name').allTextContents();
  const expected = ADMINREG_DEMO.confirmations
    .filter((a) => a.strategy === 'file' && a.status === 'analysis')
    .map((a) => a.name)
    .filter((n) => names.includes(n));
  expect(names.length).toBeGreaterThanOrEqual(3);
  expect(names).toEqual(
    [...expected].sort((a, b) =>
      a.normalize('NFD').replace(/\p{M}/gu, '').localeCompare(b.normalize('NFD').replace(/\p{M}/gu, '')),
    ),
  );

  // expand a row: event and tier, method, status, e-mail, value, badge link; open its receipt
  const row = rowOf(page, angela.name);
  await row.getByRole('button', { name: new RegExp(angela.name) }).click();
  await expect(row.getByText(angela.email)).toBeVisible();
  await expect(row.getByText('Em análise').first()).toBeVisible();
  await expect(row.getByText('R$ 40,00').first()).toBeVisible();
  const badge = row.getByRole('link', { name: 'Imprimir crachá' });
  const badgeUrl = new URL((await badge.getAttribute('href'))!, 'http://x');
  expect(badgeUrl.pathname).toBe('/admin/badge');
  expect(badgeUrl.searchParams.get('name')).toBe(angela.name);
  expect(badgeUrl.searchParams.get('code')).toBe(angela.registrationId);
  expect(badgeUrl.searchParams.get('temple')).toBeTruthy();
  await row.getByRole('button', { name: 'Ver comprovante' }).click();
  const viewer = page.getByRole('dialog', { name: new RegExp(`Comprovante — ${angela.name}`) });
  const image = viewer.getByRole('img');
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
  await viewer.getByRole('button', { name: 'Fechar' }).click();
  await expect(viewer).toBeHidden();

  // approve Júlia's receipt: 'Aprovar' asks first (who, what, how much); 'Voltar' changes nothing
  const juliaRow = rowOf(page, julia.name);
  await juliaRow.getByRole('button', { name: new RegExp(julia.name) }).click();
  await expect(juliaRow.getByRole('button', { name: 'Rejeitar' })).toBeVisible();
  await juliaRow.getByRole('button', { name: 'Aprovar' }).click();
  const approve = page.getByRole('dialog', { name: 'Aprovar pagamento?' });
  await expect(approve).toContainText(julia.name);
  await approve.getByRole('button', { name: 'Voltar' }).click();
  await expect(approve).toBeHidden();
  await expect(rowOf(page, julia.name)).toHaveCount(1);
  await juliaRow.getByRole('button', { name: 'Aprovar' }).click();
  await approve.getByRole('button', { name: 'Sim, aprovar' }).click();
  // the row leaves, a notice says so, 'Pagos' lists her
  await expect(page.getByRole('status').filter({ hasText: 'Pagamento aprovado.' })).toBeVisible();
  await expect(rowOf(page, julia.name)).toHaveCount(0);
  await page.getByRole('button', { name: 'Pagos', exact: true }).click();
  await expect(rowOf(page, julia.name)).toContainText('Pago');

  // the member's /my-registrations says Pago
  await page.evaluate(() => localStorage.clear());
  await signIn(page, julia.email, { redirectTo: `/my-registrations/${julia.registrationId}` });
  const detail = page.getByRole('dialog');
  await expect(detail).toContainText('Conferência Jovem 2026');
  await expect(detail.getByText('Pago').first()).toBeVisible();
  const mine = await apiAsPage(page, '/v1/registrations');
  const registration = (mine.body as { id: string; status: string }[]).find(
    (r) => r.id === julia.registrationId,
  );
  expect(registration?.status).toBe('paid');
});

test('rejects a cash payment with a reason the member reads; Excluir; filters; empty text', async ({
  page,
}) => {
  const patricia = confirmation('Patrícia');
  const rodrigo = confirmation('Rodrigo');
  await signIn(page, DEMO_USERS.secretaria.email, { redirectTo: '/admin/registrations' });
  await page.getByRole('button', { name: 'Pendentes em Pagamento presencial' }).click();
  await expect(rowOf(page, patricia.name)).toBeVisible();
  await expect(rows(page).filter({ hasText: 'Comprovante PIX' })).toHaveCount(0);

  // Rejeitar asks for a reason of 3+ characters
  const row = rowOf(page, patricia.name);
  await row.getByRole('button', { name: new RegExp(patricia.name) }).click();
  await row.getByRole('button', { name: 'Rejeitar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rejeitar pagamento' });
  await dialog.getByLabel(/Motivo/).fill('ab');
  await dialog.getByRole('button', { name: 'Rejeitar' }).click();
  await expect(dialog.getByText('O motivo deve ter ao menos 3 caracteres')).toBeVisible();
  await dialog.getByLabel(/Motivo/).fill('Pagamento não identificado no caixa');
  await dialog.getByRole('button', { name: 'Rejeitar' }).click();
  await expect(dialog).toBeHidden();
  await expect(rowOf(page, patricia.name)).toHaveCount(0);

  // Excluir (reason) on another pending cash one
  const other = rowOf(page, rodrigo.name);
  await other.getByRole('button', { name: new RegExp(rodrigo.name) }).click();
  await other.getByRole('button', { name: 'Excluir' }).click();
  const remove = page.getByRole('dialog', { name: 'Excluir inscrição' });
  await remove.getByLabel(/Motivo/).fill('Inscrição em duplicidade');
  await remove.getByRole('button', { name: 'Excluir' }).click();
  await expect(rowOf(page, rodrigo.name)).toHaveCount(0);

  // PIX Expirados
  await page.getByRole('button', { name: 'PIX Expirados' }).click();
  for (const a of ADMINREG_DEMO.confirmations.filter(
    (x) => x.strategy === 'mp_pix' && x.status === 'expired',
  )) {
    await expect(rowOf(page, a.name)).toBeVisible();
  }
  await expect(rows(page)).toHaveCount(3);

  // Outros filtros: status, method and 'Nome ou email' (accents ignored); then nothing matches
  await page.getByRole('button', { name: 'Outros filtros' }).click();
  await page.getByLabel('Status').selectOption({ label: 'Rejeitado' });
  await page.getByLabel('Método de pagamento').selectOption({ label: 'Pagamento presencial' });
  await page.getByLabel('Nome ou email').fill('patricia');
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(rows(page)).toHaveCount(1);
  await rowOf(page, patricia.name)
    .getByRole('button', { name: new RegExp(patricia.name) })
    .click();
  await expect(rowOf(page, patricia.name).getByText('Pagamento não identificado no caixa')).toBeVisible();
  // a decided attempt offers no Aprovar/Rejeitar/Excluir
  await expect(rowOf(page, patricia.name).getByRole('button', { name: 'Aprovar' })).toHaveCount(0);
  await page.getByLabel('Nome ou email').fill('ninguem-com-esse-nome');
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page.getByText('Não há inscrições para os filtros selecionados.')).toBeVisible();

  // the member reads the reason on /my-registrations
  await page.evaluate(() => localStorage.clear());
  await signIn(page, patricia.email, { redirectTo: `/my-registrations/${patricia.registrationId}` });
  await expect(page.getByRole('dialog').getByText(/Pagamento não identificado no caixa/)).toBeVisible();
});

test('a member without the permission: no menu item, sent home, the API says 403', async ({ page }) => {
  await signIn(page, DEMO_USERS.membro.email);
  await page.getByRole('button', { name: 'Abrir menu' }).click();
  await expect(page.getByRole('link', { name: 'Minhas inscrições' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Todas as Inscrições' })).toHaveCount(0);
  await page.goto('/admin/registrations');
  await expect(page).toHaveURL((url) => url.pathname === '/');
  expect((await apiAsPage(page, '/v1/admin/confirmations')).status).toBe(403);
  const id = confirmation('Bruno').confirmationId;
  expect((await apiAsPage(page, `/v1/admin/confirmations/${id}/approve`, { method: 'POST' })).status).toBe(
    403,
  );

  // lider@ reads the list but may not decide
  await page.evaluate(() => localStorage.clear());
  await signIn(page, DEMO_USERS.lider.email, { redirectTo: '/admin/registrations' });
  await expect(rowOf(page, confirmation('Bruno').name)).toBeVisible();
  await rowOf(page, confirmation('Bruno').name).getByRole('button', { name: /Bruno/ }).click();
  await expect(page.getByRole('button', { name: 'Aprovar' })).toHaveCount(0);
  expect((await apiAsPage(page, `/v1/admin/confirmations/${id}/approve`, { method: 'POST' })).status).toBe(
    403,
  );
});
