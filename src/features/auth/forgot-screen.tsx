import { Link, useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import type * as v from 'valibot';
import { authMessages } from '../../domain/messages.ts';
import { forgotEmailSchema } from '../../domain/validation.ts';
import { supabaseAuth } from '../../lib/supabase.ts';
import { FormAlert, TextField } from '../../ui/field.tsx';
import { notify } from '../../ui/notices.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { checkField, focusFirstInvalid } from './form.ts';
import type { forgotSearchSchema } from './search.ts';
import './auth.css';

type Search = v.InferOutput<typeof forgotSearchSchema>;

/** /auth/forgot: asks for the recovery e-mail (spec §8 texts; 30 s notice on success). */
export function ForgotScreen({ search }: { search: Search }) {
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const [email, setEmail] = useState(search.email ?? '');
  const [error, setError] = useState<string | undefined>();
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const found = checkField(forgotEmailSchema, email);
    setError(found);
    if (found) {
      focusFirstInvalid(formRef.current);
      return;
    }
    setBusy(true);
    setFailed(false);
    const address = email.trim();
    const { error: apiError } = await (await supabaseAuth()).resetPasswordForEmail(address, {
      redirectTo: `${window.location.origin}/auth/reset-password`,
    });
    setBusy(false);
    if (apiError) {
      console.error('password recovery failed', apiError);
      setFailed(true);
      notify('negative', authMessages.forgotFailed, 5);
      return;
    }
    notify('positive', authMessages.forgotSent, 30);
    await navigate({ to: '/auth/login', search: { method: 'email', email: address } });
  }

  return (
    <section className="auth-screen" aria-labelledby="forgot-title">
      <h1 id="forgot-title" className="auth-title">
        {authMessages.forgotTitle}
      </h1>
      <p className="auth-lead">{authMessages.forgotLead}</p>
      <form ref={formRef} onSubmit={(e) => void onSubmit(e)} noValidate>
        {failed && <FormAlert>{authMessages.forgotFailed}</FormAlert>}
        <TextField
          label={authMessages.emailLabel}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          required
          value={email}
          onValueChange={(value) => {
            setEmail(value);
            if (error) setError(checkField(forgotEmailSchema, value));
          }}
          error={error}
        />
        <button type="submit" className="button button-block" disabled={busy} aria-busy={busy}>
          {busy && <Spinner size={18} label={authMessages.loading} />}
          {authMessages.forgotButton}
        </button>
      </form>
      <p className="auth-links">
        <Link to="/auth/login" search={{ method: 'email', email: email.trim() || undefined }}>
          {authMessages.backToLogin}
        </Link>
      </p>
    </section>
  );
}
