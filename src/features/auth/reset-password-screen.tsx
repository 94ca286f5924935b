import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { authMessages } from '../../domain/messages/auth.ts';
import { resetPasswordSchema } from '../../domain/validation.ts';
import { NETWORK_ERROR_MESSAGE } from '../../lib/api.ts';
import { useSessionStore } from '../../lib/session.ts';
import { initialAuthParams, initialAuthPath, supabaseAuth } from '../../lib/supabase.ts';
import { FormAlert } from '../../ui/field.tsx';
import { Form, useSchemaForm } from '../../ui/form.tsx';
import { notify } from '../../ui/notices.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { callbackError } from './search.ts';
import './auth.css';

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
  const [failure, setFailure] = useState<string | null>(null);
  const form = useSchemaForm({
    schema: resetPasswordSchema,
    defaultValues: { password: '', confirmation: '' },
    onSubmit: async ({ password }) => {
      setFailure(null);
      const { error } = await (await supabaseAuth()).updateUser({ password });
      if (error) {
        setFailure(resetErrorMessage(error));
        return;
      }
      notify('positive', authMessages.passwordChanged, 3);
      await navigate({ to: '/', replace: true });
    },
  });

  return (
    <section className="auth-screen" aria-labelledby="reset-title">
      <h1 id="reset-title" className="auth-title">
        {authMessages.resetTitle}
      </h1>
      <Form form={form}>
        {failure && <FormAlert>{failure}</FormAlert>}
        <form.AppField name="password">
          {(f) => <f.PasswordField label={authMessages.newPasswordLabel} fresh required />}
        </form.AppField>
        <form.AppField name="confirmation">
          {(f) => <f.PasswordField label={authMessages.confirmPasswordLabel} fresh required />}
        </form.AppField>
        <form.SubmitButton>{authMessages.resetPasswordButton}</form.SubmitButton>
      </Form>
    </section>
  );
}
