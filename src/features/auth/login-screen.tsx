import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { authMessages } from '../../domain/messages/auth.ts';
import { loginSchema } from '../../domain/validation.ts';
import { NETWORK_ERROR_MESSAGE } from '../../lib/api.ts';
import { displayNameOf, firstName, hasWelcome, safeRedirect } from '../../lib/auth-user.ts';
import { useSessionStore } from '../../lib/session.ts';
import { SESSION_ENDED_REASON } from '../../lib/session-end.ts';
import { supabaseAuth } from '../../lib/supabase.ts';
import { FormAlert } from '../../ui/field.tsx';
import { Form, useFormState, useSchemaForm } from '../../ui/form.tsx';
import { detectInAppBrowser } from './in-app-browser.ts';
import { ResendConfirmation } from './resend-confirmation.tsx';
import type { loginSearch } from './search.ts';
import { authCallbackUrl } from './search.ts';
import { useGoogleEnabled } from './use-auth-settings.ts';
import './auth.css';

type Search = ReturnType<typeof loginSearch>;
type Failure = 'invalid' | 'notConfirmed' | 'tooMany' | 'network';

/** Spec §8 login errors, from a supabase-js auth error. */
export function classifyLoginError(error: {
  code?: string | undefined;
  status?: number;
  message: string;
  name?: string;
}): Failure {
  if (error.code === 'email_not_confirmed' || error.message === 'Email not confirmed') return 'notConfirmed';
  if (error.status === 429 || error.code === 'over_request_rate_limit') return 'tooMany';
  if (error.name === 'AuthRetryableFetchError' || error.status === 0) return 'network';
  return 'invalid';
}

/** What a failure adds under 'Email ou senha inválidos.' (product-spec.md §8 shows that text for any failure but an unconfirmed e-mail). */
const FAILURE_DETAIL: Partial<Record<Failure, string>> = {
  tooMany: authMessages.tooManyAttempts,
  network: NETWORK_ERROR_MESSAGE,
};

export function LoginScreen({ search }: { search: Search }) {
  const navigate = useNavigate();
  const [failure, setFailure] = useState<Failure | null>(null);
  const [failedOnce, setFailedOnce] = useState(false);
  const [googleFailed, setGoogleFailed] = useState(false);
  const [googleBusy, setGoogleBusy] = useState(false);
  const inApp = typeof navigator === 'undefined' ? null : detectInAppBrowser(navigator.userAgent);
  const googleEnabled = useGoogleEnabled();
  const showGoogle = search.method !== 'email' && googleEnabled;

  const form = useSchemaForm({
    schema: loginSchema,
    defaultValues: { email: search.email ?? '', password: '' },
    onSubmit: async ({ email, password }) => {
      setFailure(null);
      setGoogleFailed(false);
      const { data, error } = await (await supabaseAuth()).signInWithPassword({ email, password });
      if (error || !data.session) {
        const kind = error ? classifyLoginError(error) : 'invalid';
        setFailure(kind);
        if (kind !== 'notConfirmed') setFailedOnce(true);
        return;
      }
      useSessionStore.getState().setSession(data.session);
      const target = safeRedirect(search.redirectTo);
      if (!hasWelcome(data.session)) {
        const name = firstName(displayNameOf(data.session));
        await navigate({ to: '/auth/welcome', search: { redirectTo: target, ...(name ? { name } : {}) } });
      } else {
        await navigate({ href: target });
      }
    },
  });
  const email = useFormState(form.store, (s) => s.values.email.trim());

  async function signInWithGoogle() {
    setGoogleBusy(true);
    setGoogleFailed(false);
    const { error } = await (await supabaseAuth()).signInWithOAuth({
      provider: 'google',
      options: { redirectTo: authCallbackUrl(safeRedirect(search.redirectTo, '') || undefined) },
    });
    if (error) {
      setGoogleBusy(false);
      setGoogleFailed(true);
    }
  }

  const forgotSearch = { email: email || undefined };
  const detail = failure ? FAILURE_DETAIL[failure] : undefined;

  return (
    <section className="auth-screen" aria-labelledby="login-title">
      <h1 id="login-title" className="auth-title">
        {authMessages.loginTitle}
      </h1>
      {search.reason && (
        <FormAlert type="info">
          {search.reason === 'checkout'
            ? authMessages.loginReasonCheckout
            : search.reason === SESSION_ENDED_REASON
              ? authMessages.loginReasonSessionEnded
              : authMessages.loginReasonOther}
        </FormAlert>
      )}

      {showGoogle && (
        <div className="auth-social">
          <button
            type="button"
            className="button button-block button-google"
            onClick={() => void signInWithGoogle()}
            disabled={Boolean(inApp) || googleBusy}
            aria-describedby={inApp ? 'in-app-browser-note' : undefined}
          >
            <GoogleIcon />
            {authMessages.googleButton}
          </button>
          {inApp && (
            <p id="in-app-browser-note" className="auth-note">
              {inApp === 'iphone' ? authMessages.inAppBrowserIphone : authMessages.inAppBrowserOther}
            </p>
          )}
          <p className="auth-separator">
            <span>{authMessages.or}</span>
          </p>
        </div>
      )}

      <Form form={form}>
        {failure && failure !== 'notConfirmed' && (
          <FormAlert>
            {authMessages.invalidLogin}{' '}
            <Link to="/auth/forgot" search={forgotSearch}>
              {authMessages.invalidLoginForgot}
            </Link>
            {detail && <span className="form-alert-detail">{detail}</span>}
          </FormAlert>
        )}
        {failure === 'notConfirmed' && (
          <>
            <FormAlert>{authMessages.emailNotConfirmed}</FormAlert>
            <ResendConfirmation email={email} redirectTo={safeRedirect(search.redirectTo, '') || undefined} />
          </>
        )}
        {googleFailed && <FormAlert>{NETWORK_ERROR_MESSAGE}</FormAlert>}

        <form.AppField name="email">
          {(f) => (
            <f.TextField
              label={authMessages.emailLabel}
              type="email"
              autoComplete="username"
              inputMode="email"
              required
            />
          )}
        </form.AppField>
        <form.AppField name="password">
          {(f) => <f.PasswordField label={authMessages.passwordLabel} fresh={false} required />}
        </form.AppField>
        <form.SubmitButton>{authMessages.loginButton}</form.SubmitButton>
      </Form>

      <div className="auth-links">
        <Link
          to="/auth/forgot"
          search={forgotSearch}
          className={failedOnce ? 'auth-forgot is-highlighted' : 'auth-forgot'}
        >
          {authMessages.forgotPasswordLink}
        </Link>
        <p>
          {authMessages.noAccount}{' '}
          <Link
            to="/auth/signup"
            search={{ email: email || undefined, redirectTo: search.redirectTo }}
            className="auth-strong-link"
          >
            {authMessages.createAccountLink}
          </Link>
        </p>
      </div>
    </section>
  );
}

function GoogleIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden="true">
      <path
        fill="#FFC107"
        d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3 0 5.8 1.1 7.9 3l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
      />
      <path
        fill="#FF3D00"
        d="M6.3 14.7l6.6 4.8C14.7 15.1 19 12 24 12c3 0 5.8 1.1 7.9 3l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z"
      />
      <path
        fill="#1976D2"
        d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z"
      />
    </svg>
  );
}
