/**
 * The members' e-mails go through the `mail_outbox` table: a state change writes its e-mail's row in
 * its own transaction (`enqueue…` below take the transaction's `Db`), and `drainOutbox` delivers due
 * rows after commit through the Mailer port. So a mail server that is down never fails or repeats a
 * payment, and a rolled-back change sends nothing.
 *
 * A row holds the facts (who, which registration, event, reason), not the e-mail: it is rendered when
 * sent (./member-emails.ts). One row per fact (`dedupe_key`), so a repeated change enqueues nothing.
 *
 * Delivery: a drain claims due rows in one statement (`for update skip locked` → status 'sending',
 * a claim token, a lease of LEASE_SECONDS), sends each with a time limit well under the lease, then
 * marks it sent, or due again later (backoff), or failed (a permanent refusal, or MAX_ATTEMPTS).
 * Concurrent drains (requests, timers, instances) never take the same row. A drain that dies between
 * sending and marking leaves the row 'sending' until its lease ends; it is then sent again with the
 * same id, which the HTTP APIs and the dev mailbox use to deduplicate (SMTP gets it as Message-ID).
 */
import { type RawBuilder, sql } from 'kysely';
import type { ConfirmationStatus } from '../../../src/domain/registrations.ts';
import { qb } from '../db/kysely.ts';
import type { Db } from '../ports/db.ts';
import type { Ports } from '../ports/index.ts';
import { type Email, MailerError } from '../ports/mailer.ts';
import { NotifierError } from '../ports/notifier.ts';
import { type MailKind, type MemberMailFacts, renderMemberEmail } from './member-emails.ts';
import {
  isReminderKind,
  type ReminderContext,
  type ReminderFacts,
  renderReminderEmail,
  renderReminderWhatsApp,
} from './reminders.ts';

export const MAX_ATTEMPTS = 8;
/** How long a claimed row is the claimer's; a send gives up long before (SEND_TIMEOUT_MS). */
export const LEASE_SECONDS = 300;
export const SEND_TIMEOUT_MS = 30_000;
/** Rows one drain claims at a time. */
const BATCH = 20;

/** Seconds before the next try after `attempts` failed ones: 30 s, 1, 2, 4 … min, at most an hour. */
export function backoffSeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 3600);
}

/**
 * Once the e-mail telling a person their account was deleted is sent (or given up), the row forgets
 * their address and name: nothing else needs them (the row stays, as every sent row, for 30 days).
 */
const forgetDeletedAccount = (done: string) => `
  to_address = case when kind = 'account_deleted' and ${done} then 'conta-excluida@invalid' else to_address end,
  payload = case when kind = 'account_deleted' and ${done} then '{}'::jsonb else payload end`;

/** Runs a raw statement (built with `sql`) on `db`. */
async function execRaw(db: Db, statement: RawBuilder<unknown>): Promise<void> {
  const compiled = statement.compile(qb);
  await db.query(compiled.sql, [...compiled.parameters]);
}

/** The event as the e-mails show it (event `e`): title, date, end of check-in, first venue. */
const eventFacts = sql`jsonb_build_object(
        'id', e.id,
        'title', e.title,
        'starts_at', e.starts_at,
        'checkin_ends_at', e.checkin_ends_at,
        'venue', (
          select jsonb_build_object('name', v.name, 'address', v.address, 'room', v.room)
            from public.event_venues ev join public.venues v on v.id = ev.venue_id
           where ev.event_id = e.id
           order by ev.position, v.name
           limit 1
        )
      )`;

/**
 * The facts of one registration as the e-mail needs them, built in SQL from the rows as they stand
 * in the transaction (so after the change). The member's address is their account's (auth.users),
 * else their profile's; without one, no row is written (nothing can fail the change).
 */
