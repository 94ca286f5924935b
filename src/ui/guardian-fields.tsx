/**
 * The birth date an event with age rules asks, and the guardian's fields when the person is under
 * 18 on the event's day and the event needs their consent (README 'Minors'; src/domain/minors.ts).
 */
import { useId } from 'react';
import * as v from 'valibot';
import { minorApiErrors, minorMessages as t } from '../domain/messages/minors.ts';
import { ADULT_AGE, ageOn, birthDateSchema, guardianSchema } from '../domain/minors.ts';
import { firstMessage } from '../domain/validation.ts';
import { FieldMessages, TextField } from './field.tsx';
import { CpfField } from './masked-field.tsx';

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

export type GuardianErrors = Partial<Record<keyof GuardianInput, string>>;

/**
 * The person's fields as the browser checks them before sending (the API checks them again): the
 * birth date, and the guardian's when this person needs one.
 */
export function guardianErrors(
  rules: { min_age: number | null; guardian_consent: boolean; starts_at: string } | undefined,
  value: GuardianInput,
): GuardianErrors {
  if (!rules || (rules.min_age === null && !rules.guardian_consent)) return {};
  const birth = v.safeParse(birthDateSchema, value.birth_date);
  if (!birth.success) return { birth_date: firstMessage(birth.issues) };
  if (rules.min_age !== null && ageOn(value.birth_date, rules.starts_at) < rules.min_age)
    return { birth_date: minorApiErrors.TOO_YOUNG };
  if (!needsGuardian(rules, value.birth_date)) return {};
  const parsed = v.safeParse(guardianSchema, { name: value.name, cpf: value.cpf, email: value.email });
  if (parsed.success) return {};
  const of = (key: string) => firstMessage(parsed.issues.filter((i) => i.path?.[0]?.key === key));
  return { name: of('name'), cpf: of('cpf'), email: of('email') };
}

export function GuardianFields({
  rules,
  value,
  onChange,
  errors,
  lead = t.guardianLead,
}: {
  rules: { min_age: number | null; guardian_consent: boolean; starts_at: string };
  value: GuardianInput;
  onChange(value: GuardianInput): void;
  errors?: GuardianErrors | undefined;
  /** what the guardian's part says (the member's own checkout, or a person someone else registers) */
  lead?: string;
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
          aria-invalid={errors?.birth_date ? true : undefined}
          aria-describedby={errors?.birth_date ? `${id}-birth-error` : undefined}
          onChange={(e) => onChange({ ...value, birth_date: e.target.value })}
        />
        <FieldMessages id={`${id}-birth`} error={errors?.birth_date} />
      </div>
      {minor && (
        <fieldset className="answer-fields" data-testid="guardian-fields">
          <legend className="field-label">{t.guardianTitle}</legend>
          <p className="field-hint">{lead}</p>
          <TextField
            label={t.guardianName}
            value={value.name}
            onValueChange={(name) => onChange({ ...value, name })}
            error={errors?.name}
          />
          <CpfField
            label={t.guardianCpf}
            value={value.cpf}
            onValueChange={(cpf) => onChange({ ...value, cpf })}
            error={errors?.cpf}
          />
          <TextField
            label={t.guardianEmail}
            type="email"
            inputMode="email"
            value={value.email}
            onValueChange={(email) => onChange({ ...value, email })}
            error={errors?.email}
          />
        </fieldset>
      )}
    </div>
  );
}
