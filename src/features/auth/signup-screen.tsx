import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { useTemples } from '../../data/use-temples.ts';
import { authMessages } from '../../domain/messages/auth.ts';
import { signupBody, signupFormSchema } from '../../domain/validation.ts';
import { ApiFailure } from '../../lib/api.ts';
import { safeRedirect } from '../../lib/auth-user.ts';
import { reportError } from '../../lib/report-error.ts';
import { Form, useFormState, useSchemaForm } from '../../ui/form.tsx';
import { notify } from '../../ui/notices.tsx';
import { useRevealSteps } from '../../ui/reveal.ts';
import { TEMPLE_DEFAULTS, TEMPLE_FIELDS, TempleFields } from '../../ui/temple-fields.tsx';
import { signupMutation } from './api/auth-writes.ts';
import type { signupSearch } from './search.ts';
import { authCallbackUrl } from './search.ts';
import './auth.css';

type Search = ReturnType<typeof signupSearch>;

/** Spec §9: signup intro text reveal steps. */
export const SIGNUP_REVEAL_MS = [1, 1000, 2000] as const;

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
  const titleRef = useRef<HTMLHeadingElement>(null);
  const redirectTo = safeRedirect(search.redirectTo, '') || undefined;

  const signup = useMutation(signupMutation);
  const temples = useTemples();
  const form = useSchemaForm({
    schema: signupFormSchema,
    defaultValues: {
      name: '',
      email: search.email ?? '',
      cpf: '',
      phone: '',
      ...TEMPLE_DEFAULTS,
      password: '',
      confirmation: '',
    },
    onSubmit: async (value) => {
      try {
        await signup.mutateAsync(signupBody(value, authCallbackUrl(redirectTo)));
      } catch (error) {
        // product-spec.md §8: a known e-mail gets the forgot-password link (10 s); anything else is reported (5 s)
        if (error instanceof ApiFailure && error.code === 'EMAIL_ALREADY_REGISTERED') {
          notify(
            'negative',
            <>
              {authMessages.emailAlreadyRegistered}{' '}
              <Link to="/auth/forgot" search={{ email: value.email }}>
                {authMessages.forgotPasswordLink}
              </Link>
            </>,
            10,
          );
        } else {
          reportError(error, { where: 'signup', code: error instanceof ApiFailure ? error.code : undefined });
          notify('negative', authMessages.signupFailed, 5);
        }
        await navigate({ to: '/auth/login', search: { method: 'email', email: value.email, redirectTo } });
        return;
      }
      notify('positive', authMessages.signupSuccess, 3);
      await navigate({ to: '/auth/confirmation', search: { email: value.email, redirectTo } });
    },
  });
  const email = useFormState(form.store, (s) => s.values.email);

  // the heading takes the focus when the form replaces the intro
  const focusTitle = (el: HTMLHeadingElement | null) => {
    if (el && titleRef.current !== el) {
      titleRef.current = el;
      el.focus();
    }
  };

  return (
    <section className="auth-screen" aria-labelledby="signup-title">
      <h1 id="signup-title" className="auth-title" tabIndex={-1} ref={focusTitle}>
        {authMessages.signupTitle}
      </h1>
      <Form form={form}>
        <form.AppField name="name">
          {(f) => (
            <f.TextField
              label={authMessages.nameLabel}
              autoComplete="name"
              autoCapitalize="words"
              maxLength={120}
            />
          )}
        </form.AppField>
        <form.AppField name="email">
          {(f) => (
            <f.TextField
              label={authMessages.emailLabel}
              type="email"
              autoComplete="email"
              inputMode="email"
            />
          )}
        </form.AppField>
        <form.AppField name="cpf">{(f) => <f.CpfField label={authMessages.cpfLabel} />}</form.AppField>
        <form.AppField name="phone">{(f) => <f.PhoneField label={authMessages.phoneLabel} />}</form.AppField>
        <TempleFields form={form} fields={TEMPLE_FIELDS} list={temples} />
        <form.AppField name="password">
          {(f) => <f.PasswordField label={authMessages.passwordLabel} fresh />}
        </form.AppField>
        <form.AppField name="confirmation">
          {(f) => <f.PasswordField label={authMessages.confirmPasswordLabel} fresh />}
        </form.AppField>
        <form.SubmitButton>{authMessages.signupButton}</form.SubmitButton>
      </Form>
      <p className="auth-links">
        {authMessages.haveAccount}{' '}
        <Link to="/auth/login" search={{ method: 'email', email: email.trim() || undefined, redirectTo }}>
          {authMessages.loginButton}
        </Link>
      </p>
    </section>
  );
}
