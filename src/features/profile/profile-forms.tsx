/**
 * The profile's forms (edit name, WhatsApp, birth date and congregation; delete the account): they need the
 * network, so they load when the profile is shown, not with the app for every visitor (the form
 * library and the masks stay out of the precache: vite.config.ts RUNTIME_ONLY).
 */
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTemples } from '../../data/use-temples.ts';
import { authMessages } from '../../domain/messages/auth.ts';
import { minorMessages } from '../../domain/messages/minors.ts';
import { privacyMessages as pm } from '../../domain/messages/privacy.ts';
import { profileUpdateSchema } from '../../domain/privacy.ts';
import type { Profile } from '../../domain/types.ts';
import { formatPhone } from '../../domain/validation.ts';
import { ApiFailure } from '../../lib/api.ts';
import { FormAlert, PasswordField } from '../../ui/field.tsx';
import { Form, useSchemaForm } from '../../ui/form.tsx';
import { notify } from '../../ui/notices.tsx';
import { TEMPLE_FIELDS, TempleFields } from '../../ui/temple-fields.tsx';
import { consentsQuery } from './api/consents.ts';
import { useDeleteAccount } from './api/delete-account.ts';
import { useUpdateProfile } from './api/update-profile.ts';

export function EditProfile({ profile }: { profile: Profile }) {
  const update = useUpdateProfile();
  const temples = useTemples();
  const consents = useQuery(consentsQuery(profile.id)).data;
  const liveConsent = consents?.some((c) => c.purpose === 'congregation' && !c.revoked_at) ?? false;
  const form = useSchemaForm({
    schema: profileUpdateSchema,
    defaultValues: {
      name: profile.name,
      phone: profile.phone ? formatPhone(profile.phone) : '',
      congregacao: profile.temple_id,
      fromOtherChurch: Boolean(profile.other_church),
      otherChurch: profile.other_church ?? '',
      consentCongregation: liveConsent || Boolean(profile.temple_id || profile.other_church),
      birthDate: profile.birth_date ?? '',
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
        <form.AppField name="birthDate">
          {(f) => (
            <f.TextField
              label={minorMessages.birthDate}
              type="date"
              autoComplete="bday"
              hint={minorMessages.birthDateHint}
            />
          )}
        </form.AppField>
        <TempleFields form={form} fields={TEMPLE_FIELDS} list={temples} />
        <form.SubmitButton>{pm.save}</form.SubmitButton>
      </Form>
    </div>
  );
}

export function DeleteSection() {
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
          <PasswordField
            label={pm.deletePasswordLabel}
            fresh={false}
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
