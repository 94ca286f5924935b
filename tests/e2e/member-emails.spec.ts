/**
 * The e-mails a member gets about their registrations, read where a member of the local host reads
 * them (the dev mailbox, /_dev/mail): a free registration is confirmed (ticket code, the link to the
 * ticket, the event as .ics), a cash payment approved by staff, another rejected with the reason.
 * Sent by the outbox after each answer, so they are polled for.
 */
import { readFileSync } from 'node:fs';
import { expect as baseExpect, test } from '@playwright/test';
import { DEMO_EVENTS, DEMO_TIERS, DEMO_USERS } from '../../server/seed/demo.ts';
import { callApi, mailsTo, mailTo, newMember, tokenOf } from './api.ts';
import { signIn } from './login.ts';

test.use({ viewport: { width: 390, height: 844 } });
test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

test('the member finds the confirmation, approval and rejection e-mails with the ticket link and the .ics', async ({
  page,
  request,
}) => {
  const email = await newMember(request);

  // a free registration, made on the checkout screen: confirmed at once
  await signIn(page, email);
  await page.goto(`/checkout/${DEMO_EVENTS.bibleStudy.id}/${DEMO_TIERS.bibleStudyFree.id}`);
  await page.getByRole('button', { name: 'Confirmar inscrição »' }).click();
  await expect(page.getByTestId('checkout-status')).toHaveText('Pago');
  const code = (await page.getByTestId('manual-code').textContent())?.trim();
  expect(code).toMatch(/^\d{3}-\d{3}$/);

  // two cash registrations from the member's phone; staff approve one and reject the other
  const member = await tokenOf(request, email);
  const buy = async (eventId: string, tierId: string) => {
    const res = await callApi(request, member, 'POST', `/v1/checkout/${eventId}/${tierId}`, {
      tierId,
      paymentMethod: 'cash',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [item] = res.body as { registration_id: string; confirmation_id: string }[];
    return item!;
  };
  const approved = await buy(DEMO_EVENTS.conference.id, DEMO_TIERS.conferenceSecond.id);
  const rejected = await buy(DEMO_EVENTS.later.id, DEMO_TIERS.laterCouple.id);
  const staff = await tokenOf(request, DEMO_USERS.secretaria.email);
  expect(
    (await callApi(request, staff, 'POST', `/v1/admin/confirmations/${approved.confirmation_id}/approve`))
      .status,
  ).toBe(200);
  expect(
    (
      await callApi(request, staff, 'POST', `/v1/admin/confirmations/${rejected.confirmation_id}/reject`, {
        reason: 'Pagamento não identificado',
      })
    ).status,
  ).toBe(200);

  const confirmed = await mailTo(request, email, /^Inscrição confirmada: Estudo Bíblico/);
  expect(confirmed.text).toContain(`Código do ingresso: ${code}`);
  await mailTo(request, email, /^Inscrição recebida: Conferência Jovem 2026/);
  const approval = await mailTo(request, email, /^Pagamento aprovado: Conferência Jovem 2026/);
  expect(approval.link).toMatch(new RegExp(`/my-registrations/${approved.registration_id}$`));
  const rejection = await mailTo(request, email, /^Pagamento recusado: Encontro de Casais/);
  expect(rejection.text).toContain('Motivo: Pagamento não identificado');
  expect(rejection.attachments).toEqual([]);
  // each e-mail once
  expect((await mailsTo(request, email)).filter((m) => /^Pagamento aprovado/.test(m.subject))).toHaveLength(
    1,
  );

  // the member reads them in the mailbox page, downloads the calendar file and follows the ticket link
  await page.goto(`/_dev/mail?to=${encodeURIComponent(email)}`);
  const confirmedCard = page.locator('article').filter({ hasText: 'Inscrição confirmada: Estudo Bíblico' });
  await expect(confirmedCard).toContainText(`Código do ingresso: ${code}`);
  const downloading = page.waitForEvent('download');
  await confirmedCard.getByRole('link', { name: 'evento.ics' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('evento.ics');
  const ics = readFileSync((await download.path())!, 'utf8');
  expect(ics).toContain('BEGIN:VCALENDAR');
  expect(ics).toContain('DTSTART;TZID=America/Sao_Paulo:');
  expect(ics.replace(/\r\n /g, '')).toContain('SUMMARY:Estudo Bíblico: Cartas de Paulo');
  await expect(
    page.locator('article').filter({ hasText: 'Pagamento recusado: Encontro de Casais' }),
  ).toContainText('Motivo: Pagamento não identificado');

  const approvalCard = page
    .locator('article')
    .filter({ hasText: 'Pagamento aprovado: Conferência Jovem 2026' });
  await expect(approvalCard.getByRole('link', { name: 'evento.ics' })).toBeVisible();
  await approvalCard.getByRole('link', { name: 'Abrir o link do e-mail' }).click();
  await expect(page).toHaveURL((url) => url.pathname === `/my-registrations/${approved.registration_id}`);
  const detail = page.getByTestId('registration-detail');
  await expect(detail.getByTestId('registration-status')).toHaveText('Pago');
});