function factsSelect(reason: string | null) {
  return sql`
    select jsonb_build_object(
      'member_name', coalesce(r.guest_name, p.name, u.raw_user_meta_data->>'display_name', ''),
      'guest', r.guest_name is not null,
      'registration_id', r.id,
      'seq', trim(r.seq),
      'frozen_value', r.frozen_value,
      'registration_status', r.status,
      'tier_name', t.name,
      'reason', ${reason}::text,
      'tier_id', t.id,
      'event', ${eventFacts}
    ) as facts,
    -- a caravan guest's ticket goes to the guest's e-mail (none: no e-mail), never to the leader's
    case when r.guest_name is not null then coalesce(r.guest_email, '') else coalesce(u.email, p.email) end as to_address,
    r.id as registration_id
    from public.registrations r
    join public.events e on e.id = r.event_id
    join public.pricing_tiers t on t.id = r.tier_id
    left join public.profiles p on p.id = r.user_id
    left join auth.users u on u.id = r.user_id`;
}

/**
 * Writes the e-mail about one registration (and, for a payment, its attempt) in `tx`. Call it in
 * the transaction of the change; the e-mail goes out after commit.
 */
export async function enqueueRegistrationMail(
  tx: Db,
  input: {
    kind: Exclude<MailKind, 'event_removed' | 'caravan_summary' | 'chargeback_staff' | 'waitlist_offer'>;
    registrationId: string;
    /** The payment attempt the e-mail is about (approved, rejected, expired), if any. */
    confirmationId?: string;
    reason?: string | null;
    strategy?: string | null;
  },
): Promise<void> {
  // one confirmation per registration; one e-mail per payment attempt's outcome
  const about =
    input.kind === 'registration_confirmed'
      ? input.registrationId
      : (input.confirmationId ?? input.registrationId);
  const dedupe = `${input.kind}:${about}`;
  await execRaw(
    tx,
    sql`
      insert into public.mail_outbox (kind, to_address, dedupe_key, payload)
      select ${input.kind}, f.to_address, ${dedupe},
             f.facts || jsonb_build_object('strategy', ${input.strategy ?? null}::text,
                                           'confirmation_id', ${input.confirmationId ?? null}::text)
        from (${factsSelect(input.reason ?? null)} where r.id = ${input.registrationId}) f
       where f.to_address like '%@%'
      on conflict on constraint mail_outbox_dedupe_key do nothing`,
  );
  // a caravan's cash places expired: the leader hears it once, about the group (its payment attempt)
  if (input.kind === 'cash_expired' && input.confirmationId) {
    await execRaw(
      tx,
      sql`
        insert into public.mail_outbox (kind, to_address, dedupe_key, payload)
        select 'cash_expired', coalesce(u.email, p.email), ${`cash_expired:leader:${input.confirmationId}`},
               f.facts || jsonb_build_object('member_name', coalesce(p.name, ''), 'guest', false,
                                             'caravan_people', g.people, 'strategy', 'cash')
          from (${factsSelect(null)} where r.id = ${input.registrationId}) f
          join public.registration_groups g on g.confirmation_id = ${input.confirmationId}
          join public.profiles p on p.id = g.leader_id
          left join auth.users u on u.id = g.leader_id
         where coalesce(u.email, p.email) like '%@%'
        on conflict on constraint mail_outbox_dedupe_key do nothing`,
    );
  }
}

/** The group payment's statuses the leader hears about (the summary again, with every ticket's state). */
const SUMMARY_STATUSES: readonly string[] = ['paid', 'rejected', 'expired', 'canceled'];

/**
 * The caravan leader's summary (the event, each person and their ticket state, the total, the payment
 * status, a link to the caravan), written in `tx`: when the caravan is registered (`groupId`) and when
 * its payment attempt settles (`confirmationId`, the group's attempt; any other attempt writes
 * nothing). One e-mail per group and payment status. Sent to the leader's account address.
 */
