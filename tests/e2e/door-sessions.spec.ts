/**
 * A three-day camp at the door, with no signal (docs/product-spec.md, the door): staff set the
 * event's days; the door picks today's, admits a ticket on day 1, refuses it again that day naming
 * the day, admits it again on day 2; back online the server holds one check-in per day, and
 * another door's refused check-ins are listed on this door from the server's conflict list.
 */
import { expect, type Page, test } from '@playwright/test';
import { DEMO_EVENTS, DEMO_REGISTRATIONS, DEMO_USERS } from '../../server/seed/demo.ts';
import { tokenOf } from './api.ts';
import { signIn } from './login.ts';
import { openControlled } from './service-worker.ts';

const CAMP = DEMO_EVENTS.conference;
const TICKET = DEMO_REGISTRATIONS.membroConference;
const HOUR = 3600_000;

async function typeCode(page: Page, code: string) {
  await page.getByLabel('Código manual ou CPF').fill(code);
  await page.getByRole('button', { name: 'Fazer checkin' }).click();
}

test('a three-day camp, offline: a ticket on day 1 and again on day 2, never twice on one day', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = await tokenOf(request, DEMO_USERS.admin.email);
  const now = Date.now();
  const day = (n: number) => ({
    name: `Dia ${n}`,
    starts_at: new Date(now + (n - 1) * 24 * HOUR - 12 * HOUR).toISOString(),
    ends_at: new Date(now + (n - 1) * 24 * HOUR + 12 * HOUR).toISOString(),
  });
  const put = await request.put(`/functions/v1/api/v1/admin/events/${CAMP.id}/sessions`, {
    headers: { authorization: `Bearer ${admin}` },
    data: [day(1), day(2), day(3)],
  });
  expect(put.status()).toBe(200);
  const sessions = (await put.json()) as { id: string; name: string }[];

  await page.clock.install();
  await signIn(page, DEMO_USERS.voluntario.email);
  await openControlled(page, '/admin/checkin');
  await page.getByLabel('Escolha o evento').selectOption(CAMP.id);
  await expect(page.getByText(/^\d+ inscritos neste aparelho$/)).toBeVisible({ timeout: 30_000 });
  const session = page.getByLabel('Sessão');
  // today's session by default
  await expect(session).toHaveValue(sessions[0]!.id);

  await context.setOffline(true);
  const answer = page.getByTestId('door-answer');
  const admit = async () => {
    await typeCode(page, TICKET.seq);
    // the camp's check-in window opens later: the volunteer confirms
    const anyway = page.getByRole('button', { name: 'Admitir mesmo assim' });
    await expect(anyway.or(answer.getByText(/já fez checkin/))).toBeVisible();
    if (await anyway.isVisible()) await anyway.click();
  };
  await admit();
  await expect(answer).toContainText(/Checkin de .+ feito!/);
  await typeCode(page, TICKET.seq);
  await expect(answer).toContainText(/já fez checkin em Dia 1 às/);

  await session.selectOption(sessions[1]!.id);
  await admit();
  await expect(answer).toContainText(/Checkin de .+ feito!/);
  await typeCode(page, TICKET.seq);
  await expect(answer).toContainText(/já fez checkin em Dia 2 às/);
  await expect(page.getByTestId('door-pending')).toHaveText('2 checkins aguardando envio');

  await context.setOffline(false);
  await expect(page.getByTestId('door-pending')).toHaveText('Todos os checkins enviados', {
    timeout: 20_000,
  });
  // the server holds one per day: another door's day 1 and day 2 are conflicts, day 3 is new
  const volunteer = await tokenOf(request, DEMO_USERS.voluntario.email);
  const sync = await request.post('/functions/v1/api/v1/admin/checkin/sync', {
    headers: { authorization: `Bearer ${volunteer}` },
    data: {
      eventId: CAMP.id,
      device: 'Porta 2',
      items: sessions.slice(0, 2).map((s) => ({
        clientId: crypto.randomUUID(),
        registrationId: TICKET.id,
        scannedAt: new Date().toISOString(),
        sessionId: s.id,
      })),
    },
  });
  const { results } = (await sync.json()) as { results: { kind: string }[] };
  expect(results.map((r) => r.kind)).toEqual(['conflict', 'conflict']);
  // kept on the server: this door lists the other door's refused check-ins with both devices and times
  // (other specs' doors may keep conflicts on this event too, e.g. a walk-in's: only Porta 2's are counted)
  // the door reads them with its next pull (every PULL_EVERY_MS, 20 s): the page's clock jumps to it
  const conflicts = page.getByTestId('door-conflicts');
  const porta2 = conflicts.getByRole('listitem').filter({ hasText: /\(Dia \d\): Porta 2 às/ });
  await expect
    .poll(
      async () => {
        if ((await porta2.count()) < 2) await page.clock.fastForward(20_000);
        return porta2.count();
      },
      { timeout: 40_000 },
    )
    .toBe(2);
  await expect(conflicts).toContainText(
    /\(Dia 1\): Porta 2 às \d\d:\d\d; vale o checkin de .+ às \d\d:\d\d\./,
  );
  await expect(conflicts).toContainText(/\(Dia 2\): Porta 2 às/);
});
