import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { reminderErrors } from './messages/reminders.ts';
import { eventReminderSchema, reminderPrefsSchema } from './reminders.ts';

describe('reminder rules shared by the forms and the API', () => {
  it('WhatsApp (alone or with e-mail) needs its own opt-in; e-mail does not', () => {
    const parse = (channel: string, whatsapp_opt_in: boolean) =>
      v.safeParse(reminderPrefsSchema, { channel, whatsapp_opt_in, reminders: true });
    expect(parse('email', false).success).toBe(true);
    expect(parse('both', true).success).toBe(true);
    for (const channel of ['whatsapp', 'both']) {
      expect(parse(channel, false).issues?.[0]?.message).toBe(reminderErrors.WHATSAPP_OPT_IN_REQUIRED);
    }
    expect(parse('sms', true).success).toBe(false);
  });

  it('hours before the event: whole, 1 to 720, in pt-BR; the note at most 500 characters, trimmed', () => {
    const parse = (hours_before: number | null, note = '') =>
      v.safeParse(eventReminderSchema, { mode: 'hours', hours_before, note });
    for (const bad of [0, 721, 2.5, Number.NaN]) {
      expect(parse(bad).issues?.[0]?.message).toBe(reminderErrors.REMINDER_HOURS_INVALID);
    }
    expect(parse(3, '  Portões às 19h.  ').output).toEqual({
      mode: 'hours',
      hours_before: 3,
      note: 'Portões às 19h.',
    });
    expect(parse(3, 'x'.repeat(501)).issues?.[0]?.message).toBe(reminderErrors.REMINDER_NOTE_TOO_LONG);
  });
});
