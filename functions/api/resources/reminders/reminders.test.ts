import { describe, expect, it } from 'vitest';
import { reminderErrors } from '../../../../src/domain/messages/reminders.ts';
import { REMINDERS_PER_DAY } from '../../../../src/domain/reminders.ts';
import { unsubscribeToken } from '../../mail/reminders.ts';
import type { Email, Mailer } from '../../ports/mailer.ts';
import type { Notifier, WhatsAppMessage } from '../../ports/notifier.ts';
import { apiSuite } from '../../testing/api-suite.ts';
import { makeEvent, makeRegistration, makeUsers } from '../../testing/checkout-fixtures.ts';

const sentMail: Email[] = [];
const sentWhatsApp: WhatsAppMessage[] = [];
const mailer: Mailer = { describe: 'test', send: async (m) => void sentMail.push(m) };
const notifier: Notifier = { describe: 'test', send: async (m) => void sentWhatsApp.push(m) };
const SERVICE = 'service'; // the test app's service key (test-app.ts)

const { database, t } = apiSuite({ mailer, notifier });
const db = () => database.db;

/** A day `days` from now in São Paulo, as YYYY-MM-DD (São Paulo has no daylight saving time). */
function spDay(days: number): string {
  return new Date(Date.now() + days * 86_400_000 - 3 * 3_600_000).toISOString().slice(0, 10);
}
const sp = (day: string, time: string) => new Date(`${day}T${time}:00-03:00`);
const minutes = (d: Date, n: number) => new Date(d.getTime() + n * 60_000);

async function member(opts: { role?: string } = {}) {
  const [id] = await makeUsers(db(), 1);
  if (opts.role)
    await db().query('insert into public.user_roles (user_id, role) values ($1, $2)', [id, opts.role]);
  return { id: id!, token: t.tokenFor({ id: id!, email: `${id}@teste.local` }) };
}

const run = (at: Date, token = SERVICE) =>
  t.call('/v1/reminders/run', { method: 'POST', token, json: { at: at.toISOString() } });

async function rowsOf(memberId: string) {
  return db().query<{
    kind: string;
    channel: string;
    status: string;
    to_address: string;
    dedupe_key: string;
  }>(
    `select kind, channel, status, to_address, dedupe_key from public.mail_outbox
      where member_id = $1 order by kind, channel, dedupe_key`,
    [memberId],
  );
}

