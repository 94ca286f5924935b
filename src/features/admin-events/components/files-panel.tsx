/** The event's files (PDF or images, private bucket): the list, an upload with a name, delete. */
import { useId, useState } from 'react';
import { editorMessages as t } from '../../../domain/messages/editor.ts';
import type { EventFile } from '../../../domain/types.ts';
import { notify } from '../../../ui/notices.tsx';
import { useFileWrites } from '../api/queries.ts';

export function FilesPanel({ eventId, files }: { eventId: string; files: EventFile[] }) {
  const { add, remove } = useFileWrites(eventId);
  const [name, setName] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string>();
  // a new key clears the file input after an upload
  const [inputKey, setInputKey] = useState(0);
  const id = useId();
  return (
    <section className="editor-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t.files}</h2>
      {files.length === 0 ? (
        <p className="muted">{t.noFiles}</p>
      ) : (
        <ul className="editor-list">
          {files.map((f) => (
            <li key={f.path}>
              <span>{f.name}</span>
              <button
                type="button"
                className="button button-secondary button-small"
                aria-label={`${t.remove} ${f.name}`}
                onClick={() => remove.mutate(f.path, { onError: (e) => notify('negative', e.message) })}
              >
                {t.remove}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="editor-row">
        <div className="field">
          <label className="field-label" htmlFor={`${id}-name`}>
            {t.fileName}
          </label>
          <input id={`${id}-name`} className="input" value={name} onChange={(e) => setName(e.target.value)} />
        </div>
        <div className="field">
          <label className="field-label" htmlFor={`${id}-file`}>
            {t.chooseFile}
          </label>
          <input
            key={inputKey}
            id={`${id}-file`}
            className="input"
            type="file"
            accept="application/pdf,image/jpeg,image/png,image/webp,image/gif"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </div>
      </div>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <button
        type="button"
        className="button button-secondary"
        disabled={!file || add.isPending}
        onClick={() => {
          if (!file) return;
          setError(undefined);
          add.mutate(
            { name: name.trim() || file.name, file },
            {
              onSuccess: () => {
                setName('');
                setFile(null);
                setInputKey((k) => k + 1);
              },
              onError: (e) => setError(e.message),
            },
          );
        }}
      >
        {t.upload}
      </button>
    </section>
  );
}
