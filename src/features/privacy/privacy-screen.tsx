import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { privacyMessages as m } from '../../domain/messages/privacy.ts';
import { SUPPORT_EMAIL } from '../../domain/messages.ts';
import { DEFAULT_RECEIPT_RETENTION_DAYS } from '../../domain/privacy.ts';
import { privacyInfoQuery } from './api/privacy-info.ts';
import './privacy.css';

export function PrivacyScreen() {
  const info = useQuery(privacyInfoQuery()).data;
  const email = info?.controller_email ?? SUPPORT_EMAIL;
  const days = info?.receipt_retention_days ?? DEFAULT_RECEIPT_RETENTION_DAYS;
  return (
    <article className="privacy" aria-labelledby="privacy-title">
      <h1 id="privacy-title">{m.pageTitle}</h1>
      <p>{m.intro}</p>
      <h2>{m.controllerTitle}</h2>
      <p>
        {m.controller(email)} <a href={`mailto:${email}`}>{email}</a>
      </p>
      <h2>{m.keptTitle}</h2>
      <ul>
        {m.kept.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <h2>{m.retentionTitle}</h2>
      <ul>
        {m.retention(days).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <h2>{m.staffTitle}</h2>
      <ul>
        {m.staff.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <h2>{m.rightsTitle}</h2>
      <p>{m.rights}</p>
      <p>
        <Link to="/profile" className="button button-secondary">
          {m.profileLink}
        </Link>
      </p>
    </article>
  );
}
