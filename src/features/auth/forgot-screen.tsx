import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { authMessages } from '../../domain/messages/auth.ts';
import { forgotSchema } from '../../domain/validation.ts';
import { reportError } from '../../lib/report-error.ts';
import { supabaseAuth } from '../../lib/supabase.ts';
import { FormAlert } from '../../ui/field.tsx';
import { Form, useFormState, useSchemaForm } from '../../ui/form.tsx';
import { notify } from '../../ui/notices.tsx';
import { forgotErrorMessage } from './forgot-error.ts';
import type { forgotSearch } from './search.ts';
import './auth.css';

type Search = ReturnType<typeof forgotSearch>;

/** /auth/forgot: asks for the recovery e-mail (product-spec.md §8 texts; 30 s notice on success). */
export function ForgotScreen({ search }: { search: Search }) {
  const navigate = useNavigate();
  const [failed, setFailed] = useState<string | null>(null);
  const form = useSchemaForm({
    schema: forgotSchema,
    defaultValues: { email: search.email ?? '' },
    onSubmit: async ({ email }) => {
      setFailed(null);
      const { error } = await (await supabaseAuth()).resetPasswordForEmail(email, {
        redirectTo: `${window.location.origin}/auth/reset-password`,
      });
      if (error) {
        const message = forgotErrorMessage(error);
        // A throttle answer is expected, not a bug to report.
        if (message === authMessages.forgotFailed) reportError(error, { where: 'forgot-password' });
        setFailed(message);
        notify('negative', message, 5);
        return;
      }
      notify('positive', authMessages.forgotSent, 30);
      await navigate({ to: '/auth/login', search: { method: 'email', email } });
    },
  });
  const email = useFormState(form.store, (s) => s.values.email.trim());

  return (
    <section className="auth-screen" aria-labelledby="forgot-title">
      <h1 id="forgot-title" className="auth-title">
        {authMessages.forgotTitle}
      </h1>
      <p className="auth-lead">{authMessages.forgotLead}</p>
      <Form form={form}>
        {failed && <FormAlert>{failed}</FormAlert>}
        <form.AppField name="email">
          {(f) => (
            <f.TextField
              label={authMessages.emailLabel}
              type="email"
              autoComplete="email"
              inputMode="email"
              required
            />
          )}
        </form.AppField>
        <form.SubmitButton>{authMessages.forgotButton}</form.SubmitButton>
      </Form>
      <p className="auth-links">
        <Link to="/auth/login" search={{ method: 'email', email: email || undefined }}>
          {authMessages.backToLogin}
        </Link>
      </p>
    </section>
  );
}
