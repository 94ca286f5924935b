/**
 * Data rights (LGPD Art. 18): the member's consents, own profile edits, the export of everything the
 * app keeps about them, account deletion (anonymised history kept for the accounts) and the receipts'
 * retention. Every write about the person runs in one transaction.
 */
import { privacyMessages } from '../../../../src/domain/messages/privacy.ts';
import { validationMessages } from '../../../../src/domain/messages/validation.ts';
import {
  type ConsentPurpose,
  type ConsentRecord,
  DEFAULT_RECEIPT_RETENTION_DAYS,
  type DeleteAccountBody,
  type ProfileUpdateBody,
  REAUTH_WINDOW_SECONDS,
} from '../../../../src/domain/privacy.ts';
import { exec, qb, run, runOneOrNull } from '../../db/kysely.ts';
import type { AuthContextUser } from '../../lib/context.ts';
import { ApiHttpError, invalidData, notFound } from '../../lib/errors.ts';
import type { Db } from '../../ports/db.ts';
import type { Ports } from '../../ports/index.ts';
import { readProfile } from '../accounts/accounts.service.ts';
import { invalidTransition, transitionConfirmation } from '../confirmations/confirmation-transitions.ts';
import { pixCanceledAtProvider } from '../mercadopago/mercadopago.service.ts';
import { RECEIPTS_BUCKET } from '../registrations/registrations.service.ts';
import { leaveAllWaitlists } from '../waitlist/waitlist.service.ts';
import { giveConsent } from './consents.ts';

/** The e-mail of the person in charge of the data, as configured (a demo default locally). */
export function privacyInfo(env: Ports['env']) {
  return {
    controller_email: env.privacyEmail || 'privacidade@congrega.app.br',
    receipt_retention_days: retentionDays(env),
  };
}

function retentionDays(env: Ports['env']): number {
  const days = env.receiptRetentionDays;
  return typeof days === 'number' && Number.isInteger(days) && days >= 0
    ? days
    : DEFAULT_RECEIPT_RETENTION_DAYS;
}

/** Every consent of the person, newest first. */
export async function listConsents(db: Db, userId: string): Promise<ConsentRecord[]> {
  const rows = await run(
    db,
    qb
      .selectFrom('consents')
      .select(['id', 'purpose', 'text_version', 'given_at', 'revoked_at'])
      .where('user_id', '=', userId)
      .orderBy('given_at', 'desc'),
  );
  return rows.map((r) => ({
    id: r.id,
    purpose: r.purpose as ConsentPurpose,
    text_version: r.text_version,
    given_at: new Date(r.given_at).toISOString(),
    revoked_at: r.revoked_at ? new Date(r.revoked_at).toISOString() : null,
  }));
}

async function liveProfile(db: Db, userId: string) {
  const row = await runOneOrNull(
    db,
    qb.selectFrom('profiles').select(['id', 'deleted_at']).where('id', '=', userId).forUpdate(),
  );
  if (!row || row.deleted_at) throw notFound('USER_NOT_FOUND');
  return row;
}

/**
 * PATCH /v1/me/profile: name, WhatsApp, congregation or other church (or none), birth date. A congregation or
 * church is kept only with a live consent: ticked now, or given before.
 */
export async function updateOwnProfile(db: Db, user: AuthContextUser, body: ProfileUpdateBody) {
  await db.transaction(async (tx) => {
    await liveProfile(tx, user.id);
    if (body.congregacao) {
      const temple = await runOneOrNull(
        tx,
        qb.selectFrom('temples').select('id').where('id', '=', body.congregacao),
      );
      if (!temple) throw invalidData(validationMessages.temple);
    }
    const keepsChurch = Boolean(body.congregacao || body.otherChurch);
    if (keepsChurch && body.consentCongregation) await giveConsent(tx, user.id, 'congregation');
    await exec(
      tx,
      qb
        .updateTable('profiles')
        .set({
          name: body.name,
          phone: body.phone,
          temple_id: body.congregacao,
          other_church: body.otherChurch,
          // left out of the body: the stored birth date stays
          ...(body.birthDate !== undefined ? { birth_date: body.birthDate } : {}),
        })
        .where('id', '=', user.id),
    );
  });
  return readProfile(db, user.id);
}

/**
 * Revokes the live consent for the congregation and, from now on, forgets the congregation and other
 * church of the profile (past reports already written are not rewritten).
 */
