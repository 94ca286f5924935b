/**
 * Inputs with a mask (react-imask): CPF, phone, and any pattern. Apart from `field.tsx` so that a
 * screen that only shows a form message or a plain field does not load the mask library (the
 * precached member screens: docs/performance.md).
 */
import { type ReactNode, useId } from 'react';
import { IMaskInput } from 'react-imask';
import { describedBy, FieldShell } from './field.tsx';

export interface MaskedFieldProps {
  label: string;
  /** imask pattern: `0` is a digit (e.g. `000.000.000-00`). */
  mask: string;
  value: string;
  onValueChange(value: string): void;
  onBlur?(): void;
  error?: string | undefined;
  hint?: ReactNode;
  name?: string;
  id?: string;
  autoComplete?: string;
  inputMode?: 'numeric' | 'tel' | 'text';
  placeholder?: string;
  required?: boolean;
  disabled?: boolean;
  type?: 'text' | 'tel';
}

/** A labelled input with an input mask (react-imask); the value is the masked text. */
export function MaskedField({
  label,
  mask,
  value,
  onValueChange,
  onBlur,
  error,
  hint,
  id,
  ...rest
}: MaskedFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <FieldShell id={inputId} label={label} error={error} hint={hint}>
      <IMaskInput
        {...rest}
        id={inputId}
        className="input"
        mask={mask}
        value={value}
        onAccept={(masked: string) => onValueChange(masked)}
        onBlur={onBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, error, hint)}
      />
    </FieldShell>
  );
}

type PresetFieldProps = Pick<MaskedFieldProps, 'label' | 'value' | 'onValueChange' | 'onBlur' | 'error'>;

/** CPF with the spec's mask ###.###.###-## (product-spec.md §5). */
export function CpfField(props: PresetFieldProps) {
  return (
    <MaskedField
      {...props}
      name="cpf"
      mask="000.000.000-00"
      inputMode="numeric"
      autoComplete="off"
      placeholder="000.000.000-00"
    />
  );
}

/** Mobile phone (WhatsApp) with the spec's mask (##) #####-#### (product-spec.md §5). */
export function PhoneField(props: PresetFieldProps) {
  return (
    <MaskedField
      {...props}
      name="phone"
      type="tel"
      mask="(00) 00000-0000"
      inputMode="tel"
      autoComplete="tel-national"
      placeholder="(00) 00000-0000"
    />
  );
}
