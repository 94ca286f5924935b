/**
 * Reminders and notices (README 'Reminders and notices'), as members and staff meet them on the
 * local host: staff write the organizer's note in the editor; a member chooses e-mail and WhatsApp
 * in the profile (with the WhatsApp opt-in) and another stops reminders; the scheduler runs with a
 * fixed clock (`at`: a minute before and a minute after the day before at 18:00 in São Paulo), so the
 * reminder reaches the dev mailbox and the WhatsApp stand-in once, and the opted-out member gets
 * none; the link in the message stops them, signed out.
 *
 * The scheduler's route takes the service key, which only the host's owner holds: this file runs its
 * own host in process (dev mode, memory), as https.spec.ts does.
 */
import {
  type APIRequestContext,
  type Browser,
  expect as baseExpect,
  type Page,
  test,
} from '@playwright/test';
import { createHost, type Host } from '../../server/host.ts';
import { DEMO_USERS } from '../../server/seed/demo.ts';
import { mailsTo, mailTo, newMember } from './api.ts';
import { signIn } from './login.ts';

test.describe.configure({ timeout: 240_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

let host: Host;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  host = await createHost({ dataDir: 'memory://', port: 0, devHelpers: true, signupLimit: 1000 });
});
test.afterAll(async () => {
  await host?.close();
});

/** A day `days` from now in São Paulo (YYYY-MM-DD; São Paulo has no daylight saving time). */
const spDay = (days: number) =>
  new Date(Date.now() + days * 86_400_000 - 3 * 3_600_000).toISOString().slice(0, 10);
const sp = (day: string, time: string) => new Date(`${day}T${time}:00-03:00`);

async function open(browser: Browser): Promise<{ page: Page; request: APIRequestContext }> {
  const context = await browser.newContext({
    baseURL: host.url,
    viewport: { width: 320, height: 720 },
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  });
  return { page: await context.newPage(), request: context.request };
}

/** The scheduler as pg_cron or the host's timer calls it, at a fixed moment. */
async function runScheduler(request: APIRequestContext, at: Date) {
  const res = await request.post('/functions/v1/api/v1/reminders/run', {
    headers: { authorization: `Bearer ${host.serviceRoleKey}` },
    data: { at: at.toISOString() },
  });
  expect(res.status(), await res.text()).toBe(200);
}

interface WhatsAppMessage {
  to: string;
  template: string;
  text: string;
}
async function whatsAppAbout(request: APIRequestContext, title: string): Promise<WhatsAppMessage[]> {
  const res = await request.get('/_dev/whatsapp/messages.json');
  expect(res.ok()).toBe(true);
  return ((await res.json()) as WhatsAppMessage[]).filter((m) => m.text.includes(title));
}

const reminders = async (request: APIRequestContext, email: string, title: string) =>
  (await mailsTo(request, email)).filter((m) => m.subject === `Lembrete: ${title}`);