export async function enqueueCaravanSummary(
  tx: Db,
  about: { groupId: string } | { confirmationId: string; to: ConfirmationStatus },
): Promise<void> {
  if ('to' in about && !SUMMARY_STATUSES.includes(about.to)) return;
  const where =
    'groupId' in about
      ? sql`g.id = ${about.groupId}::uuid`
      : sql`g.confirmation_id = ${about.confirmationId}::uuid`;
  await execRaw(
    tx,
    sql`
      insert into public.mail_outbox (kind, to_address, dedupe_key, payload)
      select 'caravan_summary', f.to_address,
             'caravan_summary:' || (f.facts->>'group_id') || ':' || (f.facts->>'payment_status'), f.facts
        from (
          select jsonb_build_object(
            'member_name', coalesce(p.name, u.raw_user_meta_data->>'display_name', ''),
            'group_id', g.id,
            'registration_id', c.registration_id,
            'frozen_total', g.frozen_total,
            'strategy', g.strategy,
            'payment_status', c.status,
            'tier_name', t.name,
            'people', (
              select coalesce(jsonb_agg(jsonb_build_object('name', coalesce(r.guest_name, rp.name, ''), 'status', r.status)
                                        order by coalesce(r.guest_name, rp.name, ''), r.id), '[]'::jsonb)
                from public.registrations r
                left join public.profiles rp on rp.id = r.user_id
               where r.group_id = g.id
            ),
            'event', ${eventFacts}
          ) as facts,
          coalesce(u.email, p.email) as to_address
          from public.registration_groups g
          join public.registration_confirmations c on c.id = g.confirmation_id
          join public.events e on e.id = g.event_id
          join public.pricing_tiers t on t.id = g.tier_id
          left join public.profiles p on p.id = g.leader_id
          left join auth.users u on u.id = g.leader_id
         where ${where}
        ) f
       where f.to_address like '%@%'
      on conflict on constraint mail_outbox_dedupe_key do nothing`,
  );
}

/** What a payment attempt's move means for the member's mail (null: no e-mail). */
export function mailKindForTransition(
  to: ConfirmationStatus,
  strategy: string,
): 'payment_approved' | 'payment_rejected' | 'pix_expired' | 'cash_expired' | 'refund_done' | null {
  if (to === 'paid') return 'payment_approved';
  if (to === 'rejected') return 'payment_rejected';
  if (to === 'expired' && strategy === 'mp_pix') return 'pix_expired';
  if (to === 'expired' && strategy === 'cash') return 'cash_expired';
  if (to === 'refunded') return 'refund_done';
  return null;
}

/**
 * A chargeback tells staff: one e-mail to each person whose role may decide payments
 * (write_confirmations), about the registration, in the transaction that records it.
 */
export async function enqueueChargebackStaffMails(tx: Db, registrationId: string): Promise<void> {
  await execRaw(
    tx,
    sql`
      insert into public.mail_outbox (kind, to_address, dedupe_key, payload)
      select 'chargeback_staff', s.email, 'chargeback_staff:' || f.registration_id || ':' || s.id, f.facts
        from (${factsSelect(null)} where r.id = ${registrationId}) f
        cross join (
          select distinct u.id, u.email
            from public.user_roles ur
            join public.role_permissions rp on rp.role = ur.role and rp.permission = 'write_confirmations'
            join auth.users u on u.id = ur.user_id
           where u.email like '%@%'
        ) s
      on conflict on constraint mail_outbox_dedupe_key do nothing`,
  );
}

/**
 * A waiting list's offer (functions/api/resources/tiers/places.ts), in the transaction that makes
 * it: the member, the event, the tier and until when the place is held. One e-mail per offer.
 */
export async function enqueueWaitlistOffer(tx: Db, entryId: string): Promise<void> {
  await execRaw(
    tx,
    sql`
      insert into public.mail_outbox (kind, to_address, dedupe_key, payload)
      select 'waitlist_offer', coalesce(u.email, p.email), 'waitlist_offer:' || w.id,
             jsonb_build_object(
               'member_name', coalesce(p.name, u.raw_user_meta_data->>'display_name', ''),
               'entry_id', w.id,
               'tier_id', t.id,
               'tier_name', t.name,
               'offer_expires_at', w.offer_expires_at,
               'event', ${eventFacts})
        from public.waitlist_entries w
        join public.pricing_tiers t on t.id = w.tier_id
        join public.events e on e.id = w.event_id
        left join public.profiles p on p.id = w.user_id
        left join auth.users u on u.id = w.user_id
       where w.id = ${entryId} and coalesce(u.email, p.email) like '%@%'
      on conflict on constraint mail_outbox_dedupe_key do nothing`,
  );
}

