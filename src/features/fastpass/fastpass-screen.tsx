/** `/fastpass`: what the Fastpass is and its rules (product-spec.md §1), with a button to the events. */
import { Link } from '@tanstack/react-router';
import { fastpassMessages } from '../../domain/messages/fastpass.ts';
import { SUPPORT_EMAIL } from '../../domain/messages.ts';
import './fastpass.css';

export function FastpassScreen() {
  return (
    <article className="fastpass">
      <header className="fastpass-hero">
        <svg viewBox="0 0 48 48" width="48" height="48" aria-hidden="true">
          <path
            d="M6 14a4 4 0 0 1 4-4h28a4 4 0 0 1 4 4v5a5 5 0 0 0 0 10v5a4 4 0 0 1-4 4H10a4 4 0 0 1-4-4v-5a5 5 0 0 0 0-10z"
            fill="currentColor"
            opacity="0.18"
          />
          <path
            d="M20 24l3 3 6-7"
            fill="none"
            stroke="currentColor"
            strokeWidth="3"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <h1>{fastpassMessages.title}</h1>
        <p className="fastpass-lead">{fastpassMessages.lead}</p>
      </header>
      <section aria-labelledby="fastpass-rules">
        <h2 id="fastpass-rules">{fastpassMessages.rulesTitle}</h2>
        <ol className="fastpass-rules">
          {fastpassMessages.rules.map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ol>
      </section>
      <p className="fastpass-support">
        {fastpassMessages.support} <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>
      <p>
        <Link to="/" className="button">
          {fastpassMessages.toEvents}
        </Link>
      </p>
    </article>
  );
}
