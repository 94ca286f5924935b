/**
 * Staff reports and badges on the real host (demo seed): lider@ (permission reports) opens
 * 'Relatório' from the menu, chooses the conference, sees the counts, the pie by status, the bar of
 * paid registrations by regional, the congregation table (searchable) and the attendees of a
 * regional, and downloads both CSVs with the rows the API holds; prints the event's badge sheets and
 * one badge (window.print stubbed and recorded). A member has no menu item and gets 403 from the API.
 * The screens fit 320 px without sideways scrolling and are axe-clean.
 */
import { readFile } from 'node:fs/promises';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import {
  DEMO_EVENTS,
  DEMO_PASSWORD,
  DEMO_REGISTRATIONS,
  DEMO_TIERS,
  DEMO_USERS,
} from '../../server/seed/demo.ts';
import { csvMoney, fileSlug } from '../../src/domain/csv.ts';
import {
  type AttendeeRow,
  type BadgeRow,
  DELETED_REGIONAL,
  filterTemples,
  type ReportLocations,
  type ReportSummary,
  regionalLabel,
  templeLabel,
  VISITORS_REGIONAL,
} from '../../src/domain/reports.ts';
import { callApi, newMember, tokenOf } from './api.ts';
import { expectNoViolations } from './axe.ts';
import { signIn } from './login.ts';

// sign-ins (bcrypt) on a shared machine
test.setTimeout(180_000);

const conference = DEMO_EVENTS.conference;

/** The API through the signed-in page (its stored access token), as the app calls it. */
async function api<T>(page: Page, path: string): Promise<{ status: number; body: T }> {
  return page.evaluate(async (path) => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('sb-') && k.endsWith('-auth-token'));
    const token = key
      ? (JSON.parse(localStorage.getItem(key)!) as { access_token: string }).access_token
      : '';
    const res = await fetch(`/functions/v1/api${path}`, { headers: { authorization: `Bearer ${token}` } });
    return { status: res.status, body: await res.json() };
  }, path);
}

/** window.print and window.close recorded instead of run, in every page of the context. */
async function recordPrint(context: BrowserContext) {
  await context.addInitScript(() => {
    const w = window as unknown as { __calls: string[] };
    w.__calls = [];
    window.print = () => void w.__calls.push('print');
    window.close = () => void w.__calls.push('close');
  });
}
const calls = (page: Page) => page.evaluate(() => (window as unknown as { __calls: string[] }).__calls);

async function csvOf(page: Page, button: string) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  const bytes = await readFile((await download.path())!);
  return { name: download.suggestedFilename(), bytes, text: bytes.toString('utf8') };
}

async function noSidewaysScroll(page: Page, screen: string) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll, `${screen} at ${client}px`).toBeLessThanOrEqual(client);
}

