/** An image chosen from a file, uploaded at once, shown as a preview; its value is the storage path. */
import { useId, useState } from 'react';
import { editorMessages as t } from '../../../domain/messages/editor.ts';
import { ApiFailure } from '../../../lib/api.ts';
import { imageUrl } from '../../../lib/config.ts';
import { FieldMessages } from '../../../ui/field.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { uploadImage } from '../api/queries.ts';

export function ImageField({
  label,
  kind,
  value,
  onChange,
  previewAlt,
  round,
  prepare,
}: {
  label: string;
  kind: 'eventImage' | 'speakerImage';
  value: string | null;
  onChange(path: string | null): void;
  previewAlt: string;
  round?: boolean;
  /** e.g. the circular crop: turns the chosen file into the one to upload, or null to cancel */
  prepare?(file: File): Promise<File | null>;
}) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const src = imageUrl(value);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setError(undefined);
    const ready = prepare ? await prepare(file) : file;
    if (!ready) return;
    setBusy(true);
    try {
      onChange(await uploadImage(kind, ready));
    } catch (e) {
      setError(e instanceof ApiFailure ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={`field image-field${error ? ' field-invalid' : ''}`}>
      <span className="field-label" id={`${id}-label`}>
        {label}
      </span>
      {src && (
        <img className={`image-preview${round ? ' image-preview-round' : ''}`} src={src} alt={previewAlt} />
      )}
      <div className="editor-actions">
        <label className="button button-secondary button-small file-button">
          {busy && <Spinner size={16} label={t.loading} />}
          {t.chooseImage}
          <input
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif"
            className="visually-hidden"
            aria-labelledby={`${id}-label`}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => {
              void choose(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </label>
        {value && (
          <button
            type="button"
            className="button button-secondary button-small"
            onClick={() => onChange(null)}
          >
            {t.removeImage}
          </button>
        )}
      </div>
      <FieldMessages id={id} error={error} />
    </div>
  );
}
