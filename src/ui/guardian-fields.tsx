/**
 * The birth date an event with age rules asks, and the guardian's fields when the person is under
 * 18 on the event's day and the event needs their consent (README 'Minors'; src/domain/minors.ts).
 */
import { useId } from 'react';
import { minorMessages as t } from '../domain/messages/minors.ts';
import { ADULT_AGE, ageOn } from '../domain/minors.ts';
import { CpfField, FieldMessages, TextField } from './field.tsx';

export interface GuardianInput {
  birth_date: string;
  name: string;
  cpf: string;
  email: string;
}

export const emptyGuardianInput = (): GuardianInput => ({ birth_date: '', name: '', cpf: '', email: '' });

/** Whether these rules ask this person for a guardian. */
export function needsGuardian(
  rules: { guardian_consent: boolean; starts_at: string } | undefined,
  birthDate: string,
) {
  return Boolean(
    rules?.guardian_consent &&
      /^\d{4}-\d{2}-\d{2}$/.test(birthDate) &&
      ageOn(birthDate, rules.starts_at) < ADULT_AGE,
  );
}

export function GuardianFields({
  rules,
  value,
  onChange,
}: {
  rules: { min_age: number | null; guardian_consent: boolean; starts_at: string };
  value: GuardianInput;
  onChange(value: GuardianInput): void;
}) {
  const id = useId();
  const minor = needsGuardian(rules, value.birth_date);
  return (
    <div className="guardian-fields">
      <div className="field">
        <label className="field-label" htmlFor={`${id}-birth`}>
          {t.birthDate} *
        </label>
        <input
          id={`${id}-birth`}
          className="input"
          type="date"
          value={value.birth_date}
          onChange={(e) => onChange({ ...value, birth_date: e.target.value })}
        />
        <FieldMessages id={`${id}-birth`} />
      </div>
      {minor && (
        <fieldset className="answer-fields" data-testid="guardian-fields">
          <legend className="field-label">{t.guardianTitle}</legend>
          <p className="field-hint">{t.guardianLead}</p>
          <TextField
            label={t.guardianName}
            value={value.name}
            onValueChange={(name) => onChange({ ...value, name })}
          />
          <CpfField
            label={t.guardianCpf}
            value={value.cpf}
            onValueChange={(cpf) => onChange({ ...value, cpf })}
          />
          <TextField
            label={t.guardianEmail}
            type="email"
            inputMode="email"
            value={value.email}
            onValueChange={(email) => onChange({ ...value, email })}
          />
        </fieldset>
      )}
    </div>
  );
}
