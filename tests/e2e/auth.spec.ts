import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { randomCpf } from './cpf.ts';
import { skipCheckinPrompt } from './login.ts';

/**
 * Auth and shell, end to end in a real Chromium against the local host (in-memory DB, demo seed):
 * signup → e-mail confirmation → welcome → sign out → login → forgot/reset password, the Google
 * demo picker, the menu by permission, and the profile guard.
 */

const DEMO_PASSWORD = 'congrega123';

function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
}

interface Mail {
  to: string;
  subject: string;
  link: string | null;
}

/** The newest mail to `email` whose subject matches, from the dev mailbox (polled until it arrives). */
async function mailLink(request: APIRequestContext, email: string, subject: RegExp): Promise<string> {
  let link: string | null = null;
  await expect
    .poll(
      async () => {
        const res = await request.get(`/_dev/mail.json?to=${encodeURIComponent(email)}`);
        const mails = (await res.json()) as Mail[];
        link = mails.find((m) => subject.test(m.subject) && m.link)?.link ?? null;
        return link;
      },
      { message: `mail "${subject}" to ${email}` },
    )
    .not.toBeNull();
  return link!;
}

async function login(page: Page, email: string, password: string) {
  await skipCheckinPrompt(page);
  await page.goto('/auth/login?method=email');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
}

async function openMenu(page: Page) {
  const toggle = page.getByRole('button', { name: 'Abrir menu' });
  await toggle.click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
}

async function signOutFromMenu(page: Page) {
  await openMenu(page);
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByRole('link', { name: 'Entrar', exact: true })).toBeVisible();
}

async function chooseTemple(page: Page, search: string, name: RegExp) {
  const combo = page.getByRole('combobox', { name: 'Congregação' });
  await combo.click();
  await combo.fill(search);
  await page.getByRole('option', { name }).first().click();
}

/** Opens the signup form and fills every field validly with `email`. */
async function fillSignup(page: Page, email: string) {
  await page.goto('/auth/signup');
  await page.getByRole('button', { name: 'Começar' }).click();
  await page.getByLabel('Nome completo', { exact: true }).fill('Teste da Silva');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('CPF', { exact: true }).pressSequentially(randomCpf());
  await page.getByLabel('WhatsApp', { exact: true }).pressSequentially('11987654321');
  await chooseTemple(page, 'Sede', /Sede/);
  await page.getByLabel(/Autorizo o Congrega a guardar minha congregação/).check();
  await page.getByLabel('Senha', { exact: true }).fill('segredo123');
  await page.getByLabel('Confirmar senha', { exact: true }).fill('segredo123');
}