export async function revokeCongregationConsent(db: Db, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const revoked = await tx.query(
      `update public.consents set revoked_at = now()
        where user_id = $1 and purpose = 'congregation' and revoked_at is null returning id`,
      [userId],
    );
    const cleared = await tx.query(
      `update public.profiles set temple_id = null, other_church = null
        where id = $1 and (temple_id is not null or other_church is not null) returning id`,
      [userId],
    );
    if (revoked.length === 0 && cleared.length === 0) throw notFound('CONSENT_NOT_FOUND');
  });
}

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

/** GET /v1/me/export: everything the app keeps about the person, as one JSON document. */
export async function exportOwnData(db: Db, user: AuthContextUser, now: Date) {
  const [profile, consents, registrations, checkins, accesses] = await Promise.all([
    readProfile(db, user.id),
    listConsents(db, user.id),
    db.query<{
      id: string;
      seq: string;
      status: string;
      frozen_value: number;
      created_at: Date | string;
      event_id: string;
      event_title: string;
      event_starts_at: Date | string;
      tier_name: string;
      confirmations: {
        id: string;
        strategy: string;
        status: string;
        created_at: string;
        expires_at: string | null;
        reason: string | null;
        receipt_sent: boolean;
      }[];
      answers: { question: string; value: unknown }[];
    }>(
      `select r.id, r.seq, r.status, r.frozen_value, r.created_at, e.id as event_id, e.title as event_title,
              e.starts_at as event_starts_at, t.name as tier_name,
              coalesce((select jsonb_agg(jsonb_build_object(
                         'id', c.id, 'strategy', c.strategy, 'status', c.status, 'created_at', c.created_at,
                         'expires_at', c.expires_at, 'reason', c.response_data->>'reason',
                         'receipt_sent', c.request_data ? 'receipt' or c.request_data ? 'receipt_deleted_at')
                         order by c.created_at)
                  from public.registration_confirmations c where c.registration_id = r.id), '[]'::jsonb) as confirmations,
              coalesce((select jsonb_agg(jsonb_build_object('question', q.label, 'value', a.value) order by q."order")
                  from public.registration_answers a join public.event_questions q on q.id = a.question_id
                 where a.registration_id = r.id), '[]'::jsonb) as answers
         from public.registrations r
         join public.events e on e.id = r.event_id
         join public.pricing_tiers t on t.id = r.tier_id
        where r.user_id = $1 and not r.walk_in -- a walk-in the volunteer sold is not their data
        order by r.created_at`,
      [user.id],
    ),
    db.query<{ event_id: string; event_title: string; scanned_at: Date | string; device: string | null }>(
      `select c.event_id, e.title as event_title, c.scanned_at, c.device
         from public.checkins c join public.events e on e.id = c.event_id
        where c.user_id = $1 order by c.scanned_at`,
      [user.id],
    ),
    db.query<{ action: string; created_at: Date | string; actor_name: string | null; details: unknown }>(
      `select a.action, a.created_at, p.name as actor_name, a.details
         from public.audit_log a left join public.profiles p on p.id = a.actor_id
        where a.subject_id = $1 order by a.created_at`,
      [user.id],
    ),
  ]);
  // how they want to be told and the WhatsApp opt-in with its moment (README 'Reminders and notices')
  const [reminders] = await db.query<{
    notify_channel: string;
    whatsapp_opt_in_at: Date | null;
    reminders_off_at: Date | null;
  }>('select notify_channel, whatsapp_opt_in_at, reminders_off_at from public.profiles where id = $1', [
    user.id,
  ]);
  return {
    exported_at: now.toISOString(),
    account: { id: user.id, email: user.email },
    reminders: reminders && {
      channel: reminders.notify_channel,
      whatsapp_opt_in_at: iso(reminders.whatsapp_opt_in_at),
      reminders_off_at: iso(reminders.reminders_off_at),
    },
    profile: profile && {
      name: profile.name,
      email: profile.email,
      phone: profile.phone,
      cpf: profile.cpf,
      congregation: profile.temple_name,
      other_church: profile.other_church,
    },
    consents,
    registrations: registrations.map((r) => ({
      id: r.id,
      code: r.seq.trim(),
      status: r.status,
      value_cents: r.frozen_value,
      created_at: iso(r.created_at),
      event: { id: r.event_id, title: r.event_title, starts_at: iso(r.event_starts_at) },
      tier: r.tier_name,
      // card data never reaches the app: only the method, the outcome and when
      payment_attempts: r.confirmations,
      // the answers to the event's questions (README 'Registration questions')
      answers: r.answers,
    })),
    checkins: checkins.map((c) => ({
      event_id: c.event_id,
      event_title: c.event_title,
      at: iso(c.scanned_at),
      device: c.device,
    })),
    staff_accesses: accesses.map((a) => ({
      action: a.action,
      at: iso(a.created_at),
      by: a.actor_name ?? null,
      details: a.details,
    })),
  };
}

