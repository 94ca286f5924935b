import { Link, useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import * as v from 'valibot';
import { authMessages } from '../../domain/messages.ts';
import { passwordSchema, resetPasswordSchema } from '../../domain/validation.ts';
import { NETWORK_ERROR_MESSAGE } from '../../lib/api.ts';
import { useSessionStore } from '../../lib/session.ts';
import { initialAuthParams, initialAuthPath, supabaseAuth } from '../../lib/supabase.ts';
import { FormAlert, TextField } from '../../ui/field.tsx';
import { notify } from '../../ui/notices.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { checkField, type FieldErrors, fieldErrors, focusFirstInvalid } from './form.ts';
import { callbackError } from './search.ts';
import './auth.css';

type Field = 'password' | 'confirmation';

/** updateUser error → the pt-BR text to show. */
export function resetErrorMessage(error: {
  code?: string | undefined;
  status?: number;
  name?: string;
}): string {
  if (error.code === 'same_password') return authMessages.samePassword;
  if (error.code === 'weak_password') return authMessages.resetFailed;
  if (error.name === 'AuthRetryableFetchError' || error.status === 0) return NETWORK_ERROR_MESSAGE;
  return authMessages.resetFailed;
}

/**
 * /auth/reset-password: from the recovery link (PASSWORD_RECOVERY signs the user in) or from the
 * profile's 'Mudar senha'. Without a session: explain and link to /auth/forgot.
 */
export function ResetPasswordScreen() {
  const session = useSessionStore((s) => s.session);
  const linkProblem = initialAuthPath === '/auth/reset-password' ? callbackError(initialAuthParams) : null;

  if (session === undefined) {
    return (
      <section className="auth-screen auth-center">
        <Spinner label={authMessages.loading} />
      </section>
    );
  }
  if (session === null) {
    return (
      <section className="auth-screen" aria-labelledby="reset-title">
        <h1 id="reset-title" className="auth-title">
          {authMessages.resetTitle}
        </h1>
        <FormAlert>
          {linkProblem === 'expired' ? authMessages.oauthExpired : authMessages.resetNoSession}
        </FormAlert>
        <Link to="/auth/forgot" search={{}} className="button button-block">
          {authMessages.resetRequestLink}
        </Link>
      </section>
    );
  }
  return <ResetPasswordForm />;
}

function ResetPasswordForm() {
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const result = v.safeParse(resetPasswordSchema, { password, confirmation });
    if (!result.success) {
      // spec §8 only logs this; we also show what to fix under the fields
      console.warn('reset-password validation failed', result.issues);
      setErrors(fieldErrors(result.issues, { password: 'password', confirmation: 'confirmation' }));
      focusFirstInvalid(formRef.current);
      return;
    }
    setErrors({});
    setFailure(null);
    setBusy(true);
    const { error } = await (await supabaseAuth()).updateUser({ password: result.output.password });
    setBusy(false);
    if (error) {
      setFailure(resetErrorMessage(error));
      return;
    }
    notify('positive', authMessages.passwordChanged, 3);
    await navigate({ to: '/', replace: true });
  }

  return (
    <section className="auth-screen" aria-labelledby="reset-title">
      <h1 id="reset-title" className="auth-title">
        {authMessages.resetTitle}
      </h1>
      <form ref={formRef} onSubmit={(e) => void onSubmit(e)} noValidate>
        {failure && <FormAlert>{failure}</FormAlert>}
        <TextField
          label={authMessages.newPasswordLabel}
          type="password"
          name="password"
          autoComplete="new-password"
          required
          value={password}
          onValueChange={(value) => {
            setPassword(value);
            if (errors.password) setErrors((x) => ({ ...x, password: checkField(passwordSchema, value) }));
          }}
          onBlur={() =>
            password && setErrors((x) => ({ ...x, password: checkField(passwordSchema, password) }))
          }
          error={errors.password}
        />
        <TextField
          label={authMessages.confirmPasswordLabel}
          type="password"
          name="confirmation"
          autoComplete="new-password"
          required
          value={confirmation}
          onValueChange={(value) => {
            setConfirmation(value);
            if (errors.confirmation && value === password)
              setErrors((x) => ({ ...x, confirmation: undefined }));
          }}
          error={errors.confirmation}
        />
        <button type="submit" className="button button-block" disabled={busy} aria-busy={busy}>
          {busy && <Spinner size={18} label={authMessages.loading} />}
          {authMessages.resetPasswordButton}
        </button>
      </form>
    </section>
  );
}
