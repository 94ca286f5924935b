/**
 * The staff's people tools on the real host (demo seed): secretaria@ signs up a third party (a new
 * e-mail: the person sets a password from the e-mail and sees the registration; an existing one,
 * with 'Atualizar templo'), searches people (accents typed differently, congregation, pages), resets
 * a password that then signs in; admin@ grants and revokes a role and reads it in the audit; a member
 * has no menu item and gets 403 from each route.
 */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { ADMINREG_DEMO } from '../../server/seed/adminreg.ts';
import { DEMO_EVENTS, DEMO_TIERS, DEMO_USERS } from '../../server/seed/demo.ts';
import { staffApiErrors } from '../../src/domain/messages/staff.ts';
import { apiAsPage, newMember } from './api.ts';
import { login, signIn } from './login.ts';

test.use({ viewport: { width: 1024, height: 900 } });
// several sign-ins (bcrypt) per test on a shared machine
test.setTimeout(180_000);

const person = (first: string) => ADMINREG_DEMO.confirmations.find((a) => a.name.startsWith(first))!;

async function openFromMenu(page: Page, item: string) {
  await page.getByRole('button', { name: 'Abrir menu' }).click();
  await page.getByRole('link', { name: item, exact: true }).click();
}

/** The newest mail to `email` with a link, from the dev mailbox (polled until it arrives). */
async function mailLink(request: APIRequestContext, email: string): Promise<string> {
  let link: string | null = null;
  await expect
    .poll(async () => {
      const res = await request.get(`/_dev/mail.json?to=${encodeURIComponent(email)}`);
      const mails = (await res.json()) as { subject: string; link: string | null }[];
      link = mails.find((m) => /senha/i.test(m.subject) && m.link)?.link ?? null;
      return link;
    })
    .not.toBeNull();
  return link!;
}

async function chooseEventAndTier(page: Page) {
  const event = page.getByLabel('Evento', { exact: true });
  const value = await event
    .locator('option', { hasText: DEMO_EVENTS.later.title })
    .first()
    .getAttribute('value');
  await event.selectOption(value!);
  const tier = page.getByLabel('Lote', { exact: true });
  const tierValue = await tier.locator('option', { hasText: 'Casal' }).first().getAttribute('value');
  await tier.selectOption(tierValue!);
}

test('secretaria@ signs up a new person, who sets a password from the e-mail and sees the registration', async ({
  page,
  browser,
  request,
}) => {
  const email = `terceiro.${Date.now()}@exemplo.com.br`;
  await signIn(page, DEMO_USERS.secretaria.email);
  await openFromMenu(page, 'Inscrição para terceiros');
  await expect(page.getByRole('heading', { name: 'Inscrição para terceiros' })).toBeVisible();
  await page.getByLabel('E-mail da pessoa').fill(email);
  await expect(page.getByText('Conta nova: a pessoa recebe um e-mail para criar a senha.')).toBeVisible();
  await page.getByLabel('Nome completo (se for uma conta nova)').fill('Terceira Pessoa Convidada');
  await chooseEventAndTier(page);
  await page.getByLabel('Congregação').selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Inscrever' }).click();
  await expect(page.getByText('Cadastro criado com sucesso!')).toBeVisible({ timeout: 30_000 });

  // the person, on their own device: the e-mail's link, a password, the registration
  const context = await browser.newContext();
  const own = await context.newPage();
  await own.goto(await mailLink(request, email));
  await expect(own).toHaveURL(/\/auth\/reset-password/);
  await own.getByLabel('Nova senha', { exact: true }).fill('senhanova1');
  await own.getByLabel('Confirmar senha', { exact: true }).fill('senhanova1');
  await own.getByRole('button', { name: 'Trocar senha »' }).click();
  // a first access: the welcome (the profile staff made needs nothing more), then the app
  await expect(own).toHaveURL(/\/auth\/welcome/, { timeout: 30_000 });
  await own.getByRole('button', { name: 'Vamos lá?' }).click();
  await expect(own).toHaveURL((url) => url.pathname === '/', { timeout: 30_000 });
  await own.goto('/my-registrations');
  await expect(own.getByText(DEMO_EVENTS.later.title).first()).toBeVisible({ timeout: 30_000 });
  // and the new password signs in
  await own.evaluate(() => localStorage.clear());
  await login(own, email, { password: 'senhanova1', redirectTo: '/my-registrations' });
  await context.close();
});

