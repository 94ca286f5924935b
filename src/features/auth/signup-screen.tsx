import { Link, useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import * as v from 'valibot';
import { authMessages, validationMessages } from '../../domain/messages.ts';
import {
  cpfSchema,
  emailSchema,
  fullNameSchema,
  passwordSchema,
  phoneSchema,
  signupSchema,
} from '../../domain/validation.ts';
import { ApiFailure, api } from '../../lib/api.ts';
import { safeRedirect } from '../../lib/auth-user.ts';
import { CpfField, FormAlert, PhoneField, TextField } from '../../ui/field.tsx';
import { notify } from '../../ui/notices.tsx';
import { useRevealSteps } from '../../ui/reveal.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { CongregationFields, type CongregationValue } from './congregation-fields.tsx';
import { checkField, type FieldErrors, fieldErrors, focusFirstInvalid } from './form.ts';
import type { signupSearchSchema } from './search.ts';
import { authCallbackUrl } from './search.ts';
import './auth.css';

type Search = v.InferOutput<typeof signupSearchSchema>;
type Field = 'name' | 'email' | 'cpf' | 'phone' | 'templeId' | 'otherChurch' | 'password' | 'confirmation';

/** Spec §9: signup intro text reveal steps. */
export const SIGNUP_REVEAL_MS = [1, 1000, 2000] as const;

const PATHS: Record<string, Field> = {
  email: 'email',
  password: 'password',
  congregacao: 'templeId',
  otherChurch: 'otherChurch',
  phone: 'phone',
  cpf: 'cpf',
  options: 'name',
  'options.data': 'name',
  'options.data.display_name': 'name',
};

export function SignupScreen({ search }: { search: Search }) {
  const [stage, setStage] = useState<'intro' | 'form'>('intro');
  return stage === 'intro' ? (
    <SignupIntro onStart={() => setStage('form')} />
  ) : (
    <SignupForm search={search} />
  );
}

function SignupIntro({ onStart }: { onStart(): void }) {
  const shown = useRevealSteps(SIGNUP_REVEAL_MS);
  const lines = authMessages.signupIntro;
  return (
    <section className="auth-screen auth-intro" aria-live="polite">
      {lines.map((line, i) =>
        i < shown ? (
          <p key={line} className={`reveal ${i === 0 ? 'auth-intro-big' : 'auth-intro-line'}`}>
            {line}
          </p>
        ) : null,
      )}
      {shown >= lines.length && (
        <button type="button" className="button button-block reveal" onClick={onStart}>
          {authMessages.startButton}
        </button>
      )}
    </section>
  );
}

function SignupForm({ search }: { search: Search }) {
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const [name, setName] = useState('');
  const [email, setEmail] = useState(search.email ?? '');
  const [cpf, setCpf] = useState('');
  const [phone, setPhone] = useState('');
  const [congregation, setCongregation] = useState<CongregationValue>({
    templeId: null,
    fromOtherChurch: false,
    otherChurch: '',
  });
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const redirectTo = safeRedirect(search.redirectTo, '') || undefined;

  // the heading takes the focus when the form replaces the intro
  const focusTitle = (el: HTMLHeadingElement | null) => {
    if (el && titleRef.current !== el) {
      titleRef.current = el;
      el.focus();
    }
  };

  function body() {
    return {
      email,
      password,
      congregacao: congregation.fromOtherChurch ? null : congregation.templeId,
      otherChurch: congregation.fromOtherChurch ? congregation.otherChurch : null,
      phone,
      cpf,
      options: { emailRedirectTo: authCallbackUrl(redirectTo), data: { display_name: name } },
    };
  }

  function validate() {
    const result = v.safeParse(signupSchema, body());
    const found: FieldErrors<Field> = result.success ? {} : fieldErrors(result.issues, PATHS);
    if (congregation.fromOtherChurch) {
      found.templeId = undefined;
      if (!congregation.otherChurch.trim()) found.otherChurch = validationMessages.otherChurch;
    }
    if (!confirmation) found.confirmation = validationMessages.required;
    else if (confirmation !== password) found.confirmation = validationMessages.passwordsDiffer;
    return { found, output: result.success ? result.output : null };
  }

  /** Re-checks one field on blur (only once something was typed) or while it shows an error. */
  function recheck(field: Field, schema: v.GenericSchema, value: string, always = false) {
    if (!always && !value && !errors[field]) return;
    setErrors((x) => ({ ...x, [field]: checkField(schema, value) }));
  }

  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (submitting) return;
    const { found, output } = validate();
    setErrors(found);
    setFormError(null);
    if (Object.values(found).some(Boolean) || !output) {
      focusFirstInvalid(formRef.current);
      return;
    }
    setSubmitting(true);
    try {
      await api('/signup', { method: 'POST', body: output });
      notify('positive', authMessages.signupSuccess, 3);
      await navigate({ to: '/auth/confirmation' });
    } catch (error) {
      const failure = error instanceof ApiFailure ? error : null;
      const loginSearch = { method: 'email' as const, email: output.email, redirectTo };
      if (failure?.code === 'EMAIL_ALREADY_REGISTERED') {
        notify(
          'negative',
          <>
            {authMessages.emailAlreadyRegistered}{' '}
            <Link to="/auth/forgot" search={{ email: output.email }}>
              {authMessages.forgotPasswordLink}
            </Link>
          </>,
          10,
        );
        await navigate({ to: '/auth/login', search: loginSearch });
      } else if (failure && ['INVALID_DATA', 'CPF_ALREADY_REGISTERED', 'NETWORK'].includes(failure.code)) {
        // Keep the person on the form with everything they typed, and say what to fix.
        if (failure.code === 'CPF_ALREADY_REGISTERED') setErrors((x) => ({ ...x, cpf: failure.message }));
        setFormError(failure.message);
        requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('.form-alert-wrap')?.focus());
      } else {
        console.error('signup failed', error);
        notify('negative', authMessages.signupFailed, 5);
        await navigate({ to: '/auth/login', search: loginSearch });
      }
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <section className="auth-screen" aria-labelledby="signup-title">
      <h1 id="signup-title" className="auth-title" tabIndex={-1} ref={focusTitle}>
        {authMessages.signupTitle}
      </h1>
      <form ref={formRef} onSubmit={(e) => void onSubmit(e)} noValidate>
        {formError && (
          <div tabIndex={-1} className="form-alert-wrap">
            <FormAlert>{formError}</FormAlert>
          </div>
        )}
        <TextField
          label={authMessages.nameLabel}
          name="name"
          autoComplete="name"
          autoCapitalize="words"
          maxLength={120}
          value={name}
          onValueChange={(value) => {
            setName(value);
            if (errors.name) recheck('name', fullNameSchema, value, true);
          }}
          onBlur={() => recheck('name', fullNameSchema, name)}
          error={errors.name}
        />
        <TextField
          label={authMessages.emailLabel}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onValueChange={(value) => {
            setEmail(value);
            if (errors.email) recheck('email', emailSchema, value, true);
          }}
          onBlur={() => recheck('email', emailSchema, email)}
          error={errors.email}
        />
        <CpfField
          label={authMessages.cpfLabel}
          value={cpf}
          onValueChange={(value) => {
            setCpf(value);
            if (errors.cpf) recheck('cpf', cpfSchema, value, true);
          }}
          onBlur={() => recheck('cpf', cpfSchema, cpf)}
          error={errors.cpf}
        />
        <PhoneField
          label={authMessages.phoneLabel}
          value={phone}
          onValueChange={(value) => {
            setPhone(value);
            if (errors.phone) recheck('phone', phoneSchema, value, true);
          }}
          onBlur={() => recheck('phone', phoneSchema, phone)}
          error={errors.phone}
        />
        <CongregationFields
          value={congregation}
          onChange={(value) => {
            setCongregation(value);
            setErrors((x) => ({ ...x, templeId: undefined, otherChurch: undefined }));
          }}
          templeError={errors.templeId}
          otherChurchError={errors.otherChurch}
        />
        <TextField
          label={authMessages.passwordLabel}
          type="password"
          name="password"
          autoComplete="new-password"
          value={password}
          onValueChange={(value) => {
            setPassword(value);
            if (errors.password) recheck('password', passwordSchema, value, true);
          }}
          onBlur={() => recheck('password', passwordSchema, password)}
          error={errors.password}
        />
        <TextField
          label={authMessages.confirmPasswordLabel}
          type="password"
          name="confirmation"
          autoComplete="new-password"
          value={confirmation}
          onValueChange={(value) => {
            setConfirmation(value);
            if (errors.confirmation && value === password)
              setErrors((x) => ({ ...x, confirmation: undefined }));
          }}
          onBlur={() =>
            confirmation &&
            setErrors((x) => ({
              ...x,
              confirmation: confirmation === password ? undefined : validationMessages.passwordsDiffer,
            }))
          }
          error={errors.confirmation}
        />
        <button type="submit" className="button button-block" disabled={submitting} aria-busy={submitting}>
          {submitting && <Spinner size={18} label={authMessages.loading} />}
          {authMessages.signupButton}
        </button>
      </form>
      <p className="auth-links">
        {authMessages.haveAccount}{' '}
        <Link to="/auth/login" search={{ method: 'email', email: email.trim() || undefined, redirectTo }}>
          {authMessages.loginButton}
        </Link>
      </p>
    </section>
  );
}
