/**
 * Profile's 'Lembretes e avisos' (README 'Reminders and notices'): e-mail, WhatsApp or both; the
 * WhatsApp opt-in as its own checkbox, unchecked until the member checks it (LGPD), shown with when
 * it was given; and whether to receive reminders at all (also stopped from any message's link).
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import * as v from 'valibot';
import { formatDateTime } from '../../domain/dates.ts';
import { reminderMessages as t } from '../../domain/messages/reminders.ts';
import { NOTIFY_CHANNELS, type NotifyChannel, reminderPrefsSchema } from '../../domain/reminders.ts';
import { useSessionStore } from '../../lib/session.ts';
import { notify } from '../../ui/notices.tsx';
import { reminderPrefsQuery, useSaveReminderPrefs } from './api/reminders.ts';

export function RemindersSection() {
  const userId = useSessionStore((s) => s.session?.user.id ?? '');
  const prefs = useQuery(reminderPrefsQuery(userId));
  if (!prefs.data) return null;
  const d = prefs.data;
  return <RemindersForm key={`${d.channel}-${d.whatsapp_opt_in_at}-${d.reminders_off_at}`} prefs={d} />;
}

function RemindersForm({
  prefs,
}: {
  prefs: {
    channel: NotifyChannel;
    whatsapp_opt_in_at: string | null;
    reminders_off_at: string | null;
    has_phone: boolean;
  };
}) {
  const id = useId();
  const save = useSaveReminderPrefs();
  const [channel, setChannel] = useState<NotifyChannel>(prefs.channel);
  const [optIn, setOptIn] = useState(prefs.whatsapp_opt_in_at !== null);
  const [reminders, setReminders] = useState(prefs.reminders_off_at === null);
  const [error, setError] = useState<string>();
  const submit = () => {
    const parsed = v.safeParse(reminderPrefsSchema, { channel, whatsapp_opt_in: optIn, reminders });
    if (!parsed.success) {
      setError(parsed.issues[0]?.message);
      return;
    }
    setError(undefined);
    save.mutate(parsed.output, {
      onSuccess: () => notify('positive', t.saved),
      onError: (e) => setError((e as Error).message),
    });
  };
  return (
    <form
      className="profile-card profile-section"
      aria-labelledby={`${id}-title`}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <h2 id={`${id}-title`}>{t.sectionTitle}</h2>
      <p>{t.sectionLead}</p>
      <label className="profile-check">
        <input type="checkbox" checked={reminders} onChange={(e) => setReminders(e.target.checked)} />
        <span>{t.remindersOn}</span>
      </label>
      {prefs.reminders_off_at && !reminders && (
        <p className="field-hint">{t.remindersOffState(formatDateTime(prefs.reminders_off_at))}</p>
      )}
      <fieldset className="profile-choices">
        <legend>{t.channelLabel}</legend>
        {NOTIFY_CHANNELS.map((c) => (
          <label key={c} className="profile-check">
            <input
              type="radio"
              name={`${id}-channel`}
              value={c}
              checked={channel === c}
              onChange={() => setChannel(c)}
            />
            <span>{t.channels[c]}</span>
          </label>
        ))}
      </fieldset>
      <label className="profile-check">
        <input type="checkbox" checked={optIn} onChange={(e) => setOptIn(e.target.checked)} />
        <span>{t.whatsappOptIn}</span>
      </label>
      <p className="field-hint">
        {prefs.whatsapp_opt_in_at && optIn
          ? t.whatsappOptInSince(formatDateTime(prefs.whatsapp_opt_in_at))
          : t.whatsappOptInHint}
      </p>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button button-secondary" disabled={save.isPending}>
        {t.save}
      </button>
    </form>
  );
}
