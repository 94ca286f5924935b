/**
 * Minors with a guardian's consent on the real host: an event that requires it; a 15-year-old
 * registers at checkout giving a guardian; the ticket waits ('Aguardando autorização do
 * responsável'); the guardian opens the link of the e-mail in the dev mailbox and authorizes; the
 * door admits showing 'Menor — autorizado por <nome>'. Another minor's guardian refuses: the door
 * does not admit that ticket.
 */
import { type Browser, expect, type Page, test } from '@playwright/test';
import { DEMO_USERS } from '../../server/seed/demo.ts';
import { ANON_KEY, apiAsPage, mailTo, newMember, tokenOf } from './api.ts';
import { randomCpf } from './cpf.ts';
import { login } from './login.ts';

test.setTimeout(300_000);

async function pageAs(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  await login(page, email);
  return page;
}

/** 'YYYY-MM-DD' of someone who is `years` old (a few days past the birthday) on `at`. */
function bornYearsBefore(at: Date, years: number): string {
  const d = new Date(at);
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() - 5);
  return d.toISOString().slice(0, 10);
}

/** A minor registers at checkout with a guardian; answers their registration's code. */
async function minorRegisters(
  browser: Browser,
  request: Parameters<typeof newMember>[0],
  eventId: string,
  tierId: string,
  startsAt: Date,
  guardian: { name: string; email: string },
) {
  const email = await newMember(request, 'Pedro Menor');
  const page = await pageAs(browser, email);
  await page.goto(`/checkout/${eventId}/${tierId}`);
  await page.getByLabel('Data de nascimento *').fill(bornYearsBefore(startsAt, 15));
  await expect(page.getByTestId('guardian-fields')).toBeVisible();
  await page.getByLabel('Nome completo do responsável').fill(guardian.name);
  await page.getByLabel('CPF do responsável').fill(randomCpf());
  await page.getByLabel('E-mail do responsável').fill(guardian.email);
  await page.getByRole('button', { name: 'Confirmar inscrição »' }).click();
  await expect(page.getByText(/Passo 3 de 3/)).toBeVisible();
  const mine = (await apiAsPage(page, '/v1/registrations')).body as {
    id: string;
    event_id: string;
    seq: string;
  }[];
  const reg = mine.find((r) => r.event_id === eventId)!;
  // the member sees that the ticket waits for the guardian
  await page.goto(`/my-registrations/${reg.id}`);
  await expect(page.getByTestId('guardian-status')).toHaveText('Aguardando autorização do responsável');
  return reg;
}

test('a 15-year-old waits for the guardian, who authorizes from the e-mail; the door names the guardian; a refusal stays invalid', async ({
  browser,
  request,
}) => {
  const headers = {
    apikey: ANON_KEY,
    authorization: `Bearer ${await tokenOf(request, DEMO_USERS.admin.email)}`,
  };
  const venues = (await (await request.get('/functions/v1/api/v1/admin/venues', { headers })).json()) as {
    id: string;
  }[];
  const startsAt = new Date(Date.now() + 3 * 86_400_000);
  const created = await request.post('/functions/v1/api/v1/admin/events', {
    headers,
    data: {
      title: `Retiro de adolescentes ${Date.now()}`,
      starts_at: startsAt.toISOString(),
      registration_policy: 'requires',
      allowed_payment_methods: ['cash'],
      venue_ids: [venues[0]!.id],
      speaker_ids: [],
      tag_ids: [],
    },
  });
  const { id: eventId } = (await created.json()) as { id: string };
  const tier = await request.post(`/functions/v1/api/v1/admin/events/${eventId}/tiers`, {
    headers,
    data: { name: 'Gratuito', price: 0 },
  });
  const tierId = ((await tier.json()) as { id: string }).id;
  const rules = await request.put(`/functions/v1/api/v1/admin/events/${eventId}/minors`, {
    headers,
    data: { min_age: 12, guardian_consent: true },
  });
  expect(rules.status()).toBe(200);

  const mother = { name: 'Ana Responsável Souza', email: `mae.${Date.now()}@exemplo.com` };
  const reg = await minorRegisters(browser, request, eventId, tierId, startsAt, mother);

  // the guardian opens the link of the e-mail and authorizes
  const mail = await mailTo(request, mother.email, /Autorização do responsável/);
  expect(mail.text).toContain('O que guardamos e por quê');
  const guardianPage = await (await browser.newContext({ locale: 'pt-BR' })).newPage();
  await guardianPage.goto(new URL(mail.link!).pathname);
  await expect(guardianPage.getByText(/Pedro Menor se inscreveu/)).toBeVisible();
  await guardianPage.getByRole('button', { name: 'Autorizo a inscrição' }).click();
  await expect(guardianPage.getByTestId('guardian-state')).toHaveText(
    'Obrigado! A inscrição está autorizada.',
  );

  // a second minor: the guardian refuses
  const father = { name: 'Carlos Responsável Lima', email: `pai.${Date.now()}@exemplo.com` };
  const refused = await minorRegisters(browser, request, eventId, tierId, startsAt, father);
  const mail2 = await mailTo(request, father.email, /Autorização do responsável/);
  await guardianPage.goto(new URL(mail2.link!).pathname);
  await guardianPage.getByRole('button', { name: 'Não autorizo' }).click();
  await expect(guardianPage.getByTestId('guardian-state')).toHaveText(/não está autorizada/);

  // the door: the authorized minor comes in naming the guardian; the refused one does not
  const door = await pageAs(browser, DEMO_USERS.voluntario.email);
  await door.goto('/admin/checkin');
  await door.getByLabel('Escolha o evento').selectOption(eventId);
  await expect(door.getByText(/^\d+ inscritos neste aparelho$/)).toBeVisible();
  await door.getByLabel('Código manual ou CPF').fill(refused.seq.trim());
  await door.getByRole('button', { name: 'Fazer checkin' }).click();
  await expect(door.getByTestId('door-answer')).toHaveClass(/door-feedback-not_paid/);
  await door.getByLabel('Código manual ou CPF').fill(reg.seq.trim());
  await door.getByRole('button', { name: 'Fazer checkin' }).click();
  // the camp starts in three days: outside its check-in window the door asks first
  await door.getByRole('button', { name: 'Admitir mesmo assim' }).click();
  await expect(door.locator('.door-feedback-message')).toContainText(`Menor — autorizado por ${mother.name}`);
});