/** The sign-in time of the token's session (the `amr` claim), in seconds, or null. */
function signedInAt(user: AuthContextUser): number | null {
  const amr = user.claims.amr;
  if (!Array.isArray(amr)) return null;
  const times = amr
    .map((x) => (x && typeof x === 'object' ? (x as { timestamp?: unknown }).timestamp : null))
    .filter((t): t is number => typeof t === 'number');
  return times.length ? Math.max(...times) : null;
}

/** True when the account signs in with e-mail and password (its token's `app_metadata.providers`). */
function hasPassword(user: AuthContextUser): boolean {
  const app = user.claims.app_metadata as { providers?: unknown; provider?: unknown } | undefined;
  const providers = Array.isArray(app?.providers) ? app.providers : [app?.provider];
  return providers.includes('email');
}

/**
 * POST /v1/me/delete: after the password (or a sign-in of the last minutes), anonymises the profile
 * (name 'Conta excluída', no e-mail, phone, CPF or congregation), revokes consents and staff roles,
 * keeps registrations and payment attempts for the accounts, deletes the person's receipts, queues the
 * confirmation e-mail and soft-deletes the auth account, which ends every session.
 */
export async function deleteOwnAccount(
  ports: Pick<Ports, 'db' | 'authAdmin' | 'storage' | 'clock' | 'payments'>,
  user: AuthContextUser,
  body: DeleteAccountBody,
  clientAddress?: string,
): Promise<void> {
  const { db, authAdmin, storage } = ports;
  // an account with a password always gives it; the recent-sign-in path is for Google-only accounts
  if (!body.password && hasPassword(user)) throw new ApiHttpError(403, 'PASSWORD_REQUIRED');
  if (body.password) {
    const ok = user.email
      ? await authAdmin.verifyPassword({ email: user.email, password: body.password, clientAddress })
      : false;
    if (!ok) throw new ApiHttpError(403, 'WRONG_PASSWORD');
  } else {
    const at = signedInAt(user);
    const nowSeconds = Math.floor(ports.clock.now().getTime() / 1000);
    if (at === null || nowSeconds - at > REAUTH_WINDOW_SECONDS)
      throw new ApiHttpError(403, 'REAUTH_REQUIRED');
  }

  const receipts = await db.transaction(async (tx) => {
    const [profile] = await tx.query<{ name: string; email: string; deleted_at: Date | null }>(
      'select name, email, deleted_at from public.profiles where id = $1 for update',
      [user.id],
    );
    const address = user.email || profile?.email || '';
    if (address.includes('@') && !profile?.deleted_at) {
      await tx.query(
        `insert into public.mail_outbox (kind, to_address, dedupe_key, payload)
         values ('account_deleted', $1, $2, $3::jsonb)
         on conflict on constraint mail_outbox_dedupe_key do nothing`,
        [address, `account_deleted:${user.id}`, { member_name: profile?.name ?? '' }],
      );
    }
    await tx.query(
      `update public.profiles
          set name = $2, email = '', phone = null, cpf = null, temple_id = null, other_church = null,
              notify_channel = 'email', whatsapp_opt_in_at = null,
              deleted_at = coalesce(deleted_at, now())
        where id = $1`,
      [user.id, privacyMessages.deletedAccount],
    );
    // the person's name and address leave the outbox: every e-mail to or about them goes, but the
    // one that tells them the account was deleted (it keeps the address and the name it greets)
    await tx.query(
      `delete from public.mail_outbox
        where dedupe_key <> $3
          and (lower(to_address) = lower($2) or member_id = $1
               or payload->>'registration_id' in (
                 select id::text from public.registrations where user_id = $1 and guest_name is null))`,
      [user.id, address, `account_deleted:${user.id}`],
    );
    await tx.query(
      `update public.consents set revoked_at = now() where user_id = $1 and revoked_at is null`,
      [user.id],
    );
    await tx.query('delete from public.user_roles where user_id = $1', [user.id]);
    // sensitive answers (health, medication, allergies) go with the account; the others stay with
    // the registrations, which are kept for the accounts
    await tx.query(
      `delete from public.registration_answers a using public.registrations r, public.event_questions q
        where r.id = a.registration_id and q.id = a.question_id and r.user_id = $1 and q.sensitive`,
      [user.id],
    );
    // door rosters that refresh see the change (the person leaves them)
    await tx.query('update public.registrations set updated_at = now() where user_id = $1', [user.id]);
    // the person's receipts (they show name and bank data): the attempts stay, without the file
    const files = await tx.query<{ receipt: string }>(
      `select c.request_data ->> 'receipt' as receipt
         from public.registration_confirmations c
         join public.registrations r on r.id = c.registration_id
        where r.user_id = $1 and c.request_data ? 'receipt'`,
      [user.id],
    );
    await tx.query(
      `update public.registration_confirmations c
          set request_data = (c.request_data - 'receipt')
                             || jsonb_build_object('receipt_deleted_at', to_jsonb(now()))
         from public.registrations r
        where r.id = c.registration_id and r.user_id = $1 and c.request_data ? 'receipt'`,
      [user.id],
    );
    return files.map((f) => f.receipt);
  });
  for (const path of receipts) await removeReceipt({ storage }, path);
  await cancelUnpaid(ports, user.id);
  // a place the waiting list held for them passes to the next person
  await leaveAllWaitlists(db, user.id);
  await authAdmin.softDeleteUser(user.id);
}