test('the reminder reaches the mailbox and WhatsApp the day before, once; the opted out get none; the link stops them', async ({
  browser,
}) => {
  const title = `Vigília ${Date.now().toString(36)}`;
  const eventDay = spDay(6);
  const due = sp(spDay(5), '18:00');
  const eventId = crypto.randomUUID();
  const tierId = crypto.randomUUID();
  await host.database.db.query(
    `insert into public.events (id, title, starts_at, allowed_payment_methods) values ($1, $2, $3, '{cash}')`,
    [eventId, title, sp(eventDay, '19:30').toISOString()],
  );
  await host.database.db.query(
    `insert into public.pricing_tiers (id, event_id, name, price) values ($1, $2, 'Gratuito', 0)`,
    [tierId, eventId],
  );

  // staff: the organizer's note, in the editor's reminder section (the day before at 18:00 by default)
  const staff = await open(browser);
  await signIn(staff.page, DEMO_USERS.admin.email);
  await staff.page.goto(`/admin/events/${eventId}`);
  const section = staff.page.getByRole('region', { name: 'Lembrete antes do evento' });
  await expect(section.getByLabel('Na véspera, às 18:00')).toBeChecked();
  await section.getByLabel('Recado da organização (vai no lembrete)').fill('Traga sua Bíblia e um agasalho.');
  await section.getByRole('button', { name: 'Salvar lembrete' }).click();
  await expect(staff.page.getByText('Lembrete salvo.')).toBeVisible();

  // a member wants e-mail and WhatsApp: the opt-in starts unchecked and is asked for
  const ana = await open(browser);
  const anaEmail = await newMember(ana.request, 'Ana Souza');
  await signIn(ana.page, anaEmail, { redirectTo: '/profile' });
  const prefs = ana.page.getByRole('form', { name: 'Lembretes e avisos' });
  const optIn = prefs.getByLabel('Aceito receber lembretes e avisos do Congrega no meu WhatsApp.');
  await expect(optIn).not.toBeChecked();
  await prefs.getByLabel('E-mail e WhatsApp').check();
  await prefs.getByRole('button', { name: 'Salvar preferências' }).click();
  await expect(prefs.getByRole('alert')).toHaveText(
    'Para receber pelo WhatsApp, marque a autorização do WhatsApp.',
  );
  await optIn.check();
  await prefs.getByRole('button', { name: 'Salvar preferências' }).click();
  await expect(prefs.getByText(/^WhatsApp autorizado em /)).toBeVisible();
  const hasScroll = await ana.page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(hasScroll).toBe(false);

  // another member stops reminders in the profile
  const bia = await open(browser);
  const biaEmail = await newMember(bia.request, 'Bia Ramos');
  await signIn(bia.page, biaEmail, { redirectTo: '/profile' });
  const biaPrefs = bia.page.getByRole('form', { name: 'Lembretes e avisos' });
  await biaPrefs.getByLabel('Quero receber lembretes').uncheck();
  await biaPrefs.getByRole('button', { name: 'Salvar preferências' }).click();
  await expect(bia.page.getByText('Preferências de lembretes salvas.')).toBeVisible();

  // both register (free: confirmed at once)
  for (const who of [ana, bia]) {
    await who.page.goto(`/checkout/${eventId}/${tierId}`);
    await who.page.getByRole('button', { name: 'Confirmar inscrição »' }).click();
    await expect(who.page.getByTestId('checkout-status')).toHaveText('Pago');
  }

  // a minute before the moment: nothing
  await runScheduler(ana.request, new Date(due.getTime() - 60_000));
  expect(await reminders(ana.request, anaEmail, title)).toHaveLength(0);
  expect(await whatsAppAbout(ana.request, title)).toHaveLength(0);

  // a minute after: the e-mail and the WhatsApp message, each once
  await runScheduler(ana.request, new Date(due.getTime() + 60_000));
  const mail = await mailTo(ana.request, anaEmail, new RegExp(`^Lembrete: ${title}$`));
  expect(mail.text).toContain('Recado da organização: Traga sua Bíblia e um agasalho.');
  expect(mail.text).toMatch(/às 19:30/);
  expect(mail.link).toMatch(/\/my-registrations\/[0-9a-f-]{36}$/);
  await expect.poll(async () => (await whatsAppAbout(ana.request, title)).length).toBe(1);
  const [wa] = await whatsAppAbout(ana.request, title);
  expect(wa).toMatchObject({ to: '5511987654321', template: 'congrega_lembrete_evento' });
  expect(wa!.text).toContain('Recado da organização: Traga sua Bíblia e um agasalho.');

  // the stand-in page lists it, as the member would read it
  await ana.page.goto('/_dev/whatsapp');
  await expect(ana.page.locator('article').filter({ hasText: title })).toContainText(
    `Olá, Ana! Lembrete: ${title} começa`,
  );

  // a second run sends nothing more
  await runScheduler(ana.request, new Date(due.getTime() + 120_000));
  expect(await reminders(ana.request, anaEmail, title)).toHaveLength(1);
  expect(await whatsAppAbout(ana.request, title)).toHaveLength(1);
  // the member who opted out got none
  expect(await reminders(bia.request, biaEmail, title)).toHaveLength(0);

  // the link in the message works signed out
  const link = /Não quero receber lembretes: (\S+)/.exec(mail.text)?.[1];
  expect(link).toMatch(/\/lembretes\/sair\//);
  const stranger = await open(browser);
  await stranger.page.goto(link!);
  await expect(stranger.page.getByRole('heading', { name: 'Não quero receber lembretes' })).toBeVisible();
  expect(await stranger.page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(
    false,
  );
  await stranger.page.getByRole('button', { name: 'Não quero receber lembretes' }).click();
  await expect(stranger.page.getByRole('status')).toHaveText(/^Pronto: você não vai mais receber lembretes/);
  await stranger.page.reload();
  await expect(stranger.page.getByRole('status')).toHaveText(/^Você já não recebe lembretes/);
  // and her profile says so
  await ana.page.goto('/profile');
  await expect(
    ana.page.getByRole('form', { name: 'Lembretes e avisos' }).getByLabel('Quero receber lembretes'),
  ).not.toBeChecked();
});