test('signup, confirm, welcome, sign out, login, forgot and reset the password', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('maria');
  const password = 'segredo123';
  const newPassword = 'novaSenha456';
  const signupCalls: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/functions/v1/api/signup')) signupCalls.push(r.url());
  });

  // intro, then the form
  await page.goto('/auth/signup');
  await page.getByRole('button', { name: 'Começar' }).click();
  await expect(page.getByRole('heading', { name: 'Criar conta' })).toBeVisible();

  // masks
  const cpf = page.getByLabel('CPF', { exact: true });
  const phone = page.getByLabel('WhatsApp', { exact: true });
  await cpf.pressSequentially('11111111111');
  await expect(cpf).toHaveValue('111.111.111-11');
  await phone.pressSequentially('11987654321');
  await expect(phone).toHaveValue('(11) 98765-4321');

  // client-side validation: nothing is sent
  await page.getByLabel('Nome completo', { exact: true }).fill('Maria');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await chooseTemple(page, 'Sede', /Sede/);
  await page.getByLabel(/Autorizo o Congrega a guardar minha congregação/).check();
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByLabel('Confirmar senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await expect(page.getByText('Insira um CPF válido')).toBeVisible();
  await expect(page.getByText('Preencha seu nome completo')).toBeVisible();
  await expect(cpf).toHaveAttribute('aria-invalid', 'true');
  expect(signupCalls).toHaveLength(0);

  // fix and send
  await page.getByLabel('Nome completo', { exact: true }).fill('Maria Teste');
  await cpf.fill('');
  await cpf.pressSequentially(randomCpf());
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await expect(page.getByText('Cadastro criado com sucesso!')).toBeVisible();
  await expect(page).toHaveURL(
    (url) => url.pathname === '/auth/confirmation' && url.searchParams.get('email') === email,
  );
  // 'Quase lá!' names the address, offers a resend (throttled) and the way to sign in
  await expect(page.getByText(`Enviamos um link de confirmação para ${email}.`)).toBeVisible();
  expect(signupCalls).toHaveLength(1);
  const resend = page.getByRole('button', { name: 'Reenviar email de confirmação' });
  await resend.click();
  await expect(page.getByTestId('resend-status')).toHaveText(
    `Enviamos um novo link para ${email}. Pode levar alguns minutos.`,
  );
  await expect(page.getByRole('button', { name: /^Reenviar de novo em \d+ s$/ })).toBeDisabled();
  await expect
    .poll(async () => {
      const res = await request.get(`/_dev/mail.json?to=${encodeURIComponent(email)}`);
      return ((await res.json()) as Mail[]).filter((m) => /Confirme/.test(m.subject)).length;
    })
    .toBe(2);
  await page.getByRole('link', { name: 'Já confirmei, quero entrar' }).click();
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);

  // not confirmed yet: the login says so and offers the resend too
  await login(page, email, password);
  await expect(
    page.getByText(
      'Você ainda não confirmou seu email! Por favor, confira sua caixa de entrada e pasta de spam.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reenviar email de confirmação' })).toBeVisible();

  // the confirmation link signs in and lands on the welcome screen (profile exists: just 'Vamos lá?')
  await page.goto(await mailLink(request, email, /Confirme/));
  await expect(page).toHaveURL(/\/auth\/welcome/);
  await page.getByRole('button', { name: 'Vamos lá?' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByRole('link', { name: 'Meu perfil' })).toBeVisible();

  await signOutFromMenu(page);

  // wrong password, then right
  await login(page, email, 'senhaErrada');
  await expect(page.getByText('Email ou senha inválidos.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Esqueceu sua senha?' })).toBeVisible();
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByRole('link', { name: 'Meu perfil' })).toBeVisible();

  await signOutFromMenu(page);

  // forgot password → recovery link → reset → sign in with the new one
  await page.goto(`/auth/login?method=email&email=${encodeURIComponent(email)}`);
  await page.getByRole('link', { name: 'Esqueci minha senha' }).click();
  await expect(page).toHaveURL(/\/auth\/forgot/);
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
  await page.getByRole('button', { name: 'Enviar link' }).click();
  await expect(page.getByText(/Se existir uma conta com esse email/)).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login/);

  await page.goto(await mailLink(request, email, /senha/i));
  await expect(page).toHaveURL(/\/auth\/reset-password/);
  await page.getByLabel('Nova senha', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirmar senha', { exact: true }).fill('outraCoisa');
  await page.getByRole('button', { name: 'Trocar senha »' }).click();
  await expect(page.getByText('As senhas devem ser iguais')).toBeVisible();
  await page.getByLabel('Confirmar senha', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Trocar senha »' }).click();
  await expect(page.getByText('Senha alterada com sucesso!')).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/');

  await signOutFromMenu(page);
  await login(page, email, password);
  await expect(page.getByText('Email ou senha inválidos.')).toBeVisible();
  await page.getByLabel('Senha', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page.getByRole('link', { name: 'Meu perfil' })).toBeVisible();
});

