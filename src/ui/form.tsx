/**
 * The form layer: TanStack Form over the valibot schemas of `src/domain`.
 *
 * A form is declared from its schema — `useSchemaForm({ schema, defaultValues, onSubmit })` — and
 * the schema is its only validator (a Standard Schema on every change and on submit), so the
 * cross-field rules (confirmation equals password, congregation or other church) live there and
 * nowhere else. `onSubmit` receives the schema's output (trimmed, digits only, ...).
 *
 * Fields are bound by name and keep the look of `field.tsx`:
 *
 *   <Form form={form}>
 *     <form.AppField name="email">{(f) => <f.TextField label="Email" type="email" />}</form.AppField>
 *     <form.SubmitButton>Entrar</form.SubmitButton>
 *   </Form>
 *
 * A field shows its first error once it was left after a change, or after a submit attempt; an
 * invalid submit moves the focus to the first invalid control.
 */
import {
  type AnyFieldApi,
  type AnyFormApi,
  createFormHook,
  createFormHookContexts,
  useSelector,
} from '@tanstack/react-form';
import { type ComponentType, type PropsWithChildren, type ReactNode, useRef } from 'react';
import * as v from 'valibot';
import { formMessages } from '../domain/messages.ts';
import { maskMoneyInput } from '../domain/money.ts';
import { Combobox, type ComboboxProps } from './combobox.tsx';
import {
  CheckboxField,
  type CheckboxFieldProps,
  passwordInput,
  TextField,
  type TextFieldProps,
} from './field.tsx';
import { CpfField, MaskedField, type MaskedFieldProps, PhoneField } from './masked-field.tsx';
import { Spinner } from './spinner.tsx';

const { fieldContext, formContext, useFieldContext, useFormContext } = createFormHookContexts();

// ───────────────────────────── errors ─────────────────────────────

/** The first message of a field's errors (schema issues, or a plain string set by the screen). */
export function messageOf(error: unknown): string | undefined {
  if (!error) return undefined;
  if (typeof error === 'string') return error;
  if (Array.isArray(error)) {
    for (const item of error) {
      const message = messageOf(item);
      if (message) return message;
    }
    return undefined;
  }
  if (typeof error === 'object' && 'message' in error && typeof error.message === 'string') {
    return error.message;
  }
  return undefined;
}

const ERROR_ORDER = ['onServer', 'onSubmit', 'onChange', 'onBlur', 'onMount', 'onDynamic'] as const;

/** When a field's error is shown: after a submit attempt, or once it was left after a change. */
export function visibleError(
  meta: { isBlurred: boolean; isDirty: boolean; errorMap: Partial<Record<string, unknown>> },
  submitted: boolean,
): string | undefined {
  if (!submitted && !(meta.isBlurred && meta.isDirty)) return undefined;
  for (const key of ERROR_ORDER) {
    const message = messageOf(meta.errorMap[key]);
    if (message) return message;
  }
  return undefined;
}

function useShownError(field: AnyFieldApi): string | undefined {
  const submitted = useSelector(
    field.form.store,
    (s: { submissionAttempts: number }) => s.submissionAttempts > 0,
  );
  return visibleError(field.state.meta, submitted);
}

/** Moves the focus to the first invalid control of a form (after React has rendered the errors). */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  requestAnimationFrame(() => {
    form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  });
}

// ───────────────────────────── bound fields ─────────────────────────────

type Bound<P> = Omit<P, 'value' | 'onValueChange' | 'onBlur' | 'error' | 'name'>;

function BoundTextField(props: Bound<TextFieldProps>) {
  const field = useFieldContext<string | null | undefined>();
  const error = useShownError(field);
  return (
    <TextField
      {...props}
      name={field.name}
      value={field.state.value ?? ''}
      onValueChange={field.handleChange}
      onBlur={field.handleBlur}
      error={error}
    />
  );
}

function BoundMaskedField(props: Bound<MaskedFieldProps>) {
  const field = useFieldContext<string>();
  const error = useShownError(field);
  return (
    <MaskedField
      {...props}
      name={field.name}
      value={field.state.value}
      onValueChange={field.handleChange}
      onBlur={field.handleBlur}
      error={error}
    />
  );
}

/** Money in reais: digits fill the centavos ('2500' → '25,00'); the value is the masked text. */
function BoundMoneyField(props: Omit<Bound<TextFieldProps>, 'inputMode'>) {
  const field = useFieldContext<string | null | undefined>();
  const error = useShownError(field);
  return (
    <TextField
      placeholder="0,00"
      {...props}
      inputMode="numeric"
      name={field.name}
      value={field.state.value ?? ''}
      onValueChange={(text) => field.handleChange(maskMoneyInput(text))}
      onBlur={field.handleBlur}
      error={error}
    />
  );
}

/** CPF with the mask ###.###.###-## (product-spec.md §5). */
function BoundCpfField({ label }: { label: string }) {
  const field = useFieldContext<string>();
  const error = useShownError(field);
  return (
    <CpfField
      label={label}
      value={field.state.value}
      onValueChange={field.handleChange}
      onBlur={field.handleBlur}
      error={error}
    />
  );
}

