/**
 * `/admin/users/:id`: one person as staff see them — profile, registrations with every attempt
 * (newest first), their answers (sensitive ones with read_sensitive) and a minor's consent, roles; an admin grants and revokes the seeded roles here and reads the audit of
 * what staff changed on this person (who, what, when, from where).
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { formatDateTime } from '../../domain/dates.ts';
import { paymentMethodLabels } from '../../domain/messages/editor.ts';
import { minorMessages } from '../../domain/messages/minors.ts';
import { questionMessages as q } from '../../domain/messages/questions.ts';
import { staffMessages as m } from '../../domain/messages/staff.ts';
import { formatPrice } from '../../domain/money.ts';
import { answerText } from '../../domain/questions.ts';
import { statusLabel } from '../../domain/registrations.ts';
import type { AuditEntry, PersonDetail, PersonRegistration, SeededRole } from '../../domain/staff.ts';
import { formatCpf, formatPhone } from '../../domain/validation.ts';
import { notify } from '../../ui/notices.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { personQuery } from './api/person.ts';
import { useSetRole } from './api/set-role.ts';
import './admin-users.css';

export function PersonScreen({ id }: { id: string }) {
  const person = useQuery(personQuery(id));
  return (
    <div className="admin-users">
      <p>
        <Link to="/admin/users" search={(prev) => prev as never}>
          {m.back}
        </Link>
      </p>
      {person.isPending && <Spinner label={m.personLoading} />}
      {person.isError && (
        <p className="form-alert form-alert-negative" role="alert">
          {person.error.message || m.personMissing}
        </p>
      )}
      {person.data && <Person detail={person.data} />}
    </div>
  );
}

function Person({ detail }: { detail: PersonDetail }) {
  const { profile } = detail;
  return (
    <>
      <h1>{profile.name}</h1>
      <section aria-labelledby="person-profile">
        <h2 id="person-profile">{m.profile}</h2>
        <dl className="person-card person-fields">
          <dt>{m.email}</dt>
          <dd>{profile.email}</dd>
          <dt>{m.cpf}</dt>
          <dd>{profile.cpf ? formatCpf(profile.cpf) : '—'}</dd>
          <dt>{m.phone}</dt>
          <dd>{profile.phone ? formatPhone(profile.phone) : '—'}</dd>
          <dt>{minorMessages.birthDate}</dt>
          <dd>{profile.birth_date ? answerText('date', profile.birth_date) : '—'}</dd>
          <dt>{m.temple}</dt>
          <dd>{profile.temple_name ?? profile.other_church ?? m.noTemple}</dd>
        </dl>
      </section>

      <section aria-labelledby="person-registrations">
        <h2 id="person-registrations">{m.registrations}</h2>
        {detail.registrations.length === 0 ? (
          <p className="users-empty">{m.noRegistrations}</p>
        ) : (
          <ul className="person-list">
            {detail.registrations.map((r) => (
              <li key={r.id} className="person-card">
                <strong>{r.event_title}</strong> — {r.tier_name} ({formatPrice(r.frozen_value)})
                <div>{statusLabel(r.status)}</div>
                <ol className="person-attempts" reversed>
                  {r.attempts.map((a, i) => (
                    <li key={a.id}>
                      {m.confirmationTitle(r.attempts.length - i, formatDateTime(a.created_at))}:{' '}
                      {paymentMethodLabels[a.strategy as keyof typeof paymentMethodLabels] ?? a.strategy} ·{' '}
                      {statusLabel(a.status)}
                    </li>
                  ))}
                </ol>
                <PersonAnswers registration={r} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <Roles detail={detail} />
      {detail.audit && <Audit entries={detail.audit} />}
    </>
  );
}

/** The registration's answers (sensitive ones only for read_sensitive) and a minor's consent. */
function PersonAnswers({ registration: r }: { registration: PersonRegistration }) {
  if (r.answers.length === 0 && r.hidden === 0 && !r.guardian) return null;
  return (
    <div className="person-answers" data-testid="person-answers">
      {r.guardian && (
        <p>
          {r.guardian.state === 'pending'
            ? minorMessages.awaiting
            : r.guardian.state === 'authorized'
              ? minorMessages.authorized(r.guardian.name)
              : minorMessages.refused}
        </p>
      )}
      {(r.answers.length > 0 || r.hidden > 0) && (
        <>
          <h3>{q.answersTitle}</h3>
          <dl className="person-answer-list">
            {r.answers.map((a) => (
              <div key={a.question}>
                <dt>
                  {a.question}
                  {a.sensitive && ` (${q.sensitiveTag})`}
                </dt>
                <dd>{a.text}</dd>
              </div>
            ))}
          </dl>
          {r.hidden > 0 && <p className="field-hint">{q.hiddenSensitive}</p>}
        </>
      )}
    </div>
  );
}

function Roles({ detail }: { detail: PersonDetail }) {
  const setRole = useSetRole();
  const toggle = (role: SeededRole, grant: boolean) =>
    setRole.mutate(
      { id: detail.profile.id, role, grant },
      {
        onSuccess: () => notify('positive', grant ? m.granted : m.revoked, 3),
        onError: (error) => notify('negative', error.message, 5),
      },
    );
  return (
    <section aria-labelledby="person-roles">
      <h2 id="person-roles">{m.roles}</h2>
      {detail.roles.length === 0 ? (
        <p className="users-empty">{m.noRoles}</p>
      ) : (
        <p>{detail.roles.join(', ')}</p>
      )}
      {detail.canManageRoles && (
        <div className="person-roles">
          {detail.availableRoles.map((r) => {
            const has = detail.roles.includes(r.name);
            return (
              <button
                key={r.name}
                type="button"
                className={`button button-small${has ? ' button-secondary' : ''}`}
                disabled={setRole.isPending}
                title={r.description ?? undefined}
                onClick={() => toggle(r.name as SeededRole, !has)}
              >
                {has ? m.revoke(r.name) : m.grant(r.name)}
              </button>
            );
          })}
        </div>
      )}
    </section>
  );
}

function Audit({ entries }: { entries: AuditEntry[] }) {
  return (
    <section aria-labelledby="person-audit">
      <h2 id="person-audit">{m.audit}</h2>
      {entries.length === 0 ? (
        <p className="users-empty">{m.noAudit}</p>
      ) : (
        <ul className="person-list">
          {entries.map((a) => (
            <li key={a.id} className="person-card">
              <strong>{m.auditActions[a.action] ?? a.action}</strong>
              {typeof a.details.role === 'string' && `: ${a.details.role}`}
              <div className="person-audit-meta">
                {formatDateTime(a.created_at)} · {m.auditBy(a.actor_name ?? a.actor_email ?? '—')}
                {a.client_ip && ` · ${m.auditFrom(a.client_ip)}`}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
