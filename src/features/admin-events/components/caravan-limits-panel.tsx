/**
 * The event's caravan limits (README 'Under abuse: limits and throttles'): how many people one leader
 * may hold unpaid, and how long an unpaid cash caravan keeps its places.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import * as v from 'valibot';
import { type CaravanLimits, caravanLimitsBodySchema } from '../../../domain/caravans.ts';
import { caravanMessages as t } from '../../../domain/messages/caravans.ts';
import { notify } from '../../../ui/notices.tsx';
import { caravanLimitsQuery, saveCaravanLimits } from '../api/caravan-limits.ts';

export function CaravanLimitsPanel({ eventId }: { eventId: string }) {
  const { data } = useQuery(caravanLimitsQuery(eventId));
  if (!data) return null;
  return <CaravanLimitsForm key={JSON.stringify(data)} eventId={eventId} limits={data} />;
}

function CaravanLimitsForm({ eventId, limits }: { eventId: string; limits: CaravanLimits }) {
  const id = useId();
  const save = useMutation(saveCaravanLimits(useQueryClient(), eventId));
  const [unpaid, setUnpaid] = useState(String(limits.unpaid_per_leader));
  const [hours, setHours] = useState(String(limits.cash_hold_hours));
  const [error, setError] = useState<string>();
  const submit = () => {
    const number = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
    const parsed = v.safeParse(caravanLimitsBodySchema, {
      unpaidPerLeader: number(unpaid),
      cashHoldHours: number(hours),
    });
    if (!parsed.success) {
      setError(parsed.issues[0]?.message);
      return;
    }
    setError(undefined);
    save.mutate(parsed.output, {
      onSuccess: () => notify('positive', t.limitsSaved),
      onError: (e) => setError(e.message),
    });
  };
  const field = (
    key: 'unpaid' | 'cash',
    label: string,
    hint: string,
    value: string,
    set: (s: string) => void,
  ) => (
    <div className="field">
      <label className="field-label" htmlFor={`${id}-${key}`}>
        {label}
      </label>
      <input
        id={`${id}-${key}`}
        className="input"
        inputMode="numeric"
        aria-describedby={`${id}-${key}-hint`}
        value={value}
        onChange={(e) => set(e.target.value)}
      />
      <p id={`${id}-${key}-hint`} className="muted editor-hint">
        {hint}
      </p>
    </div>
  );
  return (
    <section className="editor-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t.limitsTitle}</h2>
      {field('unpaid', t.limitsUnpaidLabel, t.limitsUnpaidHint, unpaid, setUnpaid)}
      {field('cash', t.limitsCashLabel, t.limitsCashHint, hours, setHours)}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <button type="button" className="button button-secondary" disabled={save.isPending} onClick={submit}>
        {t.limitsSave}
      </button>
    </section>
  );
}
