import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { useMe } from '../../data/use-me.ts';
import { formatDateTime } from '../../domain/dates.ts';
import { authMessages } from '../../domain/messages/auth.ts';
import { privacyMessages as pm } from '../../domain/messages/privacy.ts';
import type { Profile } from '../../domain/types.ts';
import { formatCpf } from '../../domain/validation.ts';
import { avatarUrlOf, displayNameOf } from '../../lib/auth-user.ts';
import { useSessionStore } from '../../lib/session.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { notify } from '../../ui/notices.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { consentsQuery } from './api/consents.ts';
import { useExportData } from './api/export-data.ts';
import { useRevokeConsent } from './api/revoke-consent.ts';
import { RemindersSection } from './reminders-section.tsx';
import './profile.css';

const EditProfile = lazy(() => import('./profile-forms.tsx').then((m) => ({ default: m.EditProfile })));
const DeleteSection = lazy(() => import('./profile-forms.tsx').then((m) => ({ default: m.DeleteSection })));

/**
 * /profile: picture, 'Mudar senha', and the member's data rights: edit name, WhatsApp and
 * congregation (with its consent), revoke the consent, download their data, delete the account.
 */
export function ProfileScreen() {
  const session = useSessionStore((s) => s.session);
  const { me, failed } = useMe();

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
          {profile?.cpf && (
            <div>
              <dt>{authMessages.cpfLabel}</dt>
              <dd>{formatCpf(profile.cpf)}</dd>
            </div>
          )}
        </dl>
        <p className="field-hint profile-hint">{pm.cpfHint}</p>
        <Link to="/auth/reset-password" className="button button-secondary profile-action">
          {authMessages.changePassword}
        </Link>
      </div>
      {profile ? (
        <>
          <Suspense fallback={<Spinner label={authMessages.loading} />}>
            <EditProfile profile={profile} />
          </Suspense>
          <ConsentSection profile={profile} />
          <RemindersSection />
        </>
      ) : !me && !failed ? (
        <div className="profile-loading">
          <Spinner label={authMessages.loading} />
        </div>
      ) : null}
      <DataSection />
      <Suspense fallback={null}>
        <DeleteSection />
      </Suspense>
      <p className="profile-privacy">
        <Link to="/privacidade">{pm.pageTitle}</Link>
      </p>
    </section>
  );
}

function ConsentSection({ profile }: { profile: Profile }) {
  const consents = useQuery(consentsQuery(profile.id));
  const revoke = useRevokeConsent();
  const [asking, setAsking] = useState(false);
  const live = consents.data?.find((c) => c.purpose === 'congregation' && !c.revoked_at);
  const hasChurch = Boolean(profile.temple_id || profile.other_church);
  return (
    <div className="profile-card profile-section">
      <h2>{pm.consentTitle}</h2>
      <p>{live ? pm.consentGiven(formatDateTime(live.given_at)) : pm.consentNone}</p>
      {(live || hasChurch) &&
        (asking ? (
          <div className="profile-confirm">
            <p>{pm.revokeExplain}</p>
            <button
              type="button"
              className="button button-danger"
              disabled={revoke.isPending}
              onClick={() =>
                revoke.mutate(undefined, {
                  onSuccess: () => {
                    setAsking(false);
                    notify('positive', pm.revoked);
                  },
                  onError: () => notify('negative', pm.revokeFailed),
                })
              }
            >
              {pm.revokeConfirm}
            </button>
            <button type="button" className="button button-secondary" onClick={() => setAsking(false)}>
              {pm.cancel}
            </button>
          </div>
        ) : (
          <button type="button" className="button button-secondary" onClick={() => setAsking(true)}>
            {pm.revoke}
          </button>
        ))}
    </div>
  );
}

function DataSection() {
  const exportData = useExportData(pm.exportFile);
  return (
    <div className="profile-card profile-section">
      <h2>{pm.dataTitle}</h2>
      <p>{pm.downloadHint}</p>
      <button
        type="button"
        className="button button-secondary"
        disabled={exportData.isPending}
        aria-busy={exportData.isPending}
        onClick={() => exportData.mutate(undefined, { onError: () => notify('negative', pm.downloadFailed) })}
      >
        {pm.download}
      </button>
    </div>
  );
}