test('secretaria@ signs up an existing person and updates their congregation', async ({ page, browser }) => {
  const renata = person('Renata');
  await signIn(page, DEMO_USERS.secretaria.email);
  await page.goto('/admin/single-page-signup');
  await page.getByLabel('E-mail da pessoa').fill(renata.email);
  await expect(page.getByText('Essa pessoa já tem conta: a inscrição vai para a conta dela.')).toBeVisible();
  await expect(page.getByText(/^Congregação atual: /)).toBeVisible();
  await chooseEventAndTier(page);
  // another congregation than hers
  const temple = page.getByLabel('Congregação', { exact: true });
  const current = await temple.inputValue();
  const other = await temple.evaluate(
    (el, cur) => [...(el as HTMLSelectElement).options].find((o) => o.value && o.value !== cur)!.value,
    current,
  );
  await temple.selectOption(other);
  await page.getByLabel('Atualizar templo').check();
  await page.getByLabel('A pessoa está aqui e concordou em mudar a congregação').check();
  await page.getByRole('button', { name: 'Inscrever' }).click();
  await expect(page.getByText('Cadastro criado com sucesso!')).toBeVisible({ timeout: 30_000 });

  // the same again: the server's text, as a notice
  await page.getByRole('button', { name: 'Inscrever outra pessoa' }).click();
  await page.getByLabel('E-mail da pessoa').fill(renata.email);
  await chooseEventAndTier(page);
  await page.getByRole('button', { name: 'Inscrever' }).click();
  // (and stays by the button)
  await expect(page.getByText('Essa pessoa já tem uma inscrição para esse evento!')).toHaveCount(2);
  await expect(
    page.locator('.signup-form').getByText('Essa pessoa já tem uma inscrição para esse evento!'),
  ).toBeVisible();

  const context = await browser.newContext();
  const own = await context.newPage();
  await signIn(own, renata.email, { redirectTo: '/my-registrations' });
  await expect(own.getByText(DEMO_EVENTS.later.title).first()).toBeVisible({ timeout: 30_000 });
  await context.close();
});

test('the signup marks the tiers not open, the server says what is wrong, and the result stays on the screen', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, DEMO_USERS.secretaria.email);
  await page.goto('/admin/single-page-signup');
  const event = page.getByLabel('Evento', { exact: true });
  const conference = await event
    .locator('option', { hasText: DEMO_EVENTS.conference.title })
    .first()
    .getAttribute('value');
  await event.selectOption(conference!);
  const tier = page.getByLabel('Lote', { exact: true });
  // ended and not begun: marked with their status, and not to be chosen
  const ended = tier.locator('option', { hasText: DEMO_TIERS.conferenceFirst.name });
  await expect(ended).toHaveText(/Encerrado em \d{2}\/\d{2}\/\d{4}/);
  await expect(ended).toBeDisabled();
  const waiting = tier.locator('option', { hasText: DEMO_TIERS.conferenceThird.name });
  await expect(waiting).toHaveText(/Disponível em \d{2}\/\d{2}\/\d{4}/);
  await expect(waiting).toBeDisabled();
  await expect(tier.locator('option', { hasText: DEMO_TIERS.conferenceSecond.name })).toBeEnabled();
  // a stale screen sending an ended tier: the server says which and since when
  const refused = await apiAsPage(page, '/v1/admin/single-page-signup', {
    method: 'POST',
    body: { email: `atrasado.${Date.now()}@exemplo.com`, tier: DEMO_TIERS.conferenceFirst.id },
  });
  expect(refused).toMatchObject({
    status: 422,
    body: {
      code: 'TIER_NOT_OPEN',
      message: expect.stringMatching(/^As inscrições do lote 1º Lote encerraram em /),
    },
  });

  // a new person: the screen says the account was created and invited, and the registration's state
  const email = `balcao.${Date.now()}@exemplo.com.br`;
  await page.getByLabel('E-mail da pessoa').fill(email);
  await expect(page.getByText('Conta nova: a pessoa recebe um e-mail para criar a senha.')).toBeVisible();
  await page.getByLabel('Nome completo (se for uma conta nova)').fill('Bruna Balcão Nunes');
  await tier.selectOption(DEMO_TIERS.conferenceSecond.id);
  await page.getByRole('button', { name: 'Inscrever' }).click();
  const done = page.getByRole('status').filter({ hasText: 'Cadastro criado com sucesso!' });
  await expect(done.getByRole('heading', { name: 'Cadastro criado com sucesso!' })).toBeInViewport({
    timeout: 30_000,
  });
  await expect(done).toContainText(`Conta nova criada para ${email}. Enviamos um convite por e-mail`);
  await expect(done).toContainText(`${DEMO_EVENTS.conference.title} — ${DEMO_TIERS.conferenceSecond.name}`);
  await expect(done).toContainText('Pendente — Aguardando o pagamento presencial.');
  await expect(done.getByRole('button', { name: 'Inscrever outra pessoa' })).toBeInViewport();

  // someone with a confirmed account: found, not invited
  const known = await newMember(request, 'Caio Conhecido');
  await done.getByRole('button', { name: 'Inscrever outra pessoa' }).click();
  await page.getByLabel('E-mail da pessoa').fill(known);
  await expect(page.getByText('Essa pessoa já tem conta: a inscrição vai para a conta dela.')).toBeVisible();
  await event.selectOption(conference!);
  await tier.selectOption(DEMO_TIERS.conferenceSecond.id);
  await page.getByRole('button', { name: 'Inscrever' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Cadastro criado com sucesso!' })).toContainText(
    `Conta encontrada: Caio Conhecido (${known}). A inscrição foi para a conta dela.`,
    { timeout: 30_000 },
  );
});

