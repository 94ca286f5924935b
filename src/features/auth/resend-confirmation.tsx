/**
 * 'Reenviar email de confirmação': asks auth to send the signup confirmation link again to `email`.
 * One request per minute from this screen (the button counts down); auth also throttles per address
 * and per client, and answers the same whether or not the address has an unconfirmed account.
 */
import { useEffect, useState } from 'react';
import { authMessages as m } from '../../domain/messages/auth.ts';
import { supabaseAuth } from '../../lib/supabase.ts';
import { authCallbackUrl } from './search.ts';

/** Seconds before the member may ask again. */
export const RESEND_COOLDOWN_S = 60;

export function ResendConfirmation({
  email,
  redirectTo,
}: {
  email: string;
  redirectTo?: string | undefined;
}) {
  const [busy, setBusy] = useState(false);
  const [wait, setWait] = useState(0);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  async function resend() {
    if (busy || wait > 0 || !email) return;
    setBusy(true);
    setResult(null);
    try {
      const { error } = await (await supabaseAuth()).resend({
        type: 'signup',
        email,
        options: { emailRedirectTo: authCallbackUrl(redirectTo) },
      });
      if (error) {
        const tooMany = error.status === 429;
        setResult({ ok: false, text: tooMany ? m.resendTooMany : m.resendFailed });
        if (tooMany) setWait(RESEND_COOLDOWN_S);
      } else {
        setResult({ ok: true, text: m.resendSent(email) });
        setWait(RESEND_COOLDOWN_S);
      }
    } catch {
      setResult({ ok: false, text: m.resendFailed });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="auth-resend">
      <button
        type="button"
        className="button button-secondary button-block"
        onClick={() => void resend()}
        disabled={busy || wait > 0 || !email}
        aria-busy={busy}
      >
        {wait > 0 ? m.resendWait(wait) : m.resendButton}
      </button>
      <p className="auth-note auth-resend-status" role="status" data-testid="resend-status">
        {result?.text ?? ''}
      </p>
    </div>
  );
}
