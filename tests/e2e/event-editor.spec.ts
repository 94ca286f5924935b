/**
 * The event editor as staff use it: admin@congrega.local creates an event from the plus icon on `/`
 * with a new venue (address search fills the coordinates), a new speaker with a cropped photo, a new
 * tag, two tiers (paid and limited, free), a file and 10 vouchers; the event shows on `/` and in
 * its month on `/all` with the right tier statuses; one member registers on the free tier and
 * another with one of the vouchers; the admin changes the total (the place taken stays taken) and
 * deletes the event, which leaves every list while the members keep their registrations.
 */
import { readFileSync } from 'node:fs';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { DEMO_EVENTS, DEMO_USERS } from '../../server/seed/demo.ts';
import { signIn } from './login.ts';

test.use({ viewport: { width: 1024, height: 900 } });

const PNG = readFileSync(new URL('../../public/icon-512.png', import.meta.url));
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

/** A member in a browser of their own (the admin's session stays in the test's page). */
async function memberPage(browser: Browser, email: string): Promise<Page> {
  const page = await (
    await browser.newContext({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' })
  ).newPage();
  await signIn(page, email);
  return page;
}

/** 'DD/MM/YYYY HH:mm' of a day `days` from now at 19:30 (São Paulo), and its month key. */
function eventDate(days: number): { typed: string; month: string; day: string } {
  const d = new Date(Date.now() + days * 86_400_000);
  const parts = new Intl.DateTimeFormat('pt-BR', {
    timeZone: 'America/Sao_Paulo',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).formatToParts(d);
  const get = (t: string) => parts.find((p) => p.type === t)!.value;
  return {
    typed: `${get('day')}/${get('month')}/${get('year')} 19:30`,
    month: `${get('year')}-${get('month')}`,
    day: get('day'),
  };
}

test('admin creates an event with venue, speaker, tag, tiers, file and vouchers; members register; edits and deletes it', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const title = `Congresso de Jovens ${Date.now()}`;
  const when = eventDate(12);
  await signIn(page, DEMO_USERS.admin.email);

  // the plus icon on `/` leads to the editor
  await page.getByRole('link', { name: 'Criar evento' }).click();
  await expect(page).toHaveURL(/\/admin\/events\/new$/);
  await expect(page.getByRole('heading', { name: 'Novo evento' })).toBeVisible();

  // validation messages of product-spec.md §5 on the fields
  await page.getByRole('button', { name: 'Salvar evento' }).click();
  await expect(page.getByText('O título é obrigatório.')).toBeVisible();
  await expect(page.getByText('Insira uma data válida')).toBeVisible();
  await expect(page.getByText('Escolha ao menos um local.')).toBeVisible();

  await page.getByLabel('Título', { exact: true }).fill(title);
  const description = page.getByRole('textbox', { name: 'Descrição' });
  await description.click();
  await page.keyboard.type('Três dias de louvor e palavra.');
  await page.getByLabel('Detalhes').fill('Levar Bíblia, roupa de cama');
  await page
    .getByLabel('Imagem do evento')
    .setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: 'Pré-visualização da imagem do evento' })).toBeVisible();
  const start = page.getByLabel('Início (DD/MM/AAAA HH:mm)');
  await start.fill('31/02/2026 10:00');
  await start.blur();
  await expect(page.getByText('Insira uma data válida')).toBeVisible();
  await start.fill(when.typed);
  await page.getByLabel('Link externo (https://)').fill('http://exemplo.com');
  await page.getByLabel('Link externo (https://)').blur();
  await expect(page.getByText('O link deve começar com https://')).toBeVisible();
  await page.getByLabel('Link externo (https://)').fill('');
  // a new event offers no method until the organisers choose (PIX and card need Mercado Pago)
  for (const method of ['PIX (Mercado Pago)', 'Cartão de crédito (Mercado Pago)']) {
    await expect(page.getByRole('checkbox', { name: method, exact: true })).not.toBeChecked();
  }
  await expect(page.getByTestId('methods-hint')).toBeVisible();
  await page.getByLabel('Voucher').check();
  await expect(page.getByTestId('methods-hint')).toHaveCount(0);
  await page.getByLabel('Dinheiro (presencial)').check();

  // a new venue: the address search fills address and coordinates, with a map preview
  await page.getByRole('button', { name: 'Novo local' }).click();
  const venueDialog = page.getByRole('dialog', { name: 'Novo local' });
  await venueDialog.getByLabel('Nome', { exact: true }).fill('Espaço Augusta');
  await venueDialog.getByLabel('Buscar endereço').fill('augusta 1500');
  await venueDialog.getByRole('button', { name: 'Buscar' }).click();
  await venueDialog.getByRole('button', { name: /Rua Augusta, 1500/ }).click();
  await expect(venueDialog.getByLabel('Endereço', { exact: true })).toHaveValue(/Rua Augusta, 1500/);
  await expect(venueDialog.getByLabel('Latitude')).toHaveValue('-23.557583');
  await expect(venueDialog.getByLabel('Longitude')).toHaveValue('-46.661491');
  await expect(venueDialog.locator('iframe[title="Mapa do local"]')).toHaveAttribute(
    'src',
    /marker=-23\.557583/,
  );
  await venueDialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
  await expect(venueDialog).toBeHidden();
  await expect(page.getByRole('listitem').filter({ hasText: 'Espaço Augusta' })).toBeVisible();

  // a new speaker with a photo cropped in a circle
  await page.getByRole('button', { name: 'Novo palestrante' }).click();
  const speakerDialog = page.getByRole('dialog', { name: 'Novo palestrante' });
  await speakerDialog.getByLabel('Nome', { exact: true }).fill('Pra. Débora Lima');
  await speakerDialog
    .getByLabel('Foto do palestrante')
    .setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: PNG });
  // the circular stencil
  await expect(
    speakerDialog.getByTestId('speaker-cropper').locator('.reactEasyCrop_CropAreaRound'),
  ).toBeVisible();
  await speakerDialog.getByRole('button', { name: 'Usar recorte' }).click();
  await expect(speakerDialog.getByRole('img', { name: 'Foto do palestrante' })).toHaveAttribute(
    'src',
    /speakers\/.+\.jpg$/,
  );
  await speakerDialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
  await expect(speakerDialog).toBeHidden();
  await expect(page.getByRole('listitem').filter({ hasText: 'Pra. Débora Lima' })).toBeVisible();

  // a new tag (default colour), and the general tag so it shows on `/`
  const tagName = `Juventude ${Date.now() % 100000}`;
  await page.getByRole('button', { name: 'Nova tag' }).click();
  const tagDialog = page.getByRole('dialog', { name: 'Nova tag' });
  await expect(tagDialog.getByLabel('Cor', { exact: true }).first()).toHaveValue('#3080d4');
  await tagDialog.getByLabel('Nome', { exact: true }).fill(tagName);
  await tagDialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
  await expect(tagDialog).toBeHidden();
  // without the general tag the event stays off `/`, and the editor says so
  await expect(page.getByTestId('general-tag-hint')).toContainText('não aparece em Próximos Eventos');
  await page.getByLabel('Adicionar: Tags').selectOption({ label: 'Geral' });
  await expect(page.getByTestId('general-tag-hint')).toHaveCount(0);

  await page.getByRole('button', { name: 'Salvar evento' }).click();
  await expect(page).toHaveURL(/\/admin\/events\/[0-9a-f-]{36}$/);
  const eventId = page.url().split('/').pop()!;
  await expect(page.getByRole('heading', { name: 'Editar evento' })).toBeVisible();

  // two tiers: paid with a limited total, and free
  await page.getByRole('button', { name: 'Adicionar lote' }).click();
  let tierDialog = page.getByRole('dialog', { name: 'Adicionar lote' });
  await tierDialog.getByLabel('Nome do lote').fill('Lote 1');
  // the price is a money mask: digits fill the centavos
  await tierDialog.getByLabel('Preço (R$)').pressSequentially('2500');
  await expect(tierDialog.getByLabel('Preço (R$)')).toHaveValue('25,00');
  await tierDialog.getByLabel('Preço (R$)').fill('');
  await tierDialog.getByLabel('Preço (R$)').pressSequentially('12000');
  await expect(tierDialog.getByLabel('Preço (R$)')).toHaveValue('120,00');
  await tierDialog.getByLabel('Total de vagas (vazio = sem limite)').fill('50');
  await tierDialog.getByRole('button', { name: 'Salvar lote' }).click();
  await expect(tierDialog).toBeHidden();
  await page.getByRole('button', { name: 'Adicionar lote' }).click();
  tierDialog = page.getByRole('dialog', { name: 'Adicionar lote' });
  await tierDialog.getByLabel('Nome do lote').fill('Entrada gratuita');
  await tierDialog.getByRole('button', { name: 'Salvar lote' }).click();
  await expect(tierDialog).toBeHidden();
  const rows = page.getByTestId('tier-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('R$ 120,00');
  await expect(rows.nth(0)).toContainText('50 / 50');
  await expect(rows.nth(1)).toContainText('GRÁTIS');

  // an event file
  await page.getByLabel('Nome do arquivo').fill('Programação');
  await page
    .getByLabel('Arquivo (PDF ou imagem)')
    .setInputFiles({ name: 'prog.pdf', mimeType: 'application/pdf', buffer: PDF });
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Programação' })).toBeVisible();

  // 10 vouchers for the paid tier
  await page.getByLabel('Quantidade').fill('10');
  await page.getByRole('button', { name: 'Gerar vouchers' }).click();
  await expect(page.getByTestId('voucher-row')).toHaveCount(10);
  await expect(page.getByTestId('voucher-row').first()).toContainText(/[A-Z2-9]{4}-[A-Z2-9]{4}/);
  await expect(page.getByTestId('voucher-row').first()).toContainText('Disponível');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Baixar CSV' }).click();
  expect((await download).suggestedFilename()).toBe('vouchers.csv');
  const voucher = /[A-Z2-9]{4}-[A-Z2-9]{4}/.exec(
    (await page.getByTestId('voucher-row').first().textContent()) ?? '',
  )![0];

  // in its month on `/all`, and on `/` with the tier statuses in its overlay
  await page.goto(`/all?from=${when.month}&to=${when.month}`);
  await expect(page.getByText(title).first()).toBeVisible({ timeout: 20_000 });
  await page.goto('/');
  const card = page.getByRole('link', { name: new RegExp(title) }).first();
  await expect(card).toBeVisible({ timeout: 20_000 });
  await card.click();
  const overlay = page.getByRole('dialog', { name: title });
  await expect(overlay).toBeVisible({ timeout: 20_000 });
  // 50 of 50 places free: no 'Quantidade limitada! Inscreva-se agora!' yet
  await expect(overlay.getByText('Quantidade limitada! Inscreva-se agora!')).toHaveCount(0);
  await expect(overlay.getByText('GRÁTIS')).toBeVisible();
  await expect(overlay.getByText('Pra. Débora Lima')).toBeVisible();

  // a member registers on the free tier from the event's overlay: paid at once, with the ticket
  const free = await memberPage(browser, DEMO_USERS.membro.email);
  await free.goto(`/?event=${eventId}`);
  const freeOverlay = free.getByRole('dialog', { name: title });
  await expect(freeOverlay.getByText('GRÁTIS')).toBeVisible({ timeout: 20_000 });
  await freeOverlay.getByRole('link', { name: 'Inscrever agora »' }).last().click();
  await expect(free.getByTestId('checkout-price')).toHaveText('GRÁTIS');
  await free.getByRole('button', { name: 'Confirmar inscrição »' }).click();
  await expect(free.getByTestId('checkout-status')).toHaveText('Pago');
  await expect(free.getByRole('img', { name: /QR code do ingresso/ })).toBeVisible();

  // another pays the paid tier with one of the vouchers just generated
  const paid = await memberPage(browser, DEMO_USERS.voluntario.email);
  await paid.goto(`/?event=${eventId}`);
  const paidOverlay = paid.getByRole('dialog', { name: title });
  await expect(paidOverlay.getByText('R$ 120,00')).toBeVisible({ timeout: 20_000 });
  await paidOverlay.getByRole('link', { name: 'Inscrever agora »' }).first().click();
  await paid.getByLabel('Voucher').check();
  await paid.getByRole('button', { name: 'Continuar »' }).click();
  await paid.getByLabel('Código do voucher').pressSequentially(voucher.replace('-', '').toLowerCase());
  await expect(
    paid.locator('.notice').filter({ hasText: 'Inscrição confirmada com sucesso!' }),
  ).toBeVisible();
  await expect(paid).toHaveURL((url) => url.pathname.startsWith('/my-registrations/'), { timeout: 5000 });
  await expect(paid.getByText(`Voucher válido aplicado: ${voucher}`)).toBeVisible();

  // 'Editar evento' in the overlay leads back to the editor: the voucher shows who used it, and
  // the total changes while the place taken stays taken
  await overlay.getByRole('link', { name: 'Editar evento' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/events/${eventId}\\?backToEvent=true$`));
  await expect(page.getByTestId('voucher-row').filter({ hasText: voucher })).toContainText(
    DEMO_USERS.voluntario.name,
  );
  await expect(page.getByTestId('tier-row').nth(0)).toContainText('49 / 50');
  await page.getByRole('button', { name: 'Editar Lote 1' }).click();
  const editDialog = page.getByRole('dialog', { name: 'Editar' });
  await editDialog.getByLabel('Total de vagas (vazio = sem limite)').fill('40');
  await editDialog.getByRole('button', { name: 'Salvar lote' }).click();
  await expect(page.getByTestId('tier-row').nth(0)).toContainText('39 / 40');
  // a tier only the desk registers on (volunteers): members' checkouts are refused on the server
  await page.getByRole('button', { name: 'Editar Entrada gratuita' }).click();
  const freeDialog = page.getByRole('dialog', { name: 'Editar' });
  await freeDialog.getByLabel('Só a secretaria inscreve neste lote (ex.: voluntários)').check();
  await freeDialog.getByRole('button', { name: 'Salvar lote' }).click();
  await expect(freeDialog).toBeHidden();
  await expect(page.getByTestId('tier-row').filter({ hasText: 'Entrada gratuita' })).toContainText(
    'Só secretaria',
  );
  // the event page says so on that tier, with no button to register or bring a caravan
  await page.goto(`/events/${eventId}`);
  await page.getByRole('button', { name: 'Ver detalhes e inscrições' }).click();
  const volunteers = page.getByRole('listitem', { name: 'Entrada gratuita' });
  await expect(volunteers).toContainText('Esse lote é só para inscrições feitas pela secretaria.');
  await expect(volunteers.getByRole('link')).toHaveCount(0);
  await expect(
    page.getByRole('listitem', { name: 'Lote 1' }).getByRole('link', { name: 'Inscrever agora »' }),
  ).toBeVisible();
  await page.goto(`/admin/events/${eventId}?backToEvent=true`);
  // a tier sold at the door alone: the event page hides it, the server refuses it online
  await page.getByRole('button', { name: 'Editar Entrada gratuita' }).click();
  const doorDialog = page.getByRole('dialog', { name: 'Editar' });
  await doorDialog.getByLabel('Só na porta').check();
  await doorDialog.getByRole('button', { name: 'Salvar lote' }).click();
  await expect(doorDialog).toBeHidden();
  await expect(page.getByTestId('tier-row').filter({ hasText: 'Entrada gratuita' })).toContainText(
    'Só na porta',
  );

  // the caravan limits: a bad number is said on the field and kept out; a good one is saved and read back
  const caravans = page.getByRole('region', { name: 'Caravanas' });
  const unpaid = caravans.getByLabel('Pessoas com pagamento pendente por líder');
  await expect(unpaid).toHaveValue('20');
  await unpaid.fill('1');
  await caravans.getByRole('button', { name: 'Salvar limites das caravanas' }).click();
  await expect(caravans.getByRole('alert')).toHaveText(
    'Pessoas com pagamento pendente por líder: um número inteiro de 2 a 1000.',
  );
  await unpaid.fill('35');
  const saved = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && r.url().endsWith(`/v1/admin/events/${eventId}/caravan-limits`),
  );
  await caravans.getByRole('button', { name: 'Salvar limites das caravanas' }).click();
  expect(await (await saved).json()).toEqual({ unpaid_per_leader: 35, cash_hold_hours: 72 });
  await expect(page.getByText('Limites das caravanas salvos.')).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Caravanas' }).getByLabel('Pessoas com pagamento pendente por líder'),
  ).toHaveValue('35');

  // unsaved changes ask before leaving
  await page.getByLabel('Título', { exact: true }).fill(`${title} (alterado)`);
  page.once('dialog', (d) => {
    expect(d.message()).toBe('Há alterações não salvas. Sair mesmo assim?');
    void d.dismiss();
  });
  await page.getByRole('link', { name: 'Congrega, página inicial' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/events/${eventId}`));
  await page.getByLabel('Título', { exact: true }).fill(title);
  // saving with backToEvent returns to the event
  await page.getByRole('button', { name: 'Salvar evento' }).click();
  await expect(page).toHaveURL(new RegExp(`/events/${eventId}$`));

  // the admin list: delete with confirmation; the event leaves every list. The home, just seen
  // with it, drops it at once on the way back (no reload, its list still fresh in this tab)
  await page.getByRole('link', { name: 'Congrega, página inicial' }).click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await page.getByRole('button', { name: 'Abrir menu' }).click();
  await page.getByRole('link', { name: 'Gerenciar eventos' }).click();
  await page.getByLabel('Buscar evento').fill(title);
  const row = page.getByTestId('admin-event-row').filter({ hasText: title });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: `Excluir ${title}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Excluir' });
  await expect(confirm).toContainText('as inscrições continuam guardadas');
  await confirm.getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByTestId('admin-event-row').filter({ hasText: title })).toHaveCount(0);
  // the API's answer to a list read, which must not carry the deleted event
  const answered = async (path: string) => {
    const response = await page.waitForResponse(
      (r) => new URL(r.url()).pathname === `/functions/v1/api/v1/events${path}`,
    );
    const events = (await response.json()) as { title: string }[];
    expect(events.map((e) => e.title)).not.toContain(title);
  };
  let answer = answered('/upcoming'); // the home asks again
  await page.getByRole('link', { name: 'Congrega, página inicial' }).click();
  await expect(page.getByText(DEMO_EVENTS.conference.title).first()).toBeVisible();
  await expect(page.getByText(title)).toHaveCount(0);
  await answer;
  // after a fresh load: each list shows what this device stored, then the API's answer
  answer = answered('/upcoming');
  await page.goto('/');
  await answer;
  await expect(page.getByRole('heading', { name: 'Próximos Eventos' })).toBeVisible();
  await expect(page.getByText(DEMO_EVENTS.conference.title).first()).toBeVisible();
  await expect(page.getByText(title)).toHaveCount(0);
  answer = answered('');
  await page.goto(`/all?from=${when.month}&to=${when.month}`);
  await answer;
  await expect(page.getByRole('heading', { name: 'Todos os eventos' })).toBeVisible();
  await expect(page.getByText(title)).toHaveCount(0);

  // the members' registrations remain, with their tickets
  for (const member of [free, paid]) {
    await member.goto('/my-registrations');
    // under 'Eventos removidos' once the API answered (the kept list showed it among the active
    // ones: clicked there, the card could move under the click)
    await member
      .getByRole('region', { name: 'Eventos removidos' })
      .getByTestId('registration-card')
      .filter({ hasText: title })
      .click();
    await expect(member.getByTestId('registration-status')).toHaveText('Pago');
    await member.context().close();
  }
});

test('the editor is for write_events only: a member is sent home, a guest to the login', async ({ page }) => {
  await page.goto('/admin/events/new');
  await expect(page).toHaveURL(/\/auth\/login\?redirectTo=/);
  await signIn(page, DEMO_USERS.membro.email);
  await page.goto('/admin/events');
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByRole('link', { name: 'Criar evento' })).toHaveCount(0);
});
