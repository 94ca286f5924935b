import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { checkinMessages as m, welcomeMessages } from '../../domain/messages/checkin.ts';
import { useRevealSteps } from '../../ui/reveal.ts';
import './checkin.css';

/** Spec §9: event welcome reveal steps. */
const STEPS = [1, 500, 1500, 2500] as const;

/** `/event-welcome`: after a successful check-in, one of 31 uplifting messages and a way on. */
export function EventWelcomeScreen() {
  const [message] = useState(() => welcomeMessages[Math.floor(Math.random() * welcomeMessages.length)]!);
  const shown = useRevealSteps(STEPS);
  const [greeting, ...rest] = message.split(/(?<=[.!?])\s+/);
  return (
    <section className="event-welcome" aria-labelledby="event-welcome-title">
      <h1 id="event-welcome-title" className={shown >= 1 ? 'reveal' : 'is-pending'}>
        {greeting}
      </h1>
      <div aria-live="polite">
        {shown >= 2 && rest.length > 0 && <p className="reveal">{rest.join(' ')}</p>}
        {shown >= 3 && <p className="reveal">🙌</p>}
      </div>
      {shown >= 4 && (
        <Link to="/" className="button reveal">
          {m.welcomeHome}
        </Link>
      )}
    </section>
  );
}
