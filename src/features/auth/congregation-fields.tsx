import { useMemo } from 'react';
import { authMessages } from '../../domain/messages.ts';
import { Combobox } from '../../ui/combobox.tsx';
import { CheckboxField, FormAlert, TextField } from '../../ui/field.tsx';
import { useTemples } from './use-temples.ts';

export interface CongregationValue {
  templeId: string | null;
  fromOtherChurch: boolean;
  otherChurch: string;
}

interface Props {
  value: CongregationValue;
  onChange(value: CongregationValue): void;
  templeError?: string | undefined;
  otherChurchError?: string | undefined;
}

/**
 * Congregation (filterable list of GET /v1/temples) or 'Sou de outro ministério' + 'Nome da sua
 * igreja'. Mutually exclusive (spec §5): ticking the box clears the congregation, and choosing a
 * congregation unticks the box and clears the church name.
 */
export function CongregationFields({ value, onChange, templeError, otherChurchError }: Props) {
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
      <Combobox
        label={authMessages.congregationLabel}
        name="congregacao"
        options={options}
        value={value.templeId}
        placeholder={loading && !temples ? authMessages.templesLoading : authMessages.templePlaceholder}
        emptyText={authMessages.templesEmpty}
        error={templeError}
        onChange={(templeId) =>
          onChange(
            templeId ? { templeId, fromOtherChurch: false, otherChurch: '' } : { ...value, templeId: null },
          )
        }
      />
      <CheckboxField
        label={authMessages.otherChurchCheckbox}
        name="fromOtherChurch"
        checked={value.fromOtherChurch}
        onCheckedChange={(checked) =>
          onChange(
            checked
              ? { templeId: null, fromOtherChurch: true, otherChurch: value.otherChurch }
              : { ...value, fromOtherChurch: false, otherChurch: '' },
          )
        }
      />
      {value.fromOtherChurch && (
        <TextField
          label={authMessages.otherChurchLabel}
          name="otherChurch"
          autoComplete="organization"
          maxLength={120}
          value={value.otherChurch}
          onValueChange={(otherChurch) => onChange({ ...value, otherChurch })}
          error={otherChurchError}
        />
      )}
    </fieldset>
  );
}

/** True when a congregation is chosen or another church is named (the welcome save rule). */
export function hasCongregation(value: CongregationValue): boolean {
  return value.fromOtherChurch ? value.otherChurch.trim().length > 0 : value.templeId !== null;
}
