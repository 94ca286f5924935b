/** Radio groups, checkbox groups and selects bound to the form layer's fields. */
import { type ReactNode, useId } from 'react';
import { FieldMessages } from '../../../ui/field.tsx';

export function RadioGroup<T extends string>({
  legend,
  name,
  value,
  options,
  onChange,
}: {
  legend: string;
  name: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange(value: T): void;
}) {
  return (
    <fieldset className="choice-group">
      <legend className="field-label">{legend}</legend>
      {options.map((o) => (
        <label key={o.value} className="choice">
          <input type="radio" name={name} checked={value === o.value} onChange={() => onChange(o.value)} />
          {o.label}
        </label>
      ))}
    </fieldset>
  );
}

export function CheckboxGroup<T extends string>({
  legend,
  value,
  options,
  onChange,
}: {
  legend: string;
  value: readonly T[];
  options: readonly { value: T; label: string }[];
  onChange(value: T[]): void;
}) {
  return (
    <fieldset className="choice-group">
      <legend className="field-label">{legend}</legend>
      {options.map((o) => (
        <label key={o.value} className="choice">
          <input
            type="checkbox"
            checked={value.includes(o.value)}
            onChange={(e) =>
              onChange(e.target.checked ? [...value, o.value] : value.filter((x) => x !== o.value))
            }
          />
          {o.label}
        </label>
      ))}
    </fieldset>
  );
}

export function SelectField({
  label,
  value,
  onChange,
  children,
  error,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  children: ReactNode;
  error?: string | undefined;
}) {
  const id = useId();
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="input"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        {children}
      </select>
      <FieldMessages id={id} error={error} />
    </div>
  );
}

export function TextAreaField({
  label,
  value,
  onChange,
  onBlur,
  hint,
  error,
  rows = 3,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  onBlur?(): void;
  hint?: string;
  error?: string | undefined;
  rows?: number;
}) {
  const id = useId();
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        className="input"
        rows={rows}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
      />
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}

/** A TextAreaField bound to a form field whose value may be empty (the event's and a speaker's details). */
export function FormTextArea({
  field,
  label,
  hint,
}: {
  field: {
    state: { value: string | null | undefined };
    handleChange(value: string): void;
    handleBlur(): void;
  };
  label: string;
  hint?: string;
}) {
  return (
    <TextAreaField
      label={label}
      hint={hint}
      value={field.state.value ?? ''}
      onChange={field.handleChange}
      onBlur={field.handleBlur}
    />
  );
}
