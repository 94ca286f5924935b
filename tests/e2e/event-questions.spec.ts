/**
 * Registration questions, the whole journey on the real host: the admin adds three questions to a
 * new event in the editor (a required choice on the badge, a sensitive text, an optional date); a
 * member answers at checkout (a missing required answer is refused beside its field); staff see
 * the answers in the registrations review; the report counts the choice in a chart; the attendees
 * CSV has a column per question; the member's data export has the answers; the badge shows the
 * shirt size and never the sensitive answer. The checkout fits 320 px.
 */
import { readFile } from 'node:fs/promises';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { DEMO_USERS } from '../../server/seed/demo.ts';
import { apiAsPage, newMember, ownEvent } from './api.ts';
import { signIn } from './login.ts';

test.setTimeout(300_000);

async function pageAs(
  browser: Browser,
  email: string,
  viewport = { width: 1024, height: 900 },
): Promise<Page> {
  const context = await browser.newContext({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', viewport });
  // the badge sheet prints on its own: recorded instead of opening the print dialog
  await context.addInitScript(() => {
    window.print = () => {};
  });
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

async function addQuestion(
  page: Page,
  q: {
    label: string;
    kind: string;
    options?: string;
    required?: boolean;
    sensitive?: boolean;
    badge?: boolean;
  },
) {
  await page.getByRole('button', { name: 'Adicionar pergunta' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Pergunta', { exact: true }).fill(q.label);
  await dialog.getByLabel('Tipo de resposta').selectOption({ label: q.kind });
  if (q.options) await dialog.getByLabel('Opções (uma por linha)').fill(q.options);
  if (q.required) await dialog.getByLabel('Resposta obrigatória').check();
  if (q.sensitive) await dialog.getByLabel(/Dado sensível/).check();
  if (q.badge) await dialog.getByLabel('Mostrar a resposta no crachá').check();
  await dialog.getByRole('button', { name: 'Salvar pergunta' }).click();
  await expect(page.getByTestId('question-row').filter({ hasText: q.label })).toBeVisible();
}

test('staff ask three questions; a member answers at checkout; review, report, CSV, export and badge carry them', async ({
  browser,
  request,
}) => {
  // a new event with a free tier, made through the API as the editor does
  const title = `Acampamento com perguntas ${Date.now()}`;
  const {
    eventId,
    tierIds: [tierId],
  } = await ownEvent(request, { title, methods: ['cash'] }, [{ name: 'Gratuito', price: 0 }]);

  // the admin adds the questions in the editor
  const admin = await pageAs(browser, DEMO_USERS.admin.email);
  await admin.goto(`/admin/events/${eventId}`);
  await expect(admin.getByRole('heading', { name: 'Perguntas da inscrição' })).toBeVisible();
  await addQuestion(admin, {
    label: 'Tamanho da camiseta',
    kind: 'Uma opção',
    options: 'P\nM\nG',
    required: true,
    badge: true,
  });
  await addQuestion(admin, { label: 'Alergias ou medicação', kind: 'Texto longo', sensitive: true });
  await addQuestion(admin, { label: 'Data do batismo', kind: 'Data' });
  await expect(admin.getByTestId('question-row')).toHaveCount(3);
  await expect(admin.getByTestId('question-row').first()).toContainText('obrigatória');

  // a member answers at checkout, on a phone
  const email = await newMember(request, 'Lucas Pereira');
  const member = await pageAs(browser, email, { width: 320, height: 740 });
  await member.goto(`/checkout/${eventId}/${tierId}`);
  await expect(member.getByText('Tamanho da camiseta *')).toBeVisible();
  await member.getByRole('button', { name: 'Confirmar inscrição »' }).click();
  await expect(member.getByTestId('answer-fields').getByRole('alert')).toHaveText('Responda esta pergunta.');
  const overflow = await member.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await member.getByRole('radio', { name: 'M' }).check();
  await member.getByLabel('Alergias ou medicação').fill('Alergia a amendoim');
  await member.getByRole('button', { name: 'Confirmar inscrição »' }).click();
  await expect(member.getByText(/Passo 3 de 3/)).toBeVisible();

  // the member's export carries the answers
  const exported = (await apiAsPage(member, '/v1/me/export')).body as {
    registrations: { event: { id: string }; answers: { question: string; value: unknown }[] }[];
  };
  const mine = exported.registrations.find((r) => r.event.id === eventId)!;
  expect(mine.answers).toEqual(
    expect.arrayContaining([
      { question: 'Tamanho da camiseta', value: 'M' },
      { question: 'Alergias ou medicação', value: 'Alergia a amendoim' },
    ]),
  );

  // staff see the answers in the review (the admin holds read_sensitive)
  await admin.goto('/admin/registrations');
  await admin.getByRole('button', { name: 'Outros filtros' }).click();
  await admin.getByLabel('Nome ou email').fill(email);
  await admin.getByRole('button', { name: 'Filtrar' }).click();
  await admin.locator('.review-summary').first().click();
  const answers = admin.getByTestId('registration-answers');
  await expect(answers).toContainText('Tamanho da camiseta');
  await expect(answers).toContainText('M');
  await expect(answers).toContainText('Alergia a amendoim');

  // the report counts the choice in a chart; the attendees CSV has a column per question
  await admin.goto(`/admin/reports?event=${eventId}`);
  const chart = admin.getByTestId('answer-bar').filter({ hasText: 'Respostas: Tamanho da camiseta' });
  await expect(chart.locator('.report-legend li')).toHaveText(['M1']);
  await admin.getByLabel('Regional ou congregação', { exact: true }).selectOption({ index: 1 });
  await expect(admin.getByTestId('attendees-table').locator('tbody tr')).toHaveCount(1);
  const [download] = await Promise.all([
    admin.waitForEvent('download'),
    admin.getByRole('button', { name: 'Baixar CSV dos inscritos' }).click(),
  ]);
  const csv = (await readFile((await download.path())!)).toString('utf8');
  const [header, row] = csv.replace('\uFEFF', '').split('\r\n');
  expect(header!.split(';').slice(-3)).toEqual([
    'Tamanho da camiseta',
    'Alergias ou medicação',
    'Data do batismo',
  ]);
  expect(row!.split(';').slice(-3)).toEqual(['M', 'Alergia a amendoim', '']);

  // the badge shows the shirt size, never the sensitive answer
  await admin.goto(`/admin/all-badge?event=${eventId}`);
  await expect(admin.getByTestId('badge')).toHaveCount(1);
  await expect(admin.getByTestId('badge-answer')).toHaveText('Tamanho da camiseta: M');
  await expect(admin.getByTestId('badge')).not.toContainText('amendoim');

  // one badge, as the registrations list opens it, prints the chosen answer too
  const held = (await apiAsPage(member, '/v1/registrations')).body as { id: string; event_id: string }[];
  const registrationId = held.find((r) => r.event_id === eventId)!.id;
  const single = await admin.context().newPage();
  await single.addInitScript(() => {
    window.close = () => {};
  });
  await single.goto(
    `/admin/badge?${new URLSearchParams({ name: 'Lucas Pereira', temple: '', code: registrationId })}`,
  );
  await expect(single.getByTestId('badge-answer')).toHaveText('Tamanho da camiseta: M');
  await expect(single.locator('main')).not.toContainText('amendoim');
  await single.close();

  // the person's page shows the answers (the admin holds read_sensitive)
  const me = (await apiAsPage(member, '/v1/me')).body as { id: string };
  await admin.goto(`/admin/users/${me.id}`);
  const onPage = admin.getByTestId('person-answers');
  await expect(onPage).toContainText('Tamanho da camiseta');
  await expect(onPage).toContainText('Alergias ou medicação (sensível)');
  await expect(onPage).toContainText('Alergia a amendoim');
});
