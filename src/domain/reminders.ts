/**
 * Reminders and notices (README 'Reminders and notices'): the member's channel and the event's
 * reminder setting, as the browser's forms and the API validate them.
 */
import * as v from 'valibot';
import { reminderErrors as e } from './messages/reminders.ts';

export const NOTIFY_CHANNELS = ['email', 'whatsapp', 'both'] as const;
export type NotifyChannel = (typeof NOTIFY_CHANNELS)[number];

/** At most this many reminders and notices per member, per channel, in 24 hours. */
export const REMINDERS_PER_DAY = 3;

/** The default reminder: the day before the event, at this hour in São Paulo. */
export const DEFAULT_REMINDER_HOUR = 18;

/** The member's choice; WhatsApp (alone or with e-mail) needs its own opt-in (LGPD). */
export const reminderPrefsSchema = v.pipe(
  v.object({
    channel: v.picklist(NOTIFY_CHANNELS),
    whatsapp_opt_in: v.boolean(),
    reminders: v.boolean(),
  }),
  v.check((p) => p.channel === 'email' || p.whatsapp_opt_in, e.WHATSAPP_OPT_IN_REQUIRED),
);
export type ReminderPrefsInput = v.InferOutput<typeof reminderPrefsSchema>;

export const REMINDER_MODES = ['day_before', 'hours', 'off'] as const;
export type ReminderMode = (typeof REMINDER_MODES)[number];

/** The event's reminder: the day before at 18:00, some hours before, or none; and the organizer's note. */
export const eventReminderSchema = v.object({
  mode: v.picklist(REMINDER_MODES),
  hours_before: v.nullable(
    v.pipe(
      v.number(e.REMINDER_HOURS_INVALID),
      v.integer(e.REMINDER_HOURS_INVALID),
      v.minValue(1, e.REMINDER_HOURS_INVALID),
      v.maxValue(720, e.REMINDER_HOURS_INVALID),
    ),
  ),
  note: v.pipe(v.string(), v.trim(), v.maxLength(500, e.REMINDER_NOTE_TOO_LONG)),
});
export type EventReminderInput = v.InferOutput<typeof eventReminderSchema>;