test('user search: part of a name with other accents, congregation filter, pages', async ({ page }) => {
  await signIn(page, DEMO_USERS.secretaria.email);
  await openFromMenu(page, 'Buscar Usuários');
  await expect(page.getByRole('heading', { name: 'Buscar Usuários' })).toBeVisible();
  const rows = page.locator('.users-row');

  await page.getByLabel('Nome, e-mail, CPF ou telefone').fill('ANGELA concei');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Ângela Conceição Ribeiro');
  await expect(page).toHaveURL(/q=ANGELA/);

  // every row of a congregation names it
  await page.getByLabel('Nome, e-mail, CPF ou telefone').fill('');
  await expect(page).toHaveURL(/q=&/);
  const select = page.getByLabel('Congregação');
  const templeName = (await select.locator('option').nth(1).textContent())!.trim();
  await select.selectOption({ index: 1 });
  await expect(page).toHaveURL(/temple=/);
  await expect
    .poll(async () => {
      const texts = await rows.allTextContents();
      return texts.length > 0 && texts.every((text) => text.includes(templeName));
    })
    .toBe(true);

  // everyone: more than one page of 20
  await select.selectOption({ index: 0 });
  await expect(rows).toHaveCount(20);
  await expect(page.getByText(/^Página 1 de \d+$/)).toBeVisible();
  const firstName = await rows.first().locator('.users-name').textContent();
  await page.getByRole('button', { name: 'Próxima »' }).click();
  await expect(page.getByText(/^Página 2 de \d+$/)).toBeVisible();
  await expect(rows.first().locator('.users-name')).not.toHaveText(firstName!);

  // a row opens the person: profile, registrations with attempts
  await page.getByLabel('Nome, e-mail, CPF ou telefone').fill('tatiane');
  await expect(rows).toHaveCount(1);
  await rows.filter({ hasText: 'Tatiane' }).click();
  await expect(page.getByRole('heading', { name: 'Tatiane Borges Fonseca' })).toBeVisible();
  await expect(page.getByText(/^Tentativa 1 em /)).toBeVisible();

  // the search failing: a notice in Portuguese with the spec's text
  await page.route(/\/v1\/admin\/users\/search/, (route) => route.abort());
  await page.goto('/admin/users?q=ninguem');
  const alert = page.getByRole('alert').filter({ hasText: 'Failed to fetch users' });
  await expect(alert).toBeVisible({ timeout: 30_000 });
  await expect(alert).toContainText('Não foi possível buscar os usuários. Tente novamente.');
});

test('admin@ grants and revokes a role, and the audit shows both', async ({ page }) => {
  const wesley = person('Wesley');
  await signIn(page, DEMO_USERS.admin.email);
  await page.goto(`/admin/users/${wesley.userId}`);
  await expect(page.getByRole('heading', { name: wesley.name })).toBeVisible();
  await page.getByRole('button', { name: 'Dar papel voluntario' }).click();
  await expect(page.getByText('Papel concedido.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retirar papel voluntario' })).toBeVisible();
  const audit = page.locator('section', {
    has: page.getByRole('heading', { name: 'Histórico de alterações' }),
  });
  await expect(audit.getByText('Papel concedido: voluntario')).toBeVisible();
  await page.getByRole('button', { name: 'Retirar papel voluntario' }).click();
  await expect(page.getByText('Papel retirado.')).toBeVisible();
  await expect(audit.getByText('Papel retirado: voluntario')).toBeVisible();
  await expect(
    audit.getByText(/por Ana Beatriz Souza · de (127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)/).first(),
  ).toBeVisible();
});