test('the Google button is hidden with ?method=email', async ({ page }) => {
  await page.goto('/auth/login');
  await expect(page.getByRole('button', { name: 'Entrar com Google' })).toBeEnabled();
  await expect(page.getByRole('link', { name: 'Criar uma conta!' })).toBeVisible();
  await page.goto('/auth/login?method=email');
  await expect(page.getByLabel('Email', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Entrar com Google' })).toHaveCount(0);
});

test('the Google button is hidden when the auth server does not offer Google (dev mode off)', async ({
  page,
}) => {
  // What a host opened to the network answers: GoTrue's settings with google off.
  await page.route('**/auth/v1/settings', (route) =>
    route.fulfill({ json: { external: { email: true, google: false }, disable_signup: false } }),
  );
  await page.goto('/auth/login');
  await expect(page.getByLabel('Email', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Entrar com Google' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Criar uma conta!' })).toBeVisible();
});

test.describe('inside an in-app browser', () => {
  test.use({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 323.0.3.23.54',
  });

  test('Google login is disabled with the iPhone explanation', async ({ page }) => {
    await page.goto('/auth/login');
    await expect(page.getByRole('button', { name: 'Entrar com Google' })).toBeDisabled();
    await expect(page.getByText(/Abrir no Safari/)).toBeVisible();
  });
});

test('Google (demo picker) → welcome form with CPF, WhatsApp and congregation', async ({ page }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('google');
  await page.goto('/auth/login');
  await page.getByRole('button', { name: 'Entrar com Google' }).click();
  // the local host's account chooser (a server page): use another account
  await page.locator('#name').fill('Joana Google Teste');
  await page.locator('#email').fill(email);
  await page.locator('#email').press('Enter');

  await expect(page).toHaveURL(/\/auth\/welcome/);
  // not welcomed yet: any page of the app sends back to the welcome, keeping where the user was going
  await page.goto('/all');
  await expect(page).toHaveURL(/\/auth\/welcome\?.*redirectTo=%2Fall/);
  await expect(page.getByRole('heading', { name: 'Olá, Joana!' })).toBeVisible();
  const save = page.getByRole('button', { name: 'Salvar e continuar' });
  await expect(save).toBeDisabled();

  await page.getByLabel('CPF', { exact: true }).pressSequentially(randomCpf());
  await page.getByLabel('WhatsApp', { exact: true }).pressSequentially('21998765432');

  // 'Sou de outro ministério' and the congregation clear each other; with a congregation chosen, the
  // separate consent (unticked) is needed before the save
  await chooseTemple(page, 'Sede', /Sede/);
  const consent = page.getByLabel(/Autorizo o Congrega a guardar minha congregação/);
  await expect(consent).not.toBeChecked();
  await expect(save).toBeDisabled();
  await consent.check();
  await expect(save).toBeEnabled();
  await page.getByLabel('Sou de outro ministério').check();
  await expect(page.getByRole('combobox', { name: 'Congregação' })).toHaveValue('');
  await expect(save).toBeDisabled();
  await page.getByLabel('Nome da sua igreja').fill('Igreja da Esquina');
  await expect(save).toBeEnabled();
  await chooseTemple(page, 'Sede', /Sede/);
  await expect(page.getByLabel('Sou de outro ministério')).not.toBeChecked();
  await expect(page.getByLabel('Nome da sua igreja')).toHaveCount(0);

  await save.click();
  await expect(page).toHaveURL((url) => url.pathname === '/all');
  await expect(page.getByRole('link', { name: 'Meu perfil' })).toBeVisible();

  await page.getByRole('link', { name: 'Meu perfil' }).click();
  await expect(page.getByRole('heading', { name: 'Meu perfil' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Congregação' })).toHaveValue('Sede');
  await expect(page.getByRole('link', { name: 'Mudar senha' })).toBeVisible();
});

test('menu items follow the permissions', async ({ page }) => {
  // guest
  await page.goto('/');
  await openMenu(page);
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu.getByRole('link', { name: 'Fazer Login' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Minhas inscrições' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Abrir menu' })).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(page.getByRole('button', { name: 'Abrir menu' })).toHaveAttribute('aria-expanded', 'false');

  // admin
  await login(page, 'admin@congrega.local', DEMO_PASSWORD);
  await expect(page.getByRole('link', { name: 'Meu perfil' })).toBeVisible();
  await openMenu(page);
  for (const name of [
    'Próximos Eventos',
    'Todos os eventos',
    'Minhas inscrições',
    'Todas as Inscrições',
    'Buscar Usuários',
    'Inscrição para terceiros',
    'Relatório',
    'Reset de Senha',
    'Checkin',
  ]) {
    await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expect(menu.getByRole('link', { name: /Precisa de ajuda/ })).toHaveAttribute('href', /^mailto:/);
  // the menu closes, then navigates
  await menu.getByRole('link', { name: 'Todos os eventos' }).click();
  await expect(menu).toBeHidden();
  await expect(page).toHaveURL(/\/all$/);
  await signOutFromMenu(page);

  // member
  await login(page, 'membro@congrega.local', DEMO_PASSWORD);
  await expect(page.getByRole('link', { name: 'Meu perfil' })).toBeVisible();
  await openMenu(page);
  await expect(menu.getByRole('link', { name: 'Minhas inscrições' })).toBeVisible();
  for (const name of ['Relatório', 'Checkin', 'Reset de Senha', 'Todas as Inscrições']) {
    await expect(menu.getByRole('link', { name, exact: true })).toHaveCount(0);
  }
  await expect(menu.getByRole('button', { name: 'Sair' })).toBeVisible();
});

test('the profile needs a login and comes back after it', async ({ page }) => {
  await skipCheckinPrompt(page);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/auth\/login\?.*redirectTo=%2Fprofile/);
  await page.getByLabel('Email', { exact: true }).fill('membro@congrega.local');
  await page.getByLabel('Senha', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText('Mateus Oliveira Santos')).toBeVisible();
  await expect(page.getByText('membro@congrega.local')).toBeVisible();
  await page.getByRole('link', { name: 'Mudar senha' }).click();
  await expect(page).toHaveURL(/\/auth\/reset-password$/);
  await expect(page.getByRole('button', { name: 'Trocar senha »' })).toBeVisible();
});

test('an expired or used e-mail link explains itself', async ({ page }) => {
  await page.goto(
    '/auth/oauth#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
  );
  await expect(page.getByText('Este link expirou ou já foi usado.', { exact: false })).toBeVisible();
  await page.getByRole('link', { name: 'Voltar para o login' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
});

test('signup fields show their error once left, and the confirmation follows the password', async ({
  page,
}) => {
  await page.goto('/auth/signup');
  await page.getByRole('button', { name: 'Começar' }).click();
  const email = page.getByLabel('Email', { exact: true });
  const password = page.getByLabel('Senha', { exact: true });
  const confirmation = page.getByLabel('Confirmar senha', { exact: true });

  // nothing is shown while typing, nor for a field left empty
  await page.getByLabel('Nome completo', { exact: true }).focus();
  await email.fill('maria@');
  await expect(page.getByText('Insira um email válido')).toHaveCount(0);
  await email.blur();
  await expect(page.getByText('Insira um email válido')).toBeVisible();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Preencha seu nome completo')).toHaveCount(0);
  // the shown error follows the value
  await email.fill('maria@exemplo.com');
  await expect(page.getByText('Insira um email válido')).toHaveCount(0);

  await password.fill('segredo123');
  await confirmation.fill('segredo12');
  await confirmation.blur();
  await expect(page.getByText('As senhas devem ser iguais')).toBeVisible();
  // fixing the password (not the confirmation) clears it: the rule is the schema's, on both fields
  await password.fill('segredo12');
  await expect(page.getByText('As senhas devem ser iguais')).toHaveCount(0);

  // 'Sou de outro ministério' needs the church name; the submit shows it and focuses the first error
  await page.getByLabel('Sou de outro ministério').check();
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await expect(page.getByText('Informe o nome da sua igreja')).toBeVisible();
  await expect(page.getByText('Escolha sua congregação')).toHaveCount(0);
  await expect(page.getByLabel('Nome completo', { exact: true })).toBeFocused();
});

test('a signup that fails for another reason is reported and goes to the e-mail login', async ({ page }) => {
  const email = uniqueEmail('falha');
  const reports: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && m.text().includes('[congrega:signup]')) reports.push(m.text());
  });
  await page.route('**/functions/v1/api/signup', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ code: 'INTERNAL', message: 'boom' }),
    }),
  );
  await fillSignup(page, email);
  await page.getByRole('button', { name: 'Criar conta' }).click();

  await expect(
    page.getByText('Ocorreu um erro no seu cadastro... tente novamente mais tarde.'),
  ).toBeVisible();
  await expect(page).toHaveURL(
    (url) => url.pathname === '/auth/login' && url.searchParams.get('method') === 'email',
  );
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
  await expect(page.getByRole('button', { name: 'Entrar com Google' })).toHaveCount(0);
  expect(reports.length).toBeGreaterThan(0);
});

