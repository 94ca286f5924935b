/**
 * Minors with a guardian's consent on the real host: an event that requires it; a 15-year-old
 * registers at checkout giving a guardian; the ticket waits ('Aguardando autorização do
 * responsável'); the guardian opens the link of the e-mail in the dev mailbox and authorizes; the
 * door admits showing 'Menor — autorizado por <nome>'. Another minor's guardian refuses: the door
 * does not admit that ticket. A caravan leader registers an adult and a 15-year-old (the birth date
 * and guardian per person); the desk signs up a minor and records the guardian's paper.
 */
import { type Browser, expect, type Page, test } from '@playwright/test';
import { DEMO_USERS } from '../../server/seed/demo.ts';
import { apiAsPage, mailTo, newMember, ownEvent } from './api.ts';
import { randomCpf } from './cpf.ts';
import { signIn } from './login.ts';

test.setTimeout(300_000);

async function pageAs(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  await signIn(page, email);
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

/** A camp in three days (free tier) with a minimum age of 12 and the guardian's consent under 18. */
async function campWithAgeRules(request: Parameters<typeof newMember>[0]) {
  const { eventId, tierIds, startsAt, headers } = await ownEvent(
    request,
    { title: `Retiro de adolescentes ${Date.now()}`, methods: ['cash'], days: 3 },
    [{ name: 'Gratuito', price: 0 }],
  );
  const rules = await request.put(`/functions/v1/api/v1/admin/events/${eventId}/minors`, {
    headers,
    data: { min_age: 12, guardian_consent: true },
  });
  expect(rules.status()).toBe(200);
  return { eventId, tierId: tierIds[0]!, startsAt };
}

test('a 15-year-old waits for the guardian, who authorizes from the e-mail; the door names the guardian; a refusal stays invalid', async ({
  browser,
  request,
}) => {
  const { eventId, tierId, startsAt } = await campWithAgeRules(request);

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

test('a caravan leader registers an adult and a 15-year-old; the guardian authorizes from the e-mail; the door names the guardian; the desk signs up a minor', async ({
  browser,
  request,
}) => {
  const { eventId, tierId, startsAt } = await campWithAgeRules(request);
  const leaderEmail = await newMember(request, 'Lia Líder');
  const leader = await pageAs(browser, leaderEmail);

  // the leader's own birth date, kept in the profile
  await leader.goto('/profile');
  await leader.getByLabel('Data de nascimento').fill('1994-06-20');
  await leader.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(leader.getByText('Dados salvos!')).toBeVisible();
  expect(
    ((await apiAsPage(leader, '/v1/me')).body as { profile: { birth_date: string } }).profile.birth_date,
  ).toBe('1994-06-20');
  // the checkout of an event with age rules fills it from the profile
  await leader.goto(`/checkout/${eventId}/${tierId}`);
  await expect(leader.getByLabel('Data de nascimento *')).toHaveValue('1994-06-20');
  await expect(leader.getByTestId('guardian-fields')).toHaveCount(0);

  await leader.setViewportSize({ width: 320, height: 800 });
  await leader.goto(`/caravan/${eventId}/${tierId}`);
  const adult = leader.getByRole('group', { name: 'Pessoa 1' });
  await adult.getByLabel('Nome completo').fill('Rita Adulta Caravana');
  await adult.getByLabel('CPF').pressSequentially(randomCpf());
  await adult.getByLabel('Data de nascimento *').fill('1990-03-03');
  const minor = leader.getByRole('group', { name: 'Pessoa 2' });
  await minor.getByLabel('Nome completo').fill('Téo Menor Caravana');
  await minor.getByLabel('CPF').pressSequentially(randomCpf());
  await minor.getByLabel('Data de nascimento *').fill(bornYearsBefore(startsAt, 15));
  // only the minor is asked for a guardian; the form checks it beside each field first
  await expect(adult.getByTestId('guardian-fields')).toHaveCount(0);
  await expect(minor.getByTestId('guardian-fields')).toBeVisible();
  await leader.getByRole('button', { name: 'Inscrever caravana »' }).click();
  await expect(minor.getByTestId('guardian-fields').getByRole('alert').first()).toBeVisible();
  const mother = { name: 'Helena Responsável Caravana', email: `helena.${Date.now()}@exemplo.com` };
  await minor.getByLabel('Nome completo do responsável').fill(mother.name);
  await minor.getByLabel('CPF do responsável').pressSequentially(randomCpf());
  await minor.getByLabel('E-mail do responsável').fill(mother.email);
  expect(await leader.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await leader.getByRole('button', { name: 'Inscrever caravana »' }).click();
  await expect(leader.getByRole('region', { name: 'Inscrição em caravana' }).getByRole('status')).toHaveText(
    'Caravana inscrita! Cada pessoa tem o seu ingresso.',
  );
  await expect(leader.getByTestId('caravan-person').filter({ hasText: 'Téo Menor Caravana' })).toContainText(
    'Aguardando autorização do responsável',
  );
  await expect(
    leader.getByTestId('caravan-person').filter({ hasText: 'Rita Adulta Caravana' }),
  ).not.toContainText('Aguardando');

  // the guardian authorizes from the e-mail link; the leader sees it
  const mail = await mailTo(request, mother.email, /Autorização do responsável/);
  const guardianPage = await (await browser.newContext({ locale: 'pt-BR' })).newPage();
  await guardianPage.goto(new URL(mail.link!).pathname);
  await expect(guardianPage.getByText(/Téo Menor Caravana se inscreveu/)).toBeVisible();
  await guardianPage.getByRole('button', { name: 'Autorizo a inscrição' }).click();
  await expect(guardianPage.getByTestId('guardian-state')).toHaveText(
    'Obrigado! A inscrição está autorizada.',
  );
  const mine = (await apiAsPage(leader, '/v1/registrations')).body as {
    id: string;
    event_id: string;
    seq: string;
    guest: { name: string } | null;
  }[];
  const teo = mine.find((r) => r.event_id === eventId && r.guest?.name === 'Téo Menor Caravana')!;
  await leader.goto(`/my-registrations/${teo.id}`);
  await expect(
    leader
      .getByTestId('caravan-ticket')
      .filter({ hasText: 'Téo Menor Caravana' })
      .getByTestId('caravan-ticket-guardian'),
  ).toHaveText(`Autorizado por ${mother.name}`);

  // the door admits the minor naming the guardian
  const door = await pageAs(browser, DEMO_USERS.voluntario.email);
  await door.goto('/admin/checkin');
  await door.getByLabel('Escolha o evento').selectOption(eventId);
  await expect(door.getByText(/^\d+ inscritos neste aparelho$/)).toBeVisible();
  await door.getByLabel('Código manual ou CPF').fill(teo.seq.trim());
  await door.getByRole('button', { name: 'Fazer checkin' }).click();
  await door.getByRole('button', { name: 'Admitir mesmo assim' }).click();
  await expect(door.locator('.door-feedback-message')).toContainText(`Menor — autorizado por ${mother.name}`);

  // the desk signs up a minor with the guardian's data, and records the signed paper
  const desk = await pageAs(browser, DEMO_USERS.secretaria.email);
  await desk.setViewportSize({ width: 320, height: 800 });
  await desk.goto('/admin/single-page-signup');
  await desk.getByLabel('E-mail da pessoa').fill(`bia.balcao.${Date.now()}@exemplo.com`);
  await desk.getByLabel('Nome completo (se for uma conta nova)').fill('Bia Menor Balcão');
  await desk.getByLabel('Evento', { exact: true }).selectOption(eventId);
  await desk.getByLabel('Lote', { exact: true }).selectOption(tierId);
  await desk.getByLabel('Data de nascimento *').fill(bornYearsBefore(startsAt, 14));
  await desk.getByLabel('Nome completo do responsável').fill('Jorge Responsável Balcão');
  await desk.getByLabel('CPF do responsável').pressSequentially(randomCpf());
  await desk.getByLabel('E-mail do responsável').fill(`jorge.${Date.now()}@exemplo.com`);
  expect(await desk.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await desk.getByRole('button', { name: 'Inscrever', exact: true }).click();
  await expect(desk.getByRole('heading', { name: 'Cadastro criado com sucesso!' })).toBeVisible();
  await expect(desk.getByTestId('signup-guardian')).toHaveText('Aguardando autorização do responsável');
  await desk.getByRole('button', { name: 'Registrar autorização em papel' }).click();
  await expect(desk.getByTestId('signup-guardian')).toHaveText('Autorização em papel registrada.');
});
