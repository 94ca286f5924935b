/**
 * The reminder before the event (README 'Reminders and notices'): the day before at 18:00 (São
 * Paulo), some hours before, or none; and the organizer's note that goes in it.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import * as v from 'valibot';
import { reminderMessages as t } from '../../../domain/messages/reminders.ts';
import {
  type EventReminderInput,
  eventReminderSchema,
  REMINDER_MODES,
  type ReminderMode,
} from '../../../domain/reminders.ts';
import { notify } from '../../../ui/notices.tsx';
import { eventReminderQuery, saveEventReminder } from '../api/reminder.ts';

export function ReminderPanel({ eventId }: { eventId: string }) {
  const { data } = useQuery(eventReminderQuery(eventId));
  if (!data) return null;
  return <ReminderForm key={JSON.stringify(data)} eventId={eventId} reminder={data} />;
}

function ReminderForm({ eventId, reminder }: { eventId: string; reminder: EventReminderInput }) {
  const id = useId();
  const client = useQueryClient();
  const [mode, setMode] = useState<ReminderMode>(reminder.mode);
  const [hours, setHours] = useState(reminder.hours_before === null ? '' : String(reminder.hours_before));
  const [note, setNote] = useState(reminder.note);
  const [error, setError] = useState<string>();
  const save = async () => {
    const parsed = v.safeParse(eventReminderSchema, {
      mode,
      hours_before: mode === 'hours' ? Number(hours.trim() || Number.NaN) : null,
      note,
    });
    if (!parsed.success) {
      setError(parsed.issues[0]?.message);
      return;
    }
    setError(undefined);
    try {
      const saved = await saveEventReminder(eventId, parsed.output);
      client.setQueryData(eventReminderQuery(eventId).queryKey, saved);
      notify('positive', t.editorSaved);
    } catch (e) {
      setError((e as Error).message);
    }
  };
  return (
    <section className="editor-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t.editorTitle}</h2>
      <fieldset className="choice-group">
        <legend>{t.editorMode}</legend>
        {REMINDER_MODES.map((m) => (
          <label key={m} className="choice">
            <input type="radio" name={`${id}-mode`} checked={mode === m} onChange={() => setMode(m)} />
            {t.editorModes[m]}
          </label>
        ))}
      </fieldset>
      {mode === 'hours' && (
        <div className="field">
          <label className="field-label" htmlFor={`${id}-hours`}>
            {t.editorHours}
          </label>
          <input
            id={`${id}-hours`}
            className="input"
            inputMode="numeric"
            value={hours}
            onChange={(e) => setHours(e.target.value)}
          />
        </div>
      )}
      <div className="field">
        <label className="field-label" htmlFor={`${id}-note`}>
          {t.editorNote}
        </label>
        <textarea
          id={`${id}-note`}
          className="input"
          rows={3}
          maxLength={500}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
      </div>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <button type="button" className="button button-secondary" onClick={() => void save()}>
        {t.editorSave}
      </button>
    </section>
  );
}
