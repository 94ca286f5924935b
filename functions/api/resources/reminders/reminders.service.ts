/**
 * Reminders and notices (README 'Reminders and notices'). Each member chooses e-mail, WhatsApp (with
 * its own opt-in, LGPD) or both, and can stop them from any message. The scheduler (`runReminders`,
 * the service-role route POST /v1/reminders/run) writes what is due into the one outbox
 * (mail/outbox.ts), which sends it after commit with retries:
 * - before each event (the day before at 18:00 in São Paulo, or the event's hours; none when off),
 *   to each member holding an active registration made before that moment;
 * - a pending PIX or unpaid cash, once half its time has passed (at most 24 h before it expires);
 * - a caravan leader, on WhatsApp, when the group's payment is confirmed (the e-mail summary already
 *   tells them by e-mail).
 * One row per fact and channel (`dedupe_key`), so a second run writes nothing; at most
 * REMINDERS_PER_DAY per member and channel in 24 hours (the rest wait for a later run).
 */

import { reminderErrors } from '../../../../src/domain/messages/reminders.ts';
import {
  DEFAULT_REMINDER_HOUR,
  type EventReminderInput,
  REMINDERS_PER_DAY,
  type ReminderPrefsInput,
} from '../../../../src/domain/reminders.ts';
import { ApiHttpError, invalidData, notFound } from '../../lib/errors.ts';
import { memberOfToken } from '../../mail/reminders.ts';
import type { Db } from '../../ports/db.ts';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export interface ReminderPrefs {
  channel: 'email' | 'whatsapp' | 'both';
  whatsapp_opt_in_at: string | null;
  reminders_off_at: string | null;
  has_phone: boolean;
}

export async function reminderPrefs(db: Db, userId: string): Promise<ReminderPrefs> {
  const [row] = await db.query<{
    notify_channel: ReminderPrefs['channel'];
    whatsapp_opt_in_at: Date | string | null;
    reminders_off_at: Date | string | null;
    phone: string | null;
  }>(
    'select notify_channel, whatsapp_opt_in_at, reminders_off_at, phone from public.profiles where id = $1',
    [userId],
  );
  if (!row) throw notFound();
  return {
    channel: row.notify_channel,
    whatsapp_opt_in_at: iso(row.whatsapp_opt_in_at),
    reminders_off_at: iso(row.reminders_off_at),
    has_phone: Boolean(row.phone),
  };
}

/**
 * The member's choice. The WhatsApp opt-in keeps the moment it was first given; unchecking it (or
 * leaving WhatsApp) drops the messages still waiting for that channel, as stopping reminders drops
 * every waiting one.
 */
export async function setReminderPrefs(
  db: Db,
  userId: string,
  input: ReminderPrefsInput,
  now: Date,
): Promise<ReminderPrefs> {
  const prefs = await reminderPrefs(db, userId);
  if (input.channel !== 'email' && !prefs.has_phone)
    throw invalidData(reminderErrors.WHATSAPP_PHONE_REQUIRED);
  await db.transaction(async (tx) => {
    await tx.query(
      `update public.profiles
          set notify_channel = $2,
              whatsapp_opt_in_at = case when $3 then coalesce(whatsapp_opt_in_at, $5::timestamptz) end,
              reminders_off_at = case when $4 then null else coalesce(reminders_off_at, $5::timestamptz) end
        where id = $1`,
      [userId, input.channel, input.whatsapp_opt_in, input.reminders, now.toISOString()],
    );
    await tx.query(
      `delete from public.mail_outbox
        where member_id = $1 and status = 'pending'
          and (not $2 or (channel = 'whatsapp' and $3 = 'email'))`,
      [userId, input.reminders, input.channel],
    );
  });
  return reminderPrefs(db, userId);
}

const invalidLink = () => new ApiHttpError(404, 'NOT_FOUND', reminderErrors.UNSUBSCRIBE_LINK_INVALID);

