import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { templesQuery } from '../../data/temples-query.ts';
import { formatDateTime } from '../../domain/dates.ts';
import { authMessages } from '../../domain/messages/auth.ts';
import { privacyMessages as pm } from '../../domain/messages/privacy.ts';
import { profileUpdateSchema } from '../../domain/privacy.ts';
import type { Profile } from '../../domain/types.ts';
import { formatCpf, formatPhone } from '../../domain/validation.ts';
import { ApiFailure } from '../../lib/api.ts';
import { avatarUrlOf, displayNameOf } from '../../lib/auth-user.ts';
import { loadMe, useMeStatus, useSessionStore } from '../../lib/session.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { FormAlert, TextField } from '../../ui/field.tsx';
import { Form, useSchemaForm } from '../../ui/form.tsx';
import { notify } from '../../ui/notices.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { consentsQuery } from './api/consents.ts';
import { useDeleteAccount } from './api/delete-account.ts';
import { useExportData } from './api/export-data.ts';
import { useRevokeConsent } from './api/revoke-consent.ts';
import { useUpdateProfile } from './api/update-profile.ts';
import './profile.css';

/**
 * /profile: picture, 'Mudar senha', and the member's data rights: edit name, WhatsApp and
 * congregation (with its consent), revoke the consent, download their data, delete the account.
 */
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
          <EditProfile profile={profile} />
          <ConsentSection profile={profile} />
        </>
      ) : meStatus === 'loading' ? (
        <div className="profile-loading">
          <Spinner label={authMessages.loading} />
        </div>
      ) : null}
      <DataSection />
      <DeleteSection />
      <p className="profile-privacy">
        <Link to="/privacidade">{pm.pageTitle}</Link>
      </p>
    </section>
  );
}

function EditProfile({ profile }: { profile: Profile }) {
  const update = useUpdateProfile();
  const temples = useQuery(templesQuery).data;
  const consents = useQuery(consentsQuery()).data;
  const liveConsent = consents?.some((c) => c.purpose === 'congregation' && !c.revoked_at) ?? false;
  const options = useMemo(() => (temples ?? []).map((t) => ({ value: t.id, label: t.name })), [temples]);
  const form = useSchemaForm({
    schema: profileUpdateSchema,
    defaultValues: {
      name: profile.name,
      phone: profile.phone ? formatPhone(profile.phone) : '',
      congregacao: profile.temple_id,
      fromOtherChurch: Boolean(profile.other_church),
      otherChurch: profile.other_church ?? '',
      consentCongregation: liveConsent || Boolean(profile.temple_id || profile.other_church),
    },
    onSubmit: async (value) => {
      try {
        await update.mutateAsync(value);
        notify('positive', pm.saved);
      } catch (error) {
        notify('negative', error instanceof ApiFailure ? error.message : pm.saveFailed);
      }
    },
  });

  return (
    <div className="profile-card profile-section">
      <h2>{pm.editTitle}</h2>
      <Form form={form} className="profile-form">
        <form.AppField name="name">
          {(f) => <f.TextField label={authMessages.nameLabel} autoComplete="name" maxLength={120} />}
        </form.AppField>
        <form.AppField name="phone">{(f) => <f.PhoneField label={authMessages.phoneLabel} />}</form.AppField>
        <form.AppField
          name="congregacao"
          listeners={{
            onChange: ({ value }) => {
              if (!value) return;
              form.setFieldValue('fromOtherChurch', false);
              form.setFieldValue('otherChurch', '');
            },
          }}
        >
          {(f) => (
            <f.Combobox
              label={authMessages.congregationLabel}
              options={options}
              placeholder={authMessages.templePlaceholder}
              emptyText={authMessages.templesEmpty}
            />
          )}
        </form.AppField>
        <form.AppField
          name="fromOtherChurch"
          listeners={{
            onChange: ({ value }) => {
              if (value) form.setFieldValue('congregacao', null);
              else form.setFieldValue('otherChurch', '');
            },
          }}
        >
          {(f) => <f.CheckboxField label={authMessages.otherChurchCheckbox} />}
        </form.AppField>
        <form.Subscribe selector={(s) => s.values.fromOtherChurch}>
          {(other) =>
            other && (
              <form.AppField name="otherChurch">
                {(f) => <f.TextField label={authMessages.otherChurchLabel} maxLength={120} />}
              </form.AppField>
            )
          }
        </form.Subscribe>
        <form.AppField name="consentCongregation">
          {(f) => <f.CheckboxField label={pm.consentLabel} />}
        </form.AppField>
        <form.SubmitButton>{pm.save}</form.SubmitButton>
      </Form>
    </div>
  );
}

function ConsentSection({ profile }: { profile: Profile }) {
  const consents = useQuery(consentsQuery());
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

function DeleteSection() {
  const remove = useDeleteAccount();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="profile-card profile-section">
      <h2>{pm.deleteTitle}</h2>
      <p>{pm.deleteExplain}</p>
      {open ? (
        <form
          className="profile-confirm"
          onSubmit={async (e) => {
            e.preventDefault();
            setError(null);
            try {
              // the promise, not the mutate callbacks: signing out unmounts this section first
              await remove.mutateAsync(password);
            } catch (err) {
              setError(err instanceof ApiFailure ? err.message : pm.deleteFailed);
              return;
            }
            notify('positive', pm.deleted);
            await navigate({ to: '/', replace: true });
          }}
        >
          <TextField
            label={pm.deletePasswordLabel}
            type="password"
            autoComplete="current-password"
            value={password}
            onValueChange={setPassword}
            hint={pm.deleteNoPasswordHint}
          />
          {error && <FormAlert>{error}</FormAlert>}
          <button type="submit" className="button button-danger" disabled={remove.isPending}>
            {pm.deleteConfirm}
          </button>
          <button type="button" className="button button-secondary" onClick={() => setOpen(false)}>
            {pm.cancel}
          </button>
        </form>
      ) : (
        <button type="button" className="button button-danger" onClick={() => setOpen(true)}>
          {pm.deleteOpen}
        </button>
      )}
    </div>
  );
}
