import { Link } from '@tanstack/react-router';
import { authMessages } from '../../domain/messages/auth.ts';
import { useRevealSteps } from '../../ui/reveal.ts';
import { ResendConfirmation } from './resend-confirmation.tsx';
import { RevealIntro } from './reveal-intro.tsx';
import type { confirmationSearch } from './search.ts';
import './auth.css';

/** Spec §9: confirm-e-mail page reveal steps. */
export const CONFIRMATION_REVEAL_MS = [1, 750, 2000, 3000] as const;

/**
 * After signup: tells the person to confirm their e-mail, names the address the link went to, lets
 * them ask for it again (throttled) and sign in once confirmed (the e-mail filled in).
 */
export function ConfirmationScreen({ search }: { search: ReturnType<typeof confirmationSearch> }) {
  const shown = useRevealSteps(CONFIRMATION_REVEAL_MS);
  const email = search.email;
  const [title, ...lines] = email ? authMessages.confirmationStepsTo(email) : authMessages.confirmationSteps;
  return (
    <section className="auth-screen auth-intro" aria-labelledby="confirmation-title">
      <MailIcon />
      <RevealIntro id="confirmation-title" title={title ?? ''} lines={lines} shown={shown} />
      {shown >= 4 && (
        <div className="auth-confirmation-actions reveal">
          <Link
            to="/auth/login"
            search={{ method: 'email', email, redirectTo: search.redirectTo }}
            className="button button-block"
          >
            {authMessages.confirmationLogin}
          </Link>
          {email && <ResendConfirmation email={email} redirectTo={search.redirectTo} />}
          <Link to="/auth/signup" search={{ redirectTo: search.redirectTo }} className="auth-link">
            {authMessages.confirmationWrongEmail}
          </Link>
        </div>
      )}
    </section>
  );
}

function MailIcon() {
  return (
    <svg
      className="auth-hero-icon"
      width="64"
      height="64"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
    >
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="M3 7l9 6 9-6" strokeLinejoin="round" />
    </svg>
  );
}