/** WhatsApp with the mask (##) #####-#### (product-spec.md §5). */
function BoundPhoneField({ label }: { label: string }) {
  const field = useFieldContext<string>();
  const error = useShownError(field);
  return (
    <PhoneField
      label={label}
      value={field.state.value}
      onValueChange={field.handleChange}
      onBlur={field.handleBlur}
      error={error}
    />
  );
}

function BoundPasswordField({ fresh, ...props }: Bound<TextFieldProps> & { fresh: boolean }) {
  return <BoundTextField {...props} {...passwordInput(fresh)} />;
}

function BoundCheckboxField(
  props: Omit<CheckboxFieldProps, 'checked' | 'onCheckedChange' | 'name' | 'error'>,
) {
  const field = useFieldContext<boolean | undefined>();
  const error = useShownError(field);
  return (
    <CheckboxField
      {...props}
      error={error}
      name={field.name}
      checked={field.state.value ?? false}
      onCheckedChange={field.handleChange}
      onBlur={field.handleBlur}
    />
  );
}

function BoundCombobox(props: Omit<ComboboxProps, 'value' | 'onChange' | 'onBlur' | 'error' | 'name'>) {
  const field = useFieldContext<string | null | undefined>();
  const error = useShownError(field);
  return (
    <Combobox
      {...props}
      name={field.name}
      value={field.state.value || null}
      onChange={field.handleChange}
      onBlur={field.handleBlur}
      error={error}
    />
  );
}

// ───────────────────────────── form pieces ─────────────────────────────

/** The submit button: busy (spinner, disabled) while the form validates and submits. */
function SubmitButton({
  children,
  disabled,
  className = 'button button-block',
}: {
  children: ReactNode;
  disabled?: boolean;
  className?: string;
}) {
  const form = useFormContext();
  const busy = useSelector(form.store, (s: { isSubmitting: boolean }) => s.isSubmitting);
  return (
    <button type="submit" className={className} disabled={busy || disabled} aria-busy={busy}>
      {busy && <Spinner size={18} label={formMessages.busy} />}
      {children}
    </button>
  );
}

const { useAppForm, withFieldGroup } = createFormHook({
  fieldContext,
  formContext,
  fieldComponents: {
    TextField: BoundTextField,
    MaskedField: BoundMaskedField,
    MoneyField: BoundMoneyField,
    CpfField: BoundCpfField,
    PhoneField: BoundPhoneField,
    PasswordField: BoundPasswordField,
    CheckboxField: BoundCheckboxField,
    Combobox: BoundCombobox,
  },
  formComponents: { SubmitButton },
});

/**
 * `withFieldGroup`: a group of fields shared by several forms (e.g. the congregation choice), bound
 * to a form by a field map. `useFormState`: subscribes a component to a slice of a form's state,
 * e.g. `useFormState(form.store, (s) => s.values.email)`.
 */
export { useSelector as useFormState, withFieldGroup };

/** Any valibot schema of an object: the form's values are its input. */
// biome-ignore lint/suspicious/noExplicitAny: any object input and output
type ObjectSchema = v.GenericSchema<any, any>;

export interface SchemaFormOptions<S extends ObjectSchema> {
  schema: S;
  defaultValues: v.InferInput<S>;
  /** Called with the schema's output once every rule passes; the form is busy until it settles. */
  onSubmit(value: v.InferOutput<S>, form: AnyFormApi): void | Promise<void>;
}

/** A form declared from its schema (see the top of this file). */
export function useSchemaForm<S extends ObjectSchema>({
  schema,
  defaultValues,
  onSubmit,
}: SchemaFormOptions<S>) {
  return useAppForm({
    defaultValues: defaultValues as v.InferInput<S>,
    validators: { onChange: schema as v.GenericSchema<v.InferInput<S>, v.InferOutput<S>> },
    onSubmit: async ({ value, formApi }) => {
      const result = v.safeParse(schema, value);
      // cannot fail: the same schema has just validated these values
      if (result.success) await onSubmit(result.output, formApi);
    },
  });
}

/** Shows a message under fields from outside the schema (e.g. the server's CPF_ALREADY_REGISTERED); cleared by the next change. */
export function setServerErrors(form: AnyFormApi, errors: Record<string, string>): void {
  form.setErrorMap({ onServer: { fields: errors } });
}

/** True when the schema raises nothing at these paths for the values (e.g. to enable a button). */
export function schemaPasses(schema: ObjectSchema, values: unknown, paths: readonly string[]): boolean {
  const result = v.safeParse(schema, values);
  if (result.success) return true;
  return !result.issues.some((issue) => {
    const path = v.getDotPath(issue);
    return path !== null && paths.includes(path);
  });
}

interface FormProps {
  form: Pick<AnyFormApi, 'handleSubmit' | 'state'> & { AppForm: ComponentType<PropsWithChildren> };
  className?: string;
  children: ReactNode;
}

/** The `<form>` of a schema form: no browser validation, submit through the schema, focus on the first error. */
export function Form({ form, className, children }: FormProps) {
  const ref = useRef<HTMLFormElement>(null);
  return (
    <form.AppForm>
      <form
        ref={ref}
        className={className}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          e.stopPropagation();
          if (form.state.isSubmitting) return;
          void form.handleSubmit().then(
            () => {
              if (!form.state.isValid) focusFirstInvalid(ref.current);
            },
            (error: unknown) => console.error('[congrega:form] submit failed', error),
          );
        }}
      >
        {children}
      </form>
    </form.AppForm>
  );
}
