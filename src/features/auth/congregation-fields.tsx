import { useMemo } from 'react';
import { authMessages } from '../../domain/messages/auth.ts';
import { FormAlert } from '../../ui/field.tsx';
import { withFieldGroup } from '../../ui/form.tsx';
import { useTemples } from './use-temples.ts';

/** The three fields of the congregation choice, as the signup and welcome schemas name them. */
export const CONGREGATION_FIELDS = {
  congregacao: 'congregacao',
  fromOtherChurch: 'fromOtherChurch',
  otherChurch: 'otherChurch',
} as const;

const defaultValues: {
  congregacao?: string | null | undefined;
  fromOtherChurch?: boolean | undefined;
  otherChurch?: string | null | undefined;
} = { congregacao: null, fromOtherChurch: false, otherChurch: '' };

/**
 * Congregation (filterable list of GET /v1/temples) or 'Sou de outro ministério' + 'Nome da sua
 * igreja'. What is required is the schema's rule; here only the two choices clear each other
 * (product-spec.md §5): ticking the box clears the congregation, choosing a congregation unticks the box and
 * clears the church name.
 */
export const CongregationFields = withFieldGroup({
  defaultValues,
  render: function Render({ group }) {
    const { temples, loading, error, reload } = useTemples();
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
        <legend className="visually-hidden">{authMessages.congregationLabel}</legend>
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
              label={authMessages.congregationLabel}
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
      </fieldset>
    );
  },
});