/**
 * The removal of events (and their sub-events), in the transaction that removes them: one e-mail
 * per active registration (pending, in analysis or paid) on them. Registrations are kept.
 */
export async function enqueueEventRemovedMails(tx: Db, eventIds: string[]): Promise<void> {
  if (eventIds.length === 0) return;
  await execRaw(
    tx,
    sql`
      insert into public.mail_outbox (kind, to_address, dedupe_key, payload)
      select 'event_removed', f.to_address, 'event_removed:' || f.registration_id, f.facts
        from (${factsSelect(null)}
               where r.event_id = any(${eventIds}::uuid[])
                 and r.status in ('pending', 'analysis', 'paid')) f
       where f.to_address like '%@%'
      on conflict on constraint mail_outbox_dedupe_key do nothing`,
  );
}

export interface DrainResult {
  sent: number;
  /** Failed this time, to be tried again later. */
  retried: number;
  /** Given up (permanent refusal or the last attempt). */
  failed: number;
}

interface ClaimedRow {
  id: string;
  /** 'email' (the Mailer) or 'whatsapp' (the Notifier) */
  channel: 'email' | 'whatsapp';
  kind: MailKind;
  to_address: string;
  payload: MemberMailFacts;
  attempts: number;
}

/** The channels whose sender is configured: only their rows are claimed (the others wait). */
const channelsOf = (ports: Pick<Ports, 'mailer' | 'notifier'>) =>
  [ports.mailer ? 'email' : null, ports.notifier ? 'whatsapp' : null].filter((c) => c !== null);

/**
 * Delivers due outbox rows through `ports.mailer` (e-mail) and `ports.notifier` (WhatsApp) until
 * none is due (or `maxRows` were handled). Safe to run anywhere and often: concurrent drains share
 * the work, never a row.
 */
export async function drainOutbox(
  ports: Pick<Ports, 'db' | 'mailer' | 'notifier' | 'env'>,
  opts: { maxRows?: number; timeoutMs?: number } = {},
): Promise<DrainResult> {
  const result: DrainResult = { sent: 0, retried: 0, failed: 0 };
  const channels = channelsOf(ports);
  if (channels.length === 0) return result;
  const maxRows = opts.maxRows ?? 200;
  const siteUrl = (ports.env.siteUrl || ports.env.supabaseUrl).replace(/\/+$/, '');
  const reminders: ReminderContext = {
    siteUrl,
    apiUrl: `${ports.env.supabaseUrl.replace(/\/+$/, '')}/functions/v1/api`,
    secret: ports.env.serviceRoleKey,
  };
  let handled = 0;
  while (handled < maxRows) {
    const token = crypto.randomUUID();
    const rows = await ports.db.query<ClaimedRow>(
      `update public.mail_outbox o
          set status = 'sending', claim_token = $1, attempts = o.attempts + 1,
              lease_until = now() + make_interval(secs => $2)
        where o.id in (
          select id from public.mail_outbox
           where ((status = 'pending' and next_attempt_at <= now())
                  or (status = 'sending' and lease_until < now()))
             and channel = any($4::text[])
           order by next_attempt_at, id
           limit $3
           for update skip locked)
        returning o.id, o.channel, o.kind, o.to_address, o.payload, o.attempts`,
      [token, LEASE_SECONDS, Math.min(BATCH, maxRows - handled), channels],
    );
    if (rows.length === 0) break;
    handled += rows.length;
    for (const row of rows) {
      const outcome = await deliver(ports, row, siteUrl, reminders, opts.timeoutMs ?? SEND_TIMEOUT_MS);
      if (outcome === 'sent') {
        await ports.db.query(
          `update public.mail_outbox
              set status = 'sent', sent_at = now(), claim_token = null, lease_until = null, last_error = null,
                  ${forgetDeletedAccount('true')}
            where id = $1 and claim_token = $2`,
          [row.id, token],
        );
        result.sent += 1;
        continue;
      }
      const giveUp = outcome.permanent || row.attempts >= MAX_ATTEMPTS;
      await ports.db.query(
        `update public.mail_outbox
            set status = $3, claim_token = null, lease_until = null, last_error = $4,
                ${forgetDeletedAccount("$3 = 'failed'")},
                next_attempt_at = now() + make_interval(secs => $5)
          where id = $1 and claim_token = $2`,
        [
          row.id,
          token,
          giveUp ? 'failed' : 'pending',
          outcome.error.slice(0, 1000),
          backoffSeconds(row.attempts),
        ],
      );
      if (giveUp) {
        result.failed += 1;
        console.error(
          `[mail] gave up on ${row.kind} ${row.id} after ${row.attempts} tries: ${outcome.error}`,
        );
      } else {
        result.retried += 1;
        console.warn(`[mail] ${row.kind} ${row.id} not sent (try ${row.attempts}): ${outcome.error}`);
      }
    }
  }
  return result;
}