test('a signup with a known e-mail offers the password recovery and goes to the e-mail login', async ({
  page,
}) => {
  await fillSignup(page, 'membro@congrega.local');
  await page.getByRole('button', { name: 'Criar conta' }).click();

  const notice = page.getByRole('alert').filter({ hasText: 'Você já possui uma conta com esse email!' });
  await expect(notice).toBeVisible();
  await expect(page).toHaveURL(
    (url) => url.pathname === '/auth/login' && url.searchParams.get('method') === 'email',
  );
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue('membro@congrega.local');
  await notice.getByRole('link', { name: 'Esqueci minha senha' }).click();
  await expect(page).toHaveURL(/\/auth\/forgot\?email=membro%40congrega\.local/);
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue('membro@congrega.local');
});

test('a wrong password says so and highlights the password recovery', async ({ page }) => {
  await login(page, 'membro@congrega.local', 'senhaErrada');
  await expect(page.getByText('Email ou senha inválidos.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Esqueceu sua senha?' })).toHaveAttribute(
    'href',
    /\/auth\/forgot\?email=membro%40congrega\.local/,
  );
  await expect(page.getByRole('link', { name: 'Esqueci minha senha' })).toHaveClass(/is-highlighted/);
  // still on the form, with the e-mail kept
  await expect(page).toHaveURL(/\/auth\/login/);
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue('membro@congrega.local');
});