test('secretaria@ resets a password; the person signs in with the new one', async ({ page, browser }) => {
  const samuel = person('Samuel');
  await signIn(page, DEMO_USERS.secretaria.email);
  await openFromMenu(page, 'Reset de Senha');
  await page.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(page.getByText('Campo obrigatório').first()).toBeVisible();
  await page.getByLabel('E-mail').fill(samuel.email);
  await page.getByLabel('Nova senha').fill('12345');
  await page.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(page.getByText('A senha deve ter ao menos 6 caracteres')).toBeVisible();
  await page.getByLabel('Nova senha').fill('trocada123');
  await page.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(page.getByText('Senha alterada com sucesso!')).toBeVisible({ timeout: 30_000 });

  // an admin's password is not the secretaria's to change
  await page.getByLabel('E-mail').fill(DEMO_USERS.admin.email);
  await page.getByLabel('Nova senha').fill('trocada123');
  await page.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(page.getByText(staffApiErrors.PASSWORD_RESET_FORBIDDEN)).toBeVisible();

  const context = await browser.newContext();
  const own = await context.newPage();
  await login(own, samuel.email, { password: 'trocada123' });
  await context.close();
});

test('a member has no staff menu item, no tools on /admin, and 403 from every staff route', async ({
  page,
}) => {
  await signIn(page, DEMO_USERS.membro.email);
  await page.getByRole('button', { name: 'Abrir menu' }).click();
  await expect(page.getByRole('link', { name: 'Minhas inscrições' })).toBeVisible();
  for (const item of ['Buscar Usuários', 'Inscrição para terceiros', 'Reset de Senha']) {
    await expect(page.getByRole('link', { name: item })).toHaveCount(0);
  }
  await page.keyboard.press('Escape');
  for (const path of ['/admin/users', '/admin/single-page-signup', '/admin/pwd-reset']) {
    await page.goto(path);
    await expect(page).toHaveURL((url) => url.pathname === '/');
  }
  await page.goto('/admin');
  await expect(page.getByText('Sua conta ainda não tem permissões de equipe.')).toBeVisible();

  const calls: [string, { method?: string; body?: unknown }][] = [
    ['/v1/admin/users/search?q=a', {}],
    [`/v1/admin/users/${DEMO_USERS.membro.id}`, {}],
    [`/v1/admin/users/${DEMO_USERS.membro.id}/roles/admin`, { method: 'PUT' }],
    ['/v1/admin/single-page-signup/events', {}],
    [
      '/v1/admin/single-page-signup',
      { method: 'POST', body: { email: 'x@exemplo.com', tier: DEMO_EVENTS.later.id } },
    ],
    ['/v1/admin/pwd-reset', { method: 'POST', body: { email: DEMO_USERS.admin.email, pwd: 'invasao1' } }],
  ];
  for (const [path, init] of calls) expect((await apiAsPage(page, path, init)).status, path).toBe(403);
});

test('/admin lists the tools of the signed-in staff', async ({ page }) => {
  await signIn(page, DEMO_USERS.secretaria.email);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Ferramentas da equipe' })).toBeVisible();
  const tools = page.locator('.staff-tool-name');
  await expect(tools).toHaveText([
    'Todas as Inscrições',
    'Buscar Usuários',
    'Inscrição para terceiros',
    'Reset de Senha',
  ]);
  await page.getByRole('link', { name: /Buscar Usuários/ }).click();
  await expect(page).toHaveURL(/\/admin\/users/);
});

test("a screen whose code does not arrive offers 'Tentar novamente', which loads it", async ({ page }) => {
  await signIn(page, DEMO_USERS.secretaria.email);
  // the code of the password-reset screen fails to download (offline, a deploy replaced the files)
  let block = true;
  await page.route(/\/assets\/pwd-reset[^/]*\.js$/, (route) => (block ? route.abort() : route.continue()));
  await page.getByRole('button', { name: 'Abrir menu' }).click();
  await page.getByRole('link', { name: 'Reset de Senha', exact: true }).click();
  await expect(page.getByText('Não foi possível carregar esta tela.')).toBeVisible({ timeout: 30_000 });
  block = false;
  await page.getByRole('button', { name: 'Tentar novamente' }).click();
  await expect(page.getByRole('heading', { name: 'Reset de Senha' })).toBeVisible({ timeout: 30_000 });
});
