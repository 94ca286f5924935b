import { describe, expect, it } from 'vitest';
import type { Email, Mailer } from '../ports/mailer.ts';
import { MailerError } from '../ports/mailer.ts';
import { transitionConfirmation } from '../resources/confirmations/confirmation-transitions.ts';
import { deleteEvent } from '../resources/events/events-admin.service.ts';
import { apiSuite } from '../testing/api-suite.ts';
import { makeEvent, makeRegistration, makeUsers } from '../testing/checkout-fixtures.ts';
import { createTestApp } from '../testing/test-app.ts';
import { drainOutbox, enqueueRegistrationMail, MAX_ATTEMPTS, pruneOutbox } from './outbox.ts';

// Runs in both projects: PGlite (unit) and a real PostgreSQL (postgres), where concurrent drains
// really race for the same rows through a pool of connections.
const { database } = apiSuite();

const db = () => database.db;

interface OutboxRow {
  id: string;
  kind: string;
  to_address: string;
  status: string;
  attempts: number;
  last_error: string | null;
  due: boolean;
  payload: { registration_id: string; reason: string | null; registration_status: string };
}

async function outboxFor(registrationId: string): Promise<OutboxRow[]> {
  return db().query<OutboxRow>(
    `select id, kind, to_address, status, attempts, last_error, payload,
            next_attempt_at <= now() as due
       from public.mail_outbox where payload->>'registration_id' = $1 order by created_at, kind`,
    [registrationId],
  );
}

/** A mailer that keeps what it got; `failures` makes the next sends throw. */
function recordingMailer(opts: { delayMs?: number } = {}) {
  const sent: Email[] = [];
  const mailer: Mailer & { sent: Email[]; failures: number; permanent: boolean; calls: number } = {
    describe: 'test',
    sent,
    failures: 0,
    permanent: false,
    calls: 0,
    async send(mail) {
      mailer.calls += 1;
      if (opts.delayMs) await new Promise((r) => setTimeout(r, Math.random() * opts.delayMs!));
      if (mailer.failures > 0) {
        mailer.failures -= 1;
        throw new MailerError('SMTP 451 try again later', mailer.permanent);
      }
      sent.push(mail);
    },
  };
  return mailer;
}

const env = { supabaseUrl: 'http://api.test', siteUrl: 'https://app.test', anonKey: '', serviceRoleKey: '' };