async function deliver(
  ports: Pick<Ports, 'mailer' | 'notifier'>,
  row: ClaimedRow,
  siteUrl: string,
  reminders: ReminderContext,
  timeoutMs: number,
): Promise<'sent' | { permanent: boolean; error: string }> {
  let send: () => Promise<void>;
  try {
    if (row.channel === 'whatsapp') {
      const notifier = ports.notifier;
      if (!notifier || !isReminderKind(row.kind)) throw new Error(`no WhatsApp message for ${row.kind}`);
      const message = await renderReminderWhatsApp(
        row.kind,
        row.payload as unknown as ReminderFacts,
        reminders,
      );
      send = () =>
        notifier.send({ id: row.id, to: row.to_address, ...message }, AbortSignal.timeout(timeoutMs));
    } else {
      const mailer = ports.mailer;
      if (!mailer) throw new Error('no mailer');
      const rendered = isReminderKind(row.kind)
        ? await renderReminderEmail(row.kind, row.payload as unknown as ReminderFacts, reminders)
        : renderMemberEmail(row.kind, row.payload, { siteUrl });
      const email: Email = { id: row.id, to: row.to_address, ...rendered };
      send = () => mailer.send(email, AbortSignal.timeout(timeoutMs));
    }
  } catch (error) {
    return { permanent: true, error: `render: ${(error as Error).message}` };
  }
  try {
    await send();
    return 'sent';
  } catch (error) {
    return {
      permanent: (error instanceof MailerError || error instanceof NotifierError) && error.permanent,
      error: (error as Error)?.message ?? String(error),
    };
  }
}

/**
 * Forgets delivered e-mails after `sentDays` and abandoned ones after `failedDays` (they hold members'
 * addresses): run by the scheduler's drain route.
 */
export async function pruneOutbox(
  db: Db,
  opts: { sentDays?: number; failedDays?: number } = {},
): Promise<number> {
  const rows = await db.query(
    `delete from public.mail_outbox
      where (status = 'sent' and sent_at < now() - make_interval(days => $1))
         or (status = 'failed' and created_at < now() - make_interval(days => $2))
     returning id`,
    [opts.sentDays ?? 30, opts.failedDays ?? 90],
  );
  return rows.length;
}

/**
 * One app's sender: `kick()` starts a drain unless one runs (then it runs once more after), and
 * hands it to `waitUntil`, so an answer never waits for mail. Used after each write request and by
 * timers; `drain()` runs one now and answers what it did (the scheduler's route).
 */
export function createOutboxSender(ports: Pick<Ports, 'db' | 'mailer' | 'notifier' | 'env' | 'waitUntil'>) {
  let running: Promise<void> | null = null;
  let again = false;
  const loop = async () => {
    do {
      again = false;
      try {
        await drainOutbox(ports);
      } catch (error) {
        console.error('[mail] drain failed', error);
      }
    } while (again);
  };
  return {
    enabled: channelsOf(ports).length > 0,
    kick(): void {
      if (channelsOf(ports).length === 0) return;
      if (running) {
        again = true;
        return;
      }
      running = loop().finally(() => {
        running = null;
      });
      ports.waitUntil?.(running);
    },
    drain: () => drainOutbox(ports),
  };
}

export type OutboxSender = ReturnType<typeof createOutboxSender>;