describe('reminders and notices', () => {
  it('the scheduler answers only the service key and refuses a bad moment', async () => {
    expect((await t.call('/v1/reminders/run', { method: 'POST' })).status).toBe(401);
    const m = await member();
    expect((await run(new Date(), m.token)).status).toBe(401);
    const bad = await t.call('/v1/reminders/run', { method: 'POST', token: SERVICE, json: { at: 'amanhã' } });
    expect(bad.status).toBe(400);
    expect((await t.call('/v1/reminders/run', { method: 'POST', token: SERVICE })).status).toBe(200);
  });

  it('the member chooses the channel; WhatsApp needs its own opt-in, recorded with when', async () => {
    const m = await member();
    const get = await t.call('/v1/me/reminders', { token: m.token });
    expect(get.body).toMatchObject({ channel: 'email', whatsapp_opt_in_at: null, reminders_off_at: null });
    const refused = await t.call('/v1/me/reminders', {
      method: 'PUT',
      token: m.token,
      json: { channel: 'whatsapp', whatsapp_opt_in: false, reminders: true },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: 'INVALID_DATA',
      message: reminderErrors.WHATSAPP_OPT_IN_REQUIRED,
    });
    const both = await t.call('/v1/me/reminders', {
      method: 'PUT',
      token: m.token,
      json: { channel: 'both', whatsapp_opt_in: true, reminders: true },
    });
    expect(both.status).toBe(200);
    const since = (both.body as { whatsapp_opt_in_at: string }).whatsapp_opt_in_at;
    expect(since).toBeTruthy();
    // saving again keeps the first moment; unchecking forgets it and leaves WhatsApp
    const again = await t.call('/v1/me/reminders', {
      method: 'PUT',
      token: m.token,
      json: { channel: 'both', whatsapp_opt_in: true, reminders: true },
    });
    expect((again.body as { whatsapp_opt_in_at: string }).whatsapp_opt_in_at).toBe(since);
    // the member's data export carries the choice and the opt-in's moment
    const exported = await t.call('/v1/me/export', { token: m.token });
    expect(exported.body).toMatchObject({
      reminders: { channel: 'both', whatsapp_opt_in_at: since, reminders_off_at: null },
    });
    const off = await t.call('/v1/me/reminders', {
      method: 'PUT',
      token: m.token,
      json: { channel: 'email', whatsapp_opt_in: false, reminders: true },
    });
    expect(off.body).toMatchObject({ channel: 'email', whatsapp_opt_in_at: null });
    // without a phone, WhatsApp cannot be chosen
    await db().query('update public.profiles set phone = null where id = $1', [m.id]);
    const noPhone = await t.call('/v1/me/reminders', {
      method: 'PUT',
      token: m.token,
      json: { channel: 'whatsapp', whatsapp_opt_in: true, reminders: true },
    });
    expect(noPhone.body).toMatchObject({ message: reminderErrors.WHATSAPP_PHONE_REQUIRED });
    expect((await t.call('/v1/me/reminders', { method: 'PUT', json: {} })).status).toBe(401);
  });

  it('the day before at 18:00 in São Paulo: once per channel chosen, none before, none for the opted out', async () => {
    const day = spDay(6);
    const startsAt = sp(day, '19:30');
    const due = sp(spDay(5), '18:00');
    const fx = await makeEvent(db(), { startsAt, price: 0 });
    await db().query(`update public.events set reminder_note = 'Traga sua Bíblia.' where id = $1`, [
      fx.eventId,
    ]);
    const emailOnly = await member();
    const both = await member();
    const optedOut = await member();
    for (const m of [both, optedOut]) {
      await t.call('/v1/me/reminders', {
        method: 'PUT',
        token: m.token,
        json: { channel: 'both', whatsapp_opt_in: true, reminders: true },
      });
    }
    const regs = new Map<string, string>();
    for (const m of [emailOnly, both, optedOut]) {
      regs.set(m.id, (await makeRegistration(db(), fx, m.id, { status: 'paid' })).registrationId);
    }
    // the link in any message stops them, without signing in
    const token = await unsubscribeToken(optedOut.id, SERVICE);
    expect((await t.call(`/v1/reminders/unsubscribe/${token}`)).body).toEqual({ reminders_off: false });
    expect((await t.call(`/v1/reminders/unsubscribe/${token}`, { method: 'POST' })).status).toBe(200);

    await run(minutes(due, -1));
    for (const m of [emailOnly, both, optedOut]) expect(await rowsOf(m.id)).toEqual([]);

    sentMail.length = 0;
    sentWhatsApp.length = 0;
    const first = await run(minutes(due, 1));
    expect(first.status).toBe(200);
    expect((await rowsOf(emailOnly.id)).map((r) => [r.channel, r.status])).toEqual([['email', 'sent']]);
    expect((await rowsOf(both.id)).map((r) => [r.channel, r.status, r.to_address])).toEqual([
      ['email', 'sent', `${both.id}@teste.local`],
      ['whatsapp', 'sent', '5511987654321'],
    ]);
    expect(await rowsOf(optedOut.id)).toEqual([]);

    const mail = sentMail.find((m) => m.to === `${both.id}@teste.local`)!;
    expect(mail.subject).toBe('Lembrete: Evento de teste');
    expect(mail.text).toContain('Traga sua Bíblia.');
    expect(mail.text).toContain(`/my-registrations/${regs.get(both.id)}`);
    const bothToken = await unsubscribeToken(both.id, SERVICE);
    expect(mail.text).toContain(`/lembretes/sair/${bothToken}`);
    expect(mail.headers).toEqual({
      'List-Unsubscribe': `<http://supabase.test/functions/v1/api/v1/reminders/unsubscribe/${bothToken}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    const wa = sentWhatsApp.find(
      (m) => m.to === '5511987654321' && m.params[5]?.includes(regs.get(both.id)!),
    )!;
    expect(wa.template).toBe('event_reminder');
    expect(wa.params[1]).toBe('Evento de teste');
    expect(wa.params[2]).toMatch(/19:30$/);
    expect(wa.params[4]).toBe('Traga sua Bíblia.');
    expect(wa.params[6]).toContain(`/lembretes/sair/${bothToken}`);

    // a second run (and a later one) writes nothing more
    const before = sentMail.length + sentWhatsApp.length;
    await run(minutes(due, 2));
    await run(minutes(due, 60));
    expect((await rowsOf(both.id)).length).toBe(2);
    expect((await rowsOf(emailOnly.id)).length).toBe(1);
    expect(sentMail.length + sentWhatsApp.length).toBe(before);
  });

  it('a registration made after the moment gets no reminder; nor one on an event whose reminder is off', async () => {
    const startsAt = sp(spDay(8), '10:00');
    const due = sp(spDay(7), '18:00');
    const late = await member();
    const fx = await makeEvent(db(), { startsAt, price: 0 });
    await makeRegistration(db(), fx, late.id, { status: 'paid' });
    await run(minutes(due, -10));
    // made "now" in the test, which is before the due moment: so move the due moment back instead
    await db().query(`update public.registrations set created_at = $2 where user_id = $1`, [
      late.id,
      minutes(due, 5).toISOString(),
    ]);
    await run(minutes(due, 10));
    expect(await rowsOf(late.id)).toEqual([]);

    const off = await member();
    const fxOff = await makeEvent(db(), { startsAt, price: 0 });
    await makeRegistration(db(), fxOff, off.id, { status: 'paid' });
    await db().query('update public.events set reminders_off = true where id = $1', [fxOff.eventId]);
    await run(minutes(due, 10));
    expect(await rowsOf(off.id)).toEqual([]);
  });

  it('staff set hours before (or off) with write_events; members cannot', async () => {
    const admin = await member({ role: 'admin' });
    const m = await member();
    const startsAt = sp(spDay(9), '20:00');
    const fx = await makeEvent(db(), { startsAt, price: 0 });
    const path = `/v1/admin/events/${fx.eventId}/reminder`;
    expect((await t.call(path, { token: m.token })).status).toBe(403);
    expect((await t.call(path, { token: admin.token })).body).toEqual({
      mode: 'day_before',
      hours_before: null,
      note: '',
    });
    const bad = await t.call(path, {
      method: 'PUT',
      token: admin.token,
      json: { mode: 'hours', hours_before: 0, note: '' },
    });
    expect(bad.body).toMatchObject({ code: 'INVALID_DATA', message: reminderErrors.REMINDER_HOURS_INVALID });
    const saved = await t.call(path, {
      method: 'PUT',
      token: admin.token,
      json: { mode: 'hours', hours_before: 3, note: '  Portões às 19h.  ' },
    });
    expect(saved.body).toEqual({ mode: 'hours', hours_before: 3, note: 'Portões às 19h.' });
    await makeRegistration(db(), fx, m.id, { status: 'paid' });
    await run(minutes(startsAt, -3 * 60 - 1));
    expect(await rowsOf(m.id)).toEqual([]);
    await run(minutes(startsAt, -3 * 60 + 1));
    expect((await rowsOf(m.id)).map((r) => r.kind)).toEqual(['event_reminder']);
  });

  it(`at most ${REMINDERS_PER_DAY} per member and channel in 24 hours; the rest wait for a later run`, async () => {
    const m = await member();
    const startsAt = sp(spDay(12), '19:00');
    for (let i = 0; i < REMINDERS_PER_DAY + 1; i++) {
      const fx = await makeEvent(db(), { startsAt, price: 0 });
      await db().query('update public.events set reminder_hours_before = 48 where id = $1', [fx.eventId]);
      await makeRegistration(db(), fx, m.id, { status: 'paid' });
    }
    await run(minutes(startsAt, -48 * 60 + 1));
    expect((await rowsOf(m.id)).length).toBe(REMINDERS_PER_DAY);
    await run(minutes(startsAt, -48 * 60 + 30));
    expect((await rowsOf(m.id)).length).toBe(REMINDERS_PER_DAY);
    await run(minutes(startsAt, -24 * 60 + 2));
    expect((await rowsOf(m.id)).length).toBe(REMINDERS_PER_DAY + 1);
  });

  it('a pending PIX or unpaid cash is reminded once, half-way to its expiry', async () => {
    const m = await member();
    const fx = await makeEvent(db(), { startsAt: sp(spDay(20), '19:00'), price: 1000 });
    const { confirmationId } = await makeRegistration(db(), fx, m.id, {
      status: 'pending',
      strategy: 'cash',
    });
    const created = new Date(Date.now() + 86_400_000);
    const expires = new Date(created.getTime() + 4 * 3_600_000);
    await db().query(
      'update public.registration_confirmations set created_at = $2, expires_at = $3 where id = $1',
      [confirmationId, created.toISOString(), expires.toISOString()],
    );
    await run(minutes(created, 119));
    expect(await rowsOf(m.id)).toEqual([]);
    sentMail.length = 0;
    await run(minutes(created, 121));
    await run(minutes(created, 150));
    expect((await rowsOf(m.id)).map((r) => [r.kind, r.dedupe_key])).toEqual([
      ['payment_reminder', `payment_reminder:${confirmationId}:email`],
    ]);
    const mail = sentMail.find((x) => x.to === `${m.id}@teste.local`)!;
    expect(mail.subject).toBe('Pagamento pendente: Evento de teste');
    expect(mail.text).toContain('(Pagamento presencial)');
    // paid or expired: nothing more
    await run(minutes(expires, 1));
    expect((await rowsOf(m.id)).length).toBe(1);
  });

  it('a caravan leader hears on WhatsApp, once, when all their people are paid', async () => {
    const leader = await member();
    await t.call('/v1/me/reminders', {
      method: 'PUT',
      token: leader.token,
      json: { channel: 'both', whatsapp_opt_in: true, reminders: true },
    });
    const fx = await makeEvent(db(), { price: 1000 });
    const { registrationId, confirmationId } = await makeRegistration(db(), fx, leader.id, {
      status: 'paid',
    });
    const [group] = await db().query<{ id: string }>(
      `insert into public.registration_groups (event_id, tier_id, leader_id, strategy, frozen_total, people, confirmation_id)
       values ($1, $2, $3, 'cash', 2000, 2, $4) returning id`,
      [fx.eventId, fx.tierId, leader.id, confirmationId],
    );
    await db().query('update public.registrations set group_id = $2 where id = $1', [
      registrationId,
      group!.id,
    ]);
    await db().query(
      `insert into public.registrations (user_id, tier_id, event_id, frozen_value, status, group_id, guest_name, guest_cpf)
       values ($1, $2, $3, 1000, 'pending', $4, 'Convidado Um', lpad((floor(random() * 1e11))::bigint::text, 11, '0'))`,
      [leader.id, fx.tierId, fx.eventId, group!.id],
    );
    await run(new Date());
    expect(await rowsOf(leader.id)).toEqual([]);
    await db().query(`update public.registrations set status = 'paid' where group_id = $1`, [group!.id]);
    sentWhatsApp.length = 0;
    await run(new Date());
    await run(new Date());
    expect((await rowsOf(leader.id)).map((r) => [r.kind, r.channel])).toEqual([['caravan_paid', 'whatsapp']]);
    const wa = sentWhatsApp.find(
      (m) => m.template === 'caravan_paid' && m.params[3]?.includes(registrationId),
    )!;
    expect(wa.params.slice(1, 3)).toEqual(['2', 'Evento de teste']);
  });

  it('deleting the account forgets the choice and the messages waiting for the member', async () => {
    const m = await member();
    await t.call('/v1/me/reminders', {
      method: 'PUT',
      token: m.token,
      json: { channel: 'both', whatsapp_opt_in: true, reminders: true },
    });
    await db().query(
      `insert into public.mail_outbox (kind, channel, member_id, to_address, dedupe_key, payload, next_attempt_at)
       values ('event_reminder', 'whatsapp', $1, '5511987654321', $2, '{}'::jsonb, now() + interval '1 hour')`,
      [m.id, `event_reminder:deleted:${m.id}:whatsapp`],
    );
    t.authAdmin.passwords.set(`${m.id}@teste.local`, 'senha-forte-1');
    const deleted = await t.call('/v1/me/delete', { token: m.token, json: { password: 'senha-forte-1' } });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(await rowsOf(m.id)).toEqual([]);
    const [profile] = await db().query<{ notify_channel: string; whatsapp_opt_in_at: Date | null }>(
      'select notify_channel, whatsapp_opt_in_at from public.profiles where id = $1',
      [m.id],
    );
    expect(profile).toEqual({ notify_channel: 'email', whatsapp_opt_in_at: null });
  });

  it('the unsubscribe link: a forged or foreign token is refused; a real one stops what waits', async () => {
    const m = await member();
    const token = await unsubscribeToken(m.id, SERVICE);
    const forged = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    const bad = await t.call(`/v1/reminders/unsubscribe/${forged}`, { method: 'POST' });
    expect(bad.status).toBe(404);
    expect(bad.body).toMatchObject({ message: reminderErrors.UNSUBSCRIBE_LINK_INVALID });
    expect(
      (await t.call(`/v1/reminders/unsubscribe/${await unsubscribeToken(m.id, 'other key')}`)).status,
    ).toBe(404);
    expect((await t.call('/v1/reminders/unsubscribe/nada')).status).toBe(404);
    // a waiting reminder goes with the choice
    await db().query(
      `insert into public.mail_outbox (kind, channel, member_id, to_address, dedupe_key, payload, next_attempt_at)
       values ('event_reminder', 'email', $1, $2, $3, '{}'::jsonb, now() + interval '1 hour')`,
      [m.id, `${m.id}@teste.local`, `event_reminder:test:${m.id}`],
    );
    // a mail client's one-click sends a form body
    const oneClick = await t.app.request(`/api/v1/reminders/unsubscribe/${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.json()).toEqual({ reminders_off: true, already: false });
    expect(await rowsOf(m.id)).toEqual([]);
    expect((await t.call(`/v1/reminders/unsubscribe/${token}`, { method: 'POST' })).body).toEqual({
      reminders_off: true,
      already: true,
    });
    expect((await t.call('/v1/me/reminders', { token: m.token })).body).toMatchObject({
      reminders_off_at: expect.any(String),
    });
    // turning them back on in the profile
    const on = await t.call('/v1/me/reminders', {
      method: 'PUT',
      token: m.token,
      json: { channel: 'email', whatsapp_opt_in: false, reminders: true },
    });
    expect(on.body).toMatchObject({ reminders_off_at: null });
  });
});