async function tokenMember(db: Db, secret: string, token: string): Promise<string> {
  const memberId = await memberOfToken(token, secret);
  if (!memberId) throw invalidLink();
  const [row] = await db.query('select 1 from public.profiles where id = $1', [memberId]);
  if (!row) throw invalidLink();
  return memberId;
}

/** What the unsubscribe page shows before the member confirms (a GET changes nothing: mail scanners open links). */
export async function unsubscribeState(db: Db, secret: string, token: string) {
  const memberId = await tokenMember(db, secret, token);
  const prefs = await reminderPrefs(db, memberId);
  return { reminders_off: prefs.reminders_off_at !== null };
}

/** 'Não quero receber lembretes': from the page or a mail client's one-click (RFC 8058). Idempotent. */
export async function unsubscribe(db: Db, secret: string, token: string, now: Date) {
  const memberId = await tokenMember(db, secret, token);
  const rows = await db.transaction(async (tx) => {
    const changed = await tx.query(
      `update public.profiles set reminders_off_at = $2 where id = $1 and reminders_off_at is null returning id`,
      [memberId, now.toISOString()],
    );
    await tx.query(`delete from public.mail_outbox where member_id = $1 and status = 'pending'`, [memberId]);
    return changed;
  });
  return { reminders_off: true, already: rows.length === 0 };
}

export interface EventReminder extends EventReminderInput {}

export async function eventReminder(db: Db, eventId: string): Promise<EventReminder> {
  const [row] = await db.query<{
    reminder_hours_before: number | null;
    reminders_off: boolean;
    reminder_note: string | null;
  }>(
    'select reminder_hours_before, reminders_off, reminder_note from public.events where id = $1 and deleted_at is null',
    [eventId],
  );
  if (!row) throw notFound('EVENT_NOT_FOUND');
  return {
    mode: row.reminders_off ? 'off' : row.reminder_hours_before === null ? 'day_before' : 'hours',
    hours_before: row.reminder_hours_before,
    note: row.reminder_note ?? '',
  };
}

export async function setEventReminder(
  db: Db,
  eventId: string,
  input: EventReminderInput,
): Promise<EventReminder> {
  if (input.mode === 'hours' && input.hours_before === null)
    throw invalidData(reminderErrors.REMINDER_HOURS_INVALID);
  const rows = await db.query(
    `update public.events
        set reminders_off = $2, reminder_hours_before = $3, reminder_note = nullif($4, '')
      where id = $1 and deleted_at is null
      returning id`,
    [eventId, input.mode === 'off', input.mode === 'hours' ? input.hours_before : null, input.note],
  );
  if (rows.length === 0) throw notFound('EVENT_NOT_FOUND');
  return eventReminder(db, eventId);
}

/** The event's first venue, as the messages show it. */
const VENUE = `(select jsonb_build_object('name', v.name, 'address', v.address, 'room', v.room)
                  from public.event_venues ev join public.venues v on v.id = ev.venue_id
                 where ev.event_id = e.id order by ev.position, v.name limit 1)`;
const EVENT = `jsonb_build_object('id', e.id, 'title', e.title, 'starts_at', e.starts_at, 'venue', ${VENUE})`;

/** When an event's reminder is due: its hours before the start, or the day before at 18:00 in São Paulo. */
const DUE = `case when e.reminder_hours_before is null
                then (((e.starts_at at time zone 'America/Sao_Paulo')::date - 1)
                      + make_time(${DEFAULT_REMINDER_HOUR}, 0, 0)) at time zone 'America/Sao_Paulo'
                else e.starts_at - make_interval(hours => e.reminder_hours_before) end`;

export interface RunResult {
  queued: { event_reminder: number; payment_reminder: number; caravan_paid: number };
}

/**
 * Writes every reminder due at `at` that was not written yet. Idempotent: run it as often as you
 * like (the local host every 5 minutes, pg_cron on Supabase); a run writes each fact once.
 */