/**
 * The account's registrations still waiting for a payment (its own, and guests of its caravans,
 * whose payer is gone) are canceled through the transitions, so their places go back to the tiers.
 * Paid ones and those in analysis (money may have been sent) stay for the accounts. A pending PIX is
 * cancelled at Mercado Pago first: the person (or anyone with the code) can no longer pay it.
 */
async function cancelUnpaid(ports: Pick<Ports, 'db' | 'payments'>, userId: string): Promise<void> {
  const { db } = ports;
  const pending = await db.query<{ id: string; strategy: string; transaction_id: string | null }>(
    `select c.id, c.strategy, c.transaction_id from public.registration_confirmations c
       join public.registrations r on r.id = c.registration_id
      where r.user_id = $1 and r.status = 'pending' and c.status = 'pending'
      order by c.created_at desc`,
    [userId],
  );
  for (const attempt of pending) {
    if (!(await pixCanceledAtProvider(ports, attempt))) continue;
    try {
      await transitionConfirmation(db, {
        confirmationId: attempt.id,
        to: 'canceled',
        guard: ({ confirmation }) => {
          if (confirmation.status !== 'pending') throw invalidTransition();
        },
      });
    } catch (error) {
      // already moved: a caravan's attempt carried this one along, or a payment arrived first
      if (!(error instanceof ApiHttpError)) throw error;
    }
  }
}

/**
 * POST /v1/maintenance/retention: deletes the payment receipts of events that started more than the
 * configured number of days ago (the attempts stay, marked with when the file went).
 */
export async function pruneReceipts(ports: Pick<Ports, 'db' | 'storage' | 'env' | 'clock'>) {
  const days = retentionDays(ports.env);
  const due = await ports.db.query<{ id: string; receipt: string }>(
    `select c.id, c.request_data ->> 'receipt' as receipt
       from public.registration_confirmations c
       join public.registrations r on r.id = c.registration_id
       join public.events e on e.id = r.event_id
      where c.request_data ? 'receipt'
        and e.starts_at < $1::timestamptz - make_interval(days => $2)
      limit 500`,
    [ports.clock.now().toISOString(), days],
  );
  let deleted = 0;
  for (const row of due) {
    await removeReceipt(ports, row.receipt);
    await ports.db.query(
      `update public.registration_confirmations
          set request_data = (request_data - 'receipt') || jsonb_build_object('receipt_deleted_at', to_jsonb(now()))
        where id = $1`,
      [row.id],
    );
    deleted += 1;
  }
  return { retention_days: days, deleted };
}

/** Removes one receipt object; one already gone is fine. */
async function removeReceipt(ports: Pick<Ports, 'storage'>, path: string | null): Promise<void> {
  if (!path) return;
  try {
    await ports.storage.remove(RECEIPTS_BUCKET, path);
  } catch {
    // missing already, or storage down: the row still forgets the path; nothing links to the file
  }
}
