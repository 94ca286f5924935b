/**
 * `/admin/pwd-reset` 'Reset de Senha' (write_confirmations): staff set a new password (6 characters
 * at least) for the person with this e-mail; the person's sessions end and the change is audited.
 * Only an admin may reset an admin's password (the server decides).
 */
import { type FormEvent, useState } from 'react';
import * as v from 'valibot';
import { staffMessages as m } from '../../domain/messages/staff.ts';
import { pwdResetSchema } from '../../domain/staff.ts';
import { PasswordField, TextField } from '../../ui/field.tsx';
import { notify } from '../../ui/notices.tsx';
import { useResetPassword } from './api/reset-password.ts';
import './admin-pwd-reset.css';

export function PwdResetScreen() {
  const reset = useResetPassword();
  const [email, setEmail] = useState('');
  const [pwd, setPwd] = useState('');
  const [errors, setErrors] = useState<{ email?: string; pwd?: string }>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = v.safeParse(pwdResetSchema, { email, pwd });
    if (!parsed.success) {
      const flat = v.flatten<typeof pwdResetSchema>(parsed.issues).nested ?? {};
      setErrors({ email: flat.email?.[0], pwd: flat.pwd?.[0] });
      return;
    }
    setErrors({});
    reset.mutate(parsed.output, {
      onSuccess: () => {
        notify('positive', m.resetDone, 3);
        setEmail('');
        setPwd('');
      },
      onError: (failure) => {
        console.error('[pwd-reset]', failure);
        notify('negative', failure.message, 5);
      },
    });
  };

  return (
    <div className="admin-pwd-reset">
      <h1>{m.resetTitle}</h1>
      <form className="pwd-reset-form" onSubmit={submit} noValidate>
        <TextField
          id="reset-email"
          label={m.resetEmail}
          type="email"
          autoComplete="off"
          required
          value={email}
          onValueChange={setEmail}
          error={errors.email}
        />
        <PasswordField
          id="reset-pwd"
          label={m.resetPassword}
          fresh
          required
          minLength={6}
          value={pwd}
          onValueChange={setPwd}
          error={errors.pwd}
        />
        <button type="submit" className="button button-block" disabled={reset.isPending}>
          {m.resetSubmit}
        </button>
      </form>
    </div>
  );
}
