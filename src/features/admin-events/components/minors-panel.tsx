/** The event's age rules (README 'Minors'): a minimum age and the guardian's consent under 18. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { eventMinorsQuery } from '../../../data/questions/questions.ts';
import { minorMessages as t } from '../../../domain/messages/minors.ts';
import { apiClient, unwrap } from '../../../lib/api.ts';
import { notify } from '../../../ui/notices.tsx';

export function MinorsPanel({ eventId }: { eventId: string }) {
  const { data } = useQuery(eventMinorsQuery(eventId));
  if (!data) return null;
  return <MinorsForm key={`${data.min_age}-${data.guardian_consent}`} eventId={eventId} rules={data} />;
}

function MinorsForm({
  eventId,
  rules,
}: {
  eventId: string;
  rules: { min_age: number | null; guardian_consent: boolean };
}) {
  const id = useId();
  const client = useQueryClient();
  const [minAge, setMinAge] = useState(rules.min_age === null ? '' : String(rules.min_age));
  const [consent, setConsent] = useState(rules.guardian_consent);
  const [error, setError] = useState<string>();
  const save = async () => {
    const age = minAge.trim() === '' ? null : Number(minAge);
    if (age !== null && (!Number.isInteger(age) || age < 0 || age > 120)) {
      setError('Insira uma idade de 0 a 120 anos.');
      return;
    }
    setError(undefined);
    try {
      await unwrap(
        apiClient().v1.admin.events[':id'].minors.$put({
          param: { id: eventId },
          json: { min_age: age, guardian_consent: consent },
        }),
      );
      await client.invalidateQueries({ queryKey: eventMinorsQuery(eventId).queryKey });
      notify('positive', 'Regras de idade salvas.');
    } catch (e) {
      notify('negative', (e as Error).message);
    }
  };
  return (
    <section className="editor-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Menores de idade</h2>
      <div className={`field${error ? ' field-invalid' : ''}`}>
        <label className="field-label" htmlFor={`${id}-age`}>
          {t.minAge}
        </label>
        <input
          id={`${id}-age`}
          className="input"
          inputMode="numeric"
          value={minAge}
          onChange={(e) => setMinAge(e.target.value)}
        />
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
      </div>
      <label className="choice">
        <input type="checkbox" checked={consent} onChange={(e) => setConsent(e.target.checked)} />
        {t.guardianConsent}
      </label>
      <button type="button" className="button button-secondary" onClick={() => void save()}>
        Salvar regras de idade
      </button>
    </section>
  );
}
