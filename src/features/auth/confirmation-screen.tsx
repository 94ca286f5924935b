import { Link } from '@tanstack/react-router';
import { authMessages } from '../../domain/messages/auth.ts';
import { useRevealSteps } from '../../ui/reveal.ts';
import { RevealIntro } from './reveal-intro.tsx';
import './auth.css';

/** Spec §9: confirm-e-mail page reveal steps. */
export const CONFIRMATION_REVEAL_MS = [1, 750, 2000, 3000] as const;

/** After signup: tells the person to confirm their e-mail. */
export function ConfirmationScreen() {
  const shown = useRevealSteps(CONFIRMATION_REVEAL_MS);
  const [title, ...lines] = authMessages.confirmationSteps;
  return (
    <section className="auth-screen auth-intro" aria-labelledby="confirmation-title">
      <MailIcon />
      <RevealIntro id="confirmation-title" title={title ?? ''} lines={lines} shown={shown} />
      {shown >= 4 && (
        <Link to="/auth/login" search={{ method: 'email' }} className="button button-block reveal">
          {authMessages.confirmationLogin}
        </Link>
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
