import { type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, useId } from 'react';
import './ui.css';

interface FieldShellProps {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  children: ReactNode;
}

/** Label, control, hint and error message, wired for screen readers. */
export function FieldShell({ id, label, error, hint, children }: FieldShellProps) {
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {children}
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}

/** A field's hint, or its error in its place; ids match `describedBy`. */
export function FieldMessages({
  id,
  hint,
  error,
}: {
  id: string;
  hint?: ReactNode;
  error?: string | undefined;
}) {
  return (
    <>
      {hint && !error && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}

export function describedBy(id: string, error?: string, hint?: ReactNode): string | undefined {
  if (error) return `${id}-error`;
  if (hint) return `${id}-hint`;
  return undefined;
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onValueChange(value: string): void;
  error?: string | undefined;
  hint?: ReactNode;
}

/** A labelled text input; `error` is shown under it and announced. */
export function TextField({ label, value, onValueChange, error, hint, id, ...rest }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <FieldShell id={inputId} label={label} error={error} hint={hint}>
      <input
        {...rest}
        id={inputId}
        className="input"
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, error, hint)}
      />
    </FieldShell>
  );
}

export interface SelectFieldProps
  extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onValueChange(value: string): void;
  error?: string | undefined;
  hint?: ReactNode;
  /** The `<option>`s. */
  children: ReactNode;
}

/** A labelled select; `error` is shown under it and announced. */
export function SelectField({
  label,
  value,
  onValueChange,
  error,
  hint,
  id,
  children,
  ...rest
}: SelectFieldProps) {
  const autoId = useId();
  const selectId = id ?? autoId;
  return (
    <FieldShell id={selectId} label={label} error={error} hint={hint}>
      <select
        {...rest}
        id={selectId}
        className="input"
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(selectId, error, hint)}
      >
        {children}
      </select>
    </FieldShell>
  );
}

export interface CheckboxFieldProps {
  label: string;
  checked: boolean;
  onCheckedChange(checked: boolean): void;
  onBlur?(): void;
  name?: string;
  disabled?: boolean;
  error?: string | undefined;
}

export function CheckboxField({
  label,
  checked,
  onCheckedChange,
  onBlur,
  name,
  disabled,
  error,
}: CheckboxFieldProps) {
  const id = useId();
  return (
    <div className="checkbox-field">
      <input
        id={id}
        type="checkbox"
        name={name}
        checked={checked}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onCheckedChange(e.target.checked)}
        onBlur={onBlur}
      />
      <label htmlFor={id}>{label}</label>
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** A form-level message (error or info) that screen readers announce. */
export function FormAlert({
  type = 'negative',
  children,
}: {
  type?: 'negative' | 'info';
  children: ReactNode;
}) {
  return (
    <div className={`form-alert form-alert-${type}`} role={type === 'negative' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}

/**
 * A password: `fresh` for a new one (the browser may suggest one), otherwise the one the person
 * has (the browser may fill it in).
 */
export function PasswordField({
  fresh,
  ...props
}: Omit<TextFieldProps, 'type' | 'autoComplete'> & { fresh: boolean }) {
  return <TextField {...props} {...passwordInput(fresh)} />;
}
export const passwordInput = (fresh: boolean) =>
  ({ type: 'password', autoComplete: fresh ? 'new-password' : 'current-password' }) as const;
