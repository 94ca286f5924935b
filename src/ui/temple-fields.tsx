import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { authMessages } from '../domain/messages/auth.ts';
import { privacyMessages } from '../domain/messages/privacy.ts';
import type { Temple } from '../domain/types.ts';
import { FormAlert } from './field.tsx';
import { withFieldGroup } from './form.tsx';

/** The fields of the congregation choice, as the signup, welcome and profile schemas name them. */
export const TEMPLE_FIELDS = {
  congregacao: 'congregacao',
  fromOtherChurch: 'fromOtherChurch',
  otherChurch: 'otherChurch',
  consentCongregation: 'consentCongregation',
} as const;

/** The church choice of a new person (signup, welcome): nothing chosen, no consent ticked. */
export const TEMPLE_DEFAULTS = {
  congregacao: null as string | null,
  fromOtherChurch: false,
  otherChurch: '',
  consentCongregation: false,
};

const defaultValues: {
  congregacao?: string | null | undefined;
  fromOtherChurch?: boolean | undefined;
  otherChurch?: string | null | undefined;
  consentCongregation?: boolean | undefined;
} = TEMPLE_DEFAULTS;

/** The congregations as data/use-temples.ts gives them (ui/ does not read the query cache). */
interface TempleList {
  temples: readonly Temple[] | null;
  loading: boolean;
  error: boolean;
  reload(): void;
}

/**
 * Congregation (filterable list of GET /v1/temples) or 'Sou de outro ministério' + 'Nome da sua
 * igreja'. What is required is the schema's rule; here only the two choices clear each other
 * (product-spec.md §5): ticking the box clears the congregation, choosing a congregation unticks the box and
 * clears the church name.
 */
export const TempleFields = withFieldGroup({
  defaultValues,
  props: {} as { list: TempleList },
  render: function Render({ group, list }) {
    const { temples, loading, error, reload } = list;
    const options = useMemo(
      () =>
        (temples ?? []).map((t) => ({
          value: t.id,
          label: t.name,
          hint: t.regional && t.regional !== 'custom' ? t.regional : undefined,
        })),
      [temples],
    );
    return (
      <fieldset className="fieldset">
        <legend className="visually-hidden">{authMessages.templeLabel}</legend>
        {error && (
          <FormAlert>
            {authMessages.templesFailed}{' '}
            <button type="button" className="button-link" onClick={() => void reload()}>
              {authMessages.retry}
            </button>
          </FormAlert>
        )}
        <group.AppField
          name="congregacao"
          listeners={{
            onChange: ({ value }) => {
              if (!value) return;
              group.setFieldValue('fromOtherChurch', false);
              group.setFieldValue('otherChurch', '');
            },
          }}
        >
          {(field) => (
            <field.Combobox
              label={authMessages.templeLabel}
              options={options}
              placeholder={loading && !temples ? authMessages.templesLoading : authMessages.templePlaceholder}
              emptyText={authMessages.templesEmpty}
            />
          )}
        </group.AppField>
        <group.AppField
          name="fromOtherChurch"
          listeners={{
            onChange: ({ value }) => {
              if (value) group.setFieldValue('congregacao', null);
              else group.setFieldValue('otherChurch', '');
            },
          }}
        >
          {(field) => <field.CheckboxField label={authMessages.otherChurchCheckbox} />}
        </group.AppField>
        <group.Subscribe selector={(s) => s.values.fromOtherChurch}>
          {(fromOtherChurch) =>
            fromOtherChurch && (
              <group.AppField name="otherChurch">
                {(field) => (
                  <field.TextField
                    label={authMessages.otherChurchLabel}
                    autoComplete="organization"
                    maxLength={120}
                  />
                )}
              </group.AppField>
            )
          }
        </group.Subscribe>
        {/* religious affiliation is sensitive data (LGPD Art. 11): a separate, unticked consent */}
        <group.AppField name="consentCongregation">
          {(field) => <field.CheckboxField label={privacyMessages.consentLabel} />}
        </group.AppField>
        <p className="field-hint consent-more">
          <Link to="/privacidade" target="_blank">
            {privacyMessages.consentMore}
          </Link>
        </p>
      </fieldset>
    );
  },
});