test.describe('wide screen', () => {
  test.use({ viewport: { width: 1100, height: 900 } });

  test('lider@ reads the conference report and downloads both CSVs', async ({ page }) => {
    await signIn(page, DEMO_USERS.lider.email);
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await page.getByRole('link', { name: 'Relatório' }).click();
    await expect(page).toHaveURL(/\/admin\/reports$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Relatório' })).toBeVisible();

    // the sub-events are grouped under the conference
    const select = page.getByLabel('Evento', { exact: true });
    const group = select.locator(`optgroup[label="${conference.title}"] option`);
    await expect(group).toHaveText([
      /^Conferência Jovem 2026 \(evento principal\)/,
      new RegExp(`^${DEMO_EVENTS.workshop.title}`),
      new RegExp(`^${DEMO_EVENTS.communication.title}`),
    ]);
    await select.selectOption(conference.id);
    await expect(page).toHaveURL(new RegExp(`event=${conference.id}`));

    const report = (await api<ReportSummary>(page, `/v1/admin/reports?event=${conference.id}`)).body;
    await expect(page.getByTestId('count-participants')).toHaveText(String(report.participants));
    await expect(page.getByTestId('count-congregations')).toHaveText(String(report.congregations));
    await expect(page.getByTestId('count-registrations')).toHaveText(String(report.registrations));

    // the pie: one slice per status, in the status colours, and its numbers as text
    const pie = page.getByTestId('status-pie');
    await expect(pie.locator('svg path').first()).toBeVisible();
    await expect(pie.locator('svg path')).toHaveCount(report.status.length);
    const paid = report.status.find((s) => s.status === 'paid')!;
    await expect(pie.locator('li[data-status="paid"]')).toContainText(`Pago${paid.cnt}`);
    const fills = await pie.locator('svg path').evaluateAll((ps) => ps.map((p) => p.getAttribute('fill')));
    expect(fills).toContain('#2f9e44'); // paid green
    expect(fills).toContain('#fcc419'); // pending yellow
    expect(fills).toContain('#f76707'); // analysis orange
    // the bar: one bar per regional with paid registrations
    const bar = page.getByTestId('regional-bar');
    const bars = bar.locator('svg [data-testid^="bar.item."]');
    await expect(bars).toHaveCount(report.regional.length);
    expect(await bars.evaluateAll((bs) => bs.map((b) => b.getAttribute('fill')))).toEqual(
      report.regional.map(() => 'rgba(28, 126, 214, 1)'),
    );
    for (const r of report.regional)
      await expect(bar.getByRole('listitem').filter({ hasText: regionalLabel(r.regional) })).toContainText(
        String(r.cnt),
      );

    // the congregation table, searchable, and its CSV
    const temples = page.getByTestId('temples-table');
    await expect(temples.locator('tbody tr')).toHaveCount(report.temples.length);
    // a congregation of ours (visitors from another church have no congregation name)
    const one = report.temples.find((t) => t.name)!;
    await page.getByLabel('Buscar congregação').fill(one.name!.toLowerCase());
    // the search matches a congregation's name and its regional's (src/domain/reports.ts filterTemples)
    await expect(temples.locator('tbody tr')).toHaveCount(
      filterTemples(report.temples, one.name!.toLowerCase()).length,
    );
    await page.getByLabel('Buscar congregação').fill('');
    await expect(temples.locator('tbody tr')).toHaveCount(report.temples.length);
    const templesFile = await csvOf(page, 'Baixar CSV das congregações');
    expect(templesFile.name).toBe('inscricoes-por-congregacao-conferencia-jovem-2026.csv');
    expect([...templesFile.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // UTF-8 BOM
    const templeLines = templesFile.text.slice(1).trimEnd().split('\r\n');
    expect(templeLines[0]).toBe(
      'Congregação;Regional;Pagas;Inscrições;Recebido (R$);Reembolsado (R$);Líquido (R$)',
    );
    expect(templeLines.slice(1).sort()).toEqual(
      report.temples
        .map(
          (t) =>
            `${templeLabel(t.name, t.regional)};${regionalLabel(t.regional)};${t.cnt};${t.total};${csvMoney(t.received ?? 0)};${csvMoney(t.refunded ?? 0)};${csvMoney(t.net ?? 0)}`,
        )
        .sort(),
    );

    // the attendees of a regional, and their CSV
    const locations = (
      await api<ReportLocations>(page, `/v1/admin/reports/my-locations?event=${conference.id}`)
    ).body;
    const regional = [...locations.regionals].sort((a, b) => b.cnt - a.cnt)[0]!;
    await page.getByLabel('Regional ou congregação', { exact: true }).selectOption(regional.regional);
    const attendees = page.getByTestId('attendees-table');
    await expect(attendees.locator('tbody tr')).toHaveCount(regional.cnt);
    const people = (
      await api<AttendeeRow[]>(
        page,
        `/v1/admin/reports/atendees-per-location/${encodeURIComponent(regional.regional)}?event=${conference.id}`,
      )
    ).body;
    const peopleFile = await csvOf(page, 'Baixar CSV dos inscritos');
    // named by the label the screen shows (a member of another church is under "Visitantes")
    expect(peopleFile.name).toBe(
      `inscritos-${fileSlug(regionalLabel(regional.regional))}-conferencia-jovem-2026.csv`,
    );
    const lines = peopleFile.text.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe('Nome;Congregação;Regional;Pagamento;Status;Data da inscrição;Valor (R$)');
    expect(lines).toHaveLength(people.length + 1);
    expect(lines.slice(1).map((l) => l.split(';')[0])).toEqual(people.map((p) => p.name));
    for (const line of lines.slice(1)) {
      const cells = line.split(';');
      expect(cells).toHaveLength(7);
      expect(cells[5]).toMatch(/^\d{2}\/\d{2}\/20\d{2} \d{2}:\d{2}$/);
      expect(cells[6]).toMatch(/^\d+,\d{2}$/);
    }

    // the member cannot see any of it: checked with the same API as the member below
  });

  test('badges: an event’s A4 sheets and one badge render their QRs and print', async ({ page, context }) => {
    await recordPrint(context);
    await signIn(page, DEMO_USERS.lider.email);
    await page.goto(`/admin/reports?event=${conference.id}`);
    const badges = (await api<{ badges: BadgeRow[] }>(page, `/v1/admin/badges?event=${conference.id}`)).body
      .badges;
    expect(badges.length).toBeGreaterThan(0);
    const [sheet] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('link', { name: 'Imprimir crachás do evento' }).click(),
    ]);
    await expect(sheet).toHaveURL(new RegExp(`/admin/all-badge\\?event=${conference.id}`));
    await expect(sheet.getByTestId('badge')).toHaveCount(badges.length);
    await expect(sheet.getByTestId('badge-page')).toHaveCount(Math.ceil(badges.length / 8));
    await expect.poll(() => calls(sheet)).toEqual(['print']);
    const qrs = await sheet
      .locator('img.badge-qr')
      .evaluateAll((imgs) =>
        imgs.map((i) => ({ qr: i.getAttribute('data-qr'), w: (i as HTMLImageElement).naturalWidth })),
      );
    expect(qrs.map((q) => q.qr).sort()).toEqual(badges.map((b) => `checkin:${b.registration_id}`).sort());
    expect(qrs.every((q) => q.w > 0)).toBe(true);
    await sheet.getByRole('button', { name: 'Imprimir' }).click();
    await expect.poll(() => calls(sheet)).toEqual(['print', 'print']);
    await sheet.close();

    // one badge, as the registrations list opens it: the ticket's QR, printed, then the tab closes
    const membro = DEMO_REGISTRATIONS.membroConference.id;
    await page.goto(
      `/admin/badge?${new URLSearchParams({ name: DEMO_USERS.membro.name, temple: 'Sede', code: membro })}`,
    );
    await expect(page.getByText(DEMO_USERS.membro.name)).toBeVisible();
    const img = page.locator('img.badge-qr');
    await expect(img).toHaveAttribute('data-qr', `checkin:${membro}`);
    await expect.poll(() => calls(page)).toEqual(['print', 'close']);
    expect(await img.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBeGreaterThan(0);
  });
});

test('a deleted account: the report shows its registration as «Conta excluída», not as a visitor, and the badge sheet has no badge for it', async ({
  page,
  context,
  request,
}) => {
  await page.setViewportSize({ width: 1100, height: 900 });
  // a member (of another church: a visitor) with a paid registration, who then deletes the account
  const email = await newMember(request, 'Dalva Deletada');
  const member = await tokenOf(request, email);
  const buy = await callApi<{ registration_id: string; confirmation_id: string }[]>(
    request,
    member,
    'POST',
    `/v1/checkout/${conference.id}/${DEMO_TIERS.conferenceSecond.id}`,
    { tierId: DEMO_TIERS.conferenceSecond.id, paymentMethod: 'cash' },
  );
  expect(buy.status, JSON.stringify(buy.body)).toBe(201);
  const [item] = buy.body;
  const staff = await tokenOf(request, DEMO_USERS.secretaria.email);
  const approve = `/v1/admin/confirmations/${item!.confirmation_id}/approve`;
  expect((await callApi(request, staff, 'POST', approve)).status).toBe(200);
  const gone = await callApi(request, member, 'POST', '/v1/me/delete', { password: DEMO_PASSWORD });
  expect(gone.status, JSON.stringify(gone.body)).toBeLessThan(300);

  await recordPrint(context);
  await signIn(page, DEMO_USERS.lider.email);
  await page.goto(`/admin/reports?event=${conference.id}`);
  const report = (await api<ReportSummary>(page, `/v1/admin/reports?event=${conference.id}`)).body;
  const deleted = report.regional.find((r) => r.regional === DELETED_REGIONAL);
  expect(deleted?.cnt).toBeGreaterThanOrEqual(1);
  // the bar and the congregation table name it
  await expect(
    page.getByTestId('regional-bar').getByRole('listitem').filter({ hasText: 'Conta excluída' }),
  ).toContainText(String(deleted!.cnt));
  await expect(
    page.getByTestId('temples-table').locator('tbody tr').filter({ hasText: 'Conta excluída' }),
  ).toHaveCount(1);
  // its people: under «Conta excluída», none among the visitors
  await page.getByLabel('Regional ou congregação', { exact: true }).selectOption(DELETED_REGIONAL);
  const rows = page.getByTestId('attendees-table').locator('tbody tr');
  await expect(rows.first()).toContainText('Conta excluída');
  const visitors = await api<AttendeeRow[]>(
    page,
    `/v1/admin/reports/atendees-per-location/${VISITORS_REGIONAL}?event=${conference.id}`,
  );
  expect(visitors.body.filter((p) => p.name === 'Conta excluída')).toEqual([]);

  // the badge sheet: every paid registration but the deleted account's
  const badges = (await api<{ badges: BadgeRow[] }>(page, `/v1/admin/badges?event=${conference.id}`)).body
    .badges;
  await page.goto(`/admin/all-badge?event=${conference.id}`);
  await expect(page.getByTestId('badge')).toHaveCount(badges.length);
  await expect.poll(() => calls(page)).toEqual(['print']);
  await expect(page.getByTestId('badge').filter({ hasText: 'Conta excluída' })).toHaveCount(0);
  await expect(page.locator(`img.badge-qr[data-qr="checkin:${item!.registration_id}"]`)).toHaveCount(0);
});

test('a member has no report menu item, is sent home, and the API answers 403', async ({ page }) => {
  await signIn(page, DEMO_USERS.membro.email);
  await page.getByRole('button', { name: 'Abrir menu' }).click();
  await expect(page.getByRole('link', { name: 'Próximos Eventos' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Relatório' })).toHaveCount(0);
  await page.goto(`/admin/reports?event=${conference.id}`);
  await expect(page).toHaveURL((url) => url.pathname === '/');
  for (const path of [
    '/v1/admin/reports/events',
    `/v1/admin/reports?event=${conference.id}`,
    `/v1/admin/reports/my-locations?event=${conference.id}`,
    `/v1/admin/reports/atendees-per-location/Sede?event=${conference.id}`,
    `/v1/admin/badges?event=${conference.id}`,
  ]) {
    expect(await api(page, path), path).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
  }
  await page.goto('/admin/all-badge');
  await expect(page).toHaveURL((url) => url.pathname === '/');
});

test.describe('phone, 320 px', () => {
  test.use({ viewport: { width: 320, height: 720 } });

  test('the report, the badge sheets and a badge fit and are axe-clean', async ({ page, context }) => {
    await recordPrint(context);
    await signIn(page, DEMO_USERS.lider.email);
    await page.goto(`/admin/reports?event=${conference.id}`);
    await expect(page.getByTestId('status-pie').locator('svg path').first()).toBeVisible();
    await expect(page.getByTestId('regional-bar').locator('svg rect').first()).toBeVisible();
    await page.getByLabel('Regional ou congregação', { exact: true }).selectOption({ index: 1 });
    await expect(page.getByTestId('attendees-table').locator('tbody tr').first()).toBeVisible();
    await noSidewaysScroll(page, '/admin/reports');
    await expectNoViolations(page, '/admin/reports');

    await page.goto(`/admin/all-badge?event=${conference.id}`);
    await expect.poll(() => calls(page)).toEqual(['print']);
    await noSidewaysScroll(page, '/admin/all-badge');
    await expectNoViolations(page, '/admin/all-badge');

    await page.goto(
      `/admin/badge?${new URLSearchParams({ name: 'Maria Aparecida dos Santos Figueiredo', temple: 'Santo Amaro', code: DEMO_REGISTRATIONS.membroConference.id })}`,
    );
    await expect.poll(() => calls(page)).toEqual(['print', 'close']);
    await noSidewaysScroll(page, '/admin/badge');
    await expectNoViolations(page, '/admin/badge');
  });
});