describe('the outbox is written in the transaction of the change', () => {
  it('a checkout writes its confirmation e-mail; a refused checkout writes none', async () => {
    const t = createTestApp({ db: db() });
    const [user] = await makeUsers(db(), 1);
    const token = t.tokenFor({ id: user! });
    const fx = await makeEvent(db(), { total: 5 });
    const ok = await t.call(`/v1/checkout/${fx.eventId}/${fx.tierId}`, {
      token,
      json: { tierId: fx.tierId, paymentMethod: 'cash' },
    });
    expect(ok.status).toBe(201);
    const registrationId = ok.body[0].registration_id as string;
    const rows = await outboxFor(registrationId);
    expect(rows.map((r) => [r.kind, r.to_address, r.status])).toEqual([
      ['registration_confirmed', `${user}@teste.local`, 'pending'],
    ]);

    // a second registration on the event is refused: its transaction, e-mail included, is rolled back
    const again = await t.call(`/v1/checkout/${fx.eventId}/${fx.tierId}`, {
      token,
      json: { tierId: fx.tierId, paymentMethod: 'file' },
    });
    expect(again.status).toBe(409);
    const [{ n }] = (await db().query(
      `select count(*)::int as n from public.mail_outbox where to_address = $1`,
      [`${user}@teste.local`],
    )) as [{ n: number }];
    expect(n).toBe(1);
  });

  it('a rolled-back transition writes no e-mail; a committed one writes exactly one', async () => {
    const fx = await makeEvent(db());
    const [user] = await makeUsers(db(), 1);
    const { registrationId, confirmationId } = await makeRegistration(db(), fx, user!);
    const rollback = new Error('rollback');
    await expect(
      db().transaction(async (tx) => {
        await transitionConfirmation(tx, { confirmationId, to: 'paid' });
        expect(
          (
            await tx.query('select 1 from public.mail_outbox where dedupe_key = $1', [
              `payment_approved:${confirmationId}`,
            ])
          ).length,
        ).toBe(1);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(await outboxFor(registrationId)).toEqual([]);

    await transitionConfirmation(db(), { confirmationId, to: 'paid' });
    // a repeat of the same status changes nothing and writes nothing
    await transitionConfirmation(db(), { confirmationId, to: 'paid' });
    const rows = await outboxFor(registrationId);
    expect(rows.map((r) => [r.kind, r.payload.registration_status])).toEqual([['payment_approved', 'paid']]);
  });

  it('a rejection keeps its reason; removing an event writes one e-mail per active registration', async () => {
    const fx = await makeEvent(db());
    const users = await makeUsers(db(), 3);
    const paid = await makeRegistration(db(), fx, users[0]!, { status: 'paid' });
    const pending = await makeRegistration(db(), fx, users[1]!, { strategy: 'file', status: 'analysis' });
    const rejected = await makeRegistration(db(), fx, users[2]!);
    await transitionConfirmation(db(), {
      confirmationId: rejected.confirmationId,
      to: 'rejected',
      reason: 'Comprovante ilegível',
    });
    const [rejection] = await outboxFor(rejected.registrationId);
    expect(rejection).toMatchObject({ kind: 'payment_rejected' });
    expect(rejection!.payload.reason).toBe('Comprovante ilegível');

    // an unpaid PIX that expires tells its member; another method's expiry has no e-mail of its own
    const pix = await makeRegistration(db(), await makeEvent(db()), users[0]!, { strategy: 'mp_pix' });
    await transitionConfirmation(db(), { confirmationId: pix.confirmationId, to: 'expired' });
    expect((await outboxFor(pix.registrationId)).map((r) => r.kind)).toEqual(['pix_expired']);
    const link = await makeRegistration(db(), await makeEvent(db()), users[1]!, { strategy: 'link' });
    await transitionConfirmation(db(), { confirmationId: link.confirmationId, to: 'expired' });
    expect(await outboxFor(link.registrationId)).toEqual([]);

    await deleteEvent(db(), fx.eventId, new Date());
    expect((await outboxFor(paid.registrationId)).map((r) => r.kind)).toEqual(['event_removed']);
    expect((await outboxFor(pending.registrationId)).map((r) => r.kind)).toEqual(['event_removed']);
    expect((await outboxFor(rejected.registrationId)).map((r) => r.kind)).toEqual(['payment_rejected']);
  });
});

describe('sending after commit', () => {
  it('a failing mailer never fails the approval; the e-mail is retried with backoff and sent once', async () => {
    // only this test's e-mail is due
    await db().query(`update public.mail_outbox set status = 'sent' where status in ('pending', 'sending')`);
    const mailer = recordingMailer();
    mailer.failures = 1;
    const background: Promise<unknown>[] = [];
    const t = createTestApp({ db: db(), mailer, waitUntil: (task) => background.push(task) });
    const [staff] = await makeUsers(db(), 1);
    await db().query(`insert into public.user_roles (user_id, role) values ($1, 'secretaria')`, [staff]);
    const fx = await makeEvent(db());
    const [user] = await makeUsers(db(), 1);
    const { registrationId, confirmationId } = await makeRegistration(db(), fx, user!);

    const approved = await t.call(`/v1/admin/confirmations/${confirmationId}/approve`, {
      method: 'POST',
      token: t.tokenFor({ id: staff! }),
    });
    expect(approved.status).toBe(200);
    expect(approved.body.status).toBe('paid');
    await Promise.all(background); // the drain the request started after its answer
    expect(mailer.calls).toBe(1);
    let [row] = await outboxFor(registrationId);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, due: false });
    expect(row!.last_error).toContain('451');
    const [reg] = await db().query<{ status: string }>(
      'select status from public.registrations where id = $1',
      [registrationId],
    );
    expect(reg!.status).toBe('paid');

    // not due yet: a drain now sends nothing
    const ports = { db: db(), mailer, env };
    expect((await drainOutbox(ports)).sent).toBe(0);
    // time passes (the backoff ends): sent once, and never again
    await db().query(`update public.mail_outbox set next_attempt_at = now() where id = $1`, [row!.id]);
    expect(await drainOutbox(ports)).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect((await drainOutbox(ports)).sent).toBe(0);
    [row] = await outboxFor(registrationId);
    expect(row).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
    const mails = mailer.sent.filter((m) => m.id === row!.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe(`${user}@teste.local`);
    expect(mails[0]!.subject).toBe('Pagamento aprovado: Evento de teste');
    expect(mails[0]!.link).toBe(`https://app.test/my-registrations/${registrationId}`);
    expect(mails[0]!.attachments[0]!.content).toContain('BEGIN:VCALENDAR');
  });

  it('gives up on a permanent refusal at once, and on a temporary one after the last attempt', async () => {
    const fx = await makeEvent(db());
    const users = await makeUsers(db(), 2);
    const a = await makeRegistration(db(), fx, users[0]!);
    const b = await makeRegistration(db(), fx, users[1]!);
    await transitionConfirmation(db(), { confirmationId: a.confirmationId, to: 'paid' });
    await transitionConfirmation(db(), { confirmationId: b.confirmationId, to: 'paid' });
    // the other rows of this database are not what this test is about: mark them sent
    await db().query(
      `update public.mail_outbox set status = 'sent' where payload->>'registration_id' <> all($1::text[])`,
      [[a.registrationId, b.registrationId]],
    );
    await db().query(`update public.mail_outbox set attempts = $2 where payload->>'registration_id' = $1`, [
      b.registrationId,
      MAX_ATTEMPTS - 1,
    ]);
    const mailer = recordingMailer();
    mailer.failures = 2;
    mailer.permanent = false;
    await drainOutbox({ db: db(), mailer, env });
    const [ra] = await outboxFor(a.registrationId);
    const [rb] = await outboxFor(b.registrationId);
    // a: first failure, retried later; b: its last attempt failed, given up
    expect([ra!.status, rb!.status].sort()).toEqual(['failed', 'pending']);
    expect(rb!.status).toBe('failed');

    const permanent = recordingMailer();
    permanent.failures = 1;
    permanent.permanent = true;
    await db().query(`update public.mail_outbox set next_attempt_at = now() where id = $1`, [ra!.id]);
    await drainOutbox({ db: db(), mailer: permanent, env });
    expect((await outboxFor(a.registrationId))[0]).toMatchObject({ status: 'failed', attempts: 2 });
    expect(permanent.sent).toHaveLength(0);
  });

  it('concurrent drains send each row exactly once', async () => {
    await db().query(`update public.mail_outbox set status = 'sent' where status in ('pending', 'sending')`);
    const fx = await makeEvent(db());
    const users = await makeUsers(db(), 40);
    const regs = await Promise.all(users.map((u) => makeRegistration(db(), fx, u, { status: 'paid' })));
    for (const r of regs) {
      await db().transaction((tx) =>
        enqueueRegistrationMail(tx, { kind: 'registration_confirmed', registrationId: r.registrationId }),
      );
    }
    const mailer = recordingMailer({ delayMs: 15 });
    const ports = { db: db(), mailer, env };
    const results = await Promise.all(Array.from({ length: 6 }, () => drainOutbox(ports)));
    expect(results.reduce((n, r) => n + r.sent, 0)).toBe(40);
    const ids = mailer.sent.map((m) => m.id);
    expect(new Set(ids).size).toBe(40);
    expect(ids).toHaveLength(40);
    expect(mailer.calls).toBe(40);
    const [{ n }] = (await db().query(
      `select count(*)::int as n from public.mail_outbox where status = 'sent' and dedupe_key like 'registration_confirmed:%'
          and payload->>'registration_id' = any($1::text[])`,
      [regs.map((r) => r.registrationId)],
    )) as [{ n: number }];
    expect(n).toBe(40);
    // delivered e-mails are forgotten after 30 days, not before
    await db().query(
      `update public.mail_outbox set sent_at = now() - interval '31 days' where payload->>'registration_id' = $1`,
      [regs[1]!.registrationId],
    );
    expect(await pruneOutbox(db())).toBeGreaterThanOrEqual(1);
    expect(await outboxFor(regs[1]!.registrationId)).toEqual([]);
    expect(await outboxFor(regs[2]!.registrationId)).toHaveLength(1);
    // the confirmed registration's e-mail: its code, ticket link and calendar file
    const one = mailer.sent.find((m) => m.link?.endsWith(regs[0]!.registrationId));
    expect(one!.subject).toBe('Inscrição confirmada: Evento de teste');
    expect(one!.text).toMatch(/Código do ingresso: \d{3}-\d{3}/);
    expect(one!.attachments[0]).toMatchObject({ filename: 'evento.ics' });
  }, 60_000);
});
