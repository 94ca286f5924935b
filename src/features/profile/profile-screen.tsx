import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { authMessages } from '../../domain/messages/auth.ts';
import { formatPhone } from '../../domain/validation.ts';
import { avatarUrlOf, displayNameOf } from '../../lib/auth-user.ts';
import { loadMe, useMeStatus, useSessionStore } from '../../lib/session.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import './profile.css';

/** /profile: name, e-mail, picture (or the generated avatar), congregation, 'Mudar senha'. */
export function ProfileScreen() {
  const session = useSessionStore((s) => s.session);
  const me = useSessionStore((s) => s.me);
  const meStatus = useMeStatus((s) => s.status);

  useEffect(() => {
    if (session && meStatus === 'idle') void loadMe();
  }, [session, meStatus]);

  if (!session) {
    return (
      <div className="profile-loading">
        <Spinner label={authMessages.loading} />
      </div>
    );
  }
  const profile = me?.id === session.user.id ? me.profile : null;
  const name = profile?.name || displayNameOf(session);
  const email = profile?.email || session.user.email || '';
  const congregation = profile?.temple_name
    ? profile.temple_name
    : profile?.other_church
      ? authMessages.otherChurchValue(profile.other_church)
      : null;

  return (
    <section className="profile" aria-labelledby="profile-title">
      <h1 id="profile-title" className="profile-title">
        {authMessages.profileTitle}
      </h1>
      <div className="profile-card">
        <Avatar name={name} url={avatarUrlOf(session)} size={96} alt={`Foto de ${name}`} />
        <p className="profile-name">{name}</p>
        <dl className="profile-facts">
          <div>
            <dt>{authMessages.emailLabel}</dt>
            <dd>{email}</dd>
          </div>
          <div>
            <dt>{authMessages.congregationLabel}</dt>
            <dd>
              {congregation ??
                (meStatus === 'loading' ? (
                  <Spinner size={16} label={authMessages.loading} />
                ) : (
                  authMessages.noCongregation
                ))}
            </dd>
          </div>
          {profile?.phone && (
            <div>
              <dt>{authMessages.phoneLabel}</dt>
              <dd>{formatPhone(profile.phone)}</dd>
            </div>
          )}
        </dl>
        <Link to="/auth/reset-password" className="button button-secondary profile-action">
          {authMessages.changePassword}
        </Link>
      </div>
    </section>
  );
}