export async function runReminders(db: Db, at: Date): Promise<RunResult> {
  const rows = await db.query<{ kind: keyof RunResult['queued'] }>(
    `with cand as (
       select 'event_reminder' as kind, r.user_id as member_id, 'event_reminder:' || r.id as fact, d.due,
              jsonb_build_object('registration_id', r.id, 'event', ${EVENT}, 'note', e.reminder_note) as facts
         from public.events e
        cross join lateral (select ${DUE} as due) d
         join public.registrations r on r.event_id = e.id
        where e.deleted_at is null and not e.reminders_off
          and e.starts_at > $1::timestamptz and d.due <= $1::timestamptz
          and r.user_id is not null and r.guest_name is null
          and r.status in ('paid', 'pending', 'analysis') and r.created_at < d.due
       union all
       select 'payment_reminder', r.user_id, 'payment_reminder:' || c.id, c.expires_at,
              jsonb_build_object('registration_id', r.id, 'event', ${EVENT}, 'strategy', c.strategy,
                                 'expires_at', c.expires_at)
         from public.registration_confirmations c
         join public.registrations r on r.id = c.registration_id
         join public.events e on e.id = r.event_id
        where c.status = 'pending' and c.strategy in ('mp_pix', 'cash')
          and c.expires_at > $1::timestamptz
          and $1::timestamptz >= greatest(c.expires_at - interval '24 hours',
                                          c.created_at + (c.expires_at - c.created_at) / 2)
          and r.user_id is not null and e.deleted_at is null
       union all
       select 'caravan_paid', g.leader_id, 'caravan_paid:' || g.id, c.updated_at,
              jsonb_build_object('registration_id', c.registration_id, 'event', ${EVENT},
                                 'people', (select count(*) from public.registrations gr where gr.group_id = g.id))
         from public.registration_groups g
         join public.registration_confirmations c on c.id = g.confirmation_id
         join public.events e on e.id = g.event_id
        where c.status = 'paid' and c.updated_at > $1::timestamptz - interval '2 days'
          and e.starts_at > $1::timestamptz and e.deleted_at is null
          and not exists (select 1 from public.registrations gr where gr.group_id = g.id and gr.status <> 'paid')
     ),
     targets as (
       select cand.kind, cand.member_id, cand.fact, cand.due, ch.channel,
              cand.facts || jsonb_build_object('member_id', cand.member_id,
                                               'member_name', coalesce(p.name, '')) as facts,
              case when ch.channel = 'email' then coalesce(u.email, p.email) else '55' || p.phone end as to_address
         from cand
         join public.profiles p on p.id = cand.member_id
         left join auth.users u on u.id = cand.member_id
        cross join (values ('email'), ('whatsapp')) as ch (channel)
        where p.reminders_off_at is null and p.deleted_at is null
          and case ch.channel
                -- the leader's e-mail is the caravan summary the payment already sends
                when 'email' then p.notify_channel in ('email', 'both') and cand.kind <> 'caravan_paid'
                                  and coalesce(u.email, p.email) like '%@%'
                else p.notify_channel in ('whatsapp', 'both') and p.whatsapp_opt_in_at is not null
                     and p.phone ~ '^[0-9]{10,13}$'
              end
          and not exists (select 1 from public.mail_outbox o where o.dedupe_key = cand.fact || ':' || ch.channel)
     ),
     ranked as (
       select t.*,
              row_number() over (partition by t.member_id, t.channel order by t.due, t.fact) as n,
              (select count(*) from public.mail_outbox o
                where o.member_id = t.member_id and o.channel = t.channel
                  and o.created_at > $1::timestamptz - interval '24 hours'
                  and o.created_at <= $1::timestamptz) as recent
         from targets t
     )
     insert into public.mail_outbox (kind, channel, member_id, to_address, dedupe_key, payload, created_at)
     select kind, channel, member_id, to_address, fact || ':' || channel, facts, $1::timestamptz
       from ranked
      where n + recent <= $2
     on conflict on constraint mail_outbox_dedupe_key do nothing
     returning kind`,
    [at.toISOString(), REMINDERS_PER_DAY],
  );
  const queued = { event_reminder: 0, payment_reminder: 0, caravan_paid: 0 };
  for (const row of rows) queued[row.kind] += 1;
  return { queued };
}