test('a welcome that fails to save says so and keeps the form; a known CPF shows on its field', async ({
  page,
}) => {
  const email = uniqueEmail('welcomefail');
  await page.goto('/auth/login');
  await page.getByRole('button', { name: 'Entrar com Google' }).click();
  await page.locator('#name').fill('Rui Falha Teste');
  await page.locator('#email').fill(email);
  await page.locator('#email').press('Enter');
  await expect(page).toHaveURL(/\/auth\/welcome/);

  // first a server failure, then a CPF that another account has
  const answers = [
    { status: 500, body: { code: 'INTERNAL', message: 'boom' } },
    {
      status: 409,
      body: { code: 'CPF_ALREADY_REGISTERED', message: 'Esse CPF já está cadastrado em outra conta.' },
    },
  ];
  await page.route('**/functions/v1/api/v1/welcome', (route) => {
    const answer = answers.shift() ?? answers[answers.length - 1]!;
    return route.fulfill({
      status: answer.status,
      contentType: 'application/json',
      body: JSON.stringify(answer.body),
    });
  });
  await page.getByLabel('CPF', { exact: true }).pressSequentially(randomCpf());
  await page.getByLabel('WhatsApp', { exact: true }).pressSequentially('21998765432');
  await chooseTemple(page, 'Sede', /Sede/);
  await page.getByLabel(/Autorizo o Congrega a guardar minha congregação/).check();
  await page.getByRole('button', { name: 'Salvar e continuar' }).click();
  await expect(
    page.getByText('Erro ao salvar suas informações. Confira os dados atentamente e tente novamente.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/welcome/);
  await expect(page.getByRole('button', { name: 'Salvar e continuar' })).toBeEnabled();

  const cpf = page.getByLabel('CPF', { exact: true });
  await page.getByRole('button', { name: 'Salvar e continuar' }).click();
  await expect(page.getByText('Esse CPF já está cadastrado em outra conta.')).toBeVisible();
  await expect(cpf).toHaveAttribute('aria-invalid', 'true');
  await expect(cpf).toBeFocused();
  // the server's message goes away once the CPF is changed
  await cpf.fill('');
  await cpf.pressSequentially(randomCpf());
  await expect(page.getByText('Esse CPF já está cadastrado em outra conta.')).toHaveCount(0);
});
