/**
 * Event files: members open one in a full-screen dialog through a signed address
 * (GET /v1/files?type=eventFile&filename=...); guests are asked to log in. Failures are logged
 * (product-spec.md §8) and a short pt-BR text is shown.
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { eventMessages } from '../../../domain/messages.ts';
import type { EventFile } from '../../../domain/types.ts';
import { useIsSignedIn } from '../../../lib/session.ts';
import { Sheet } from '../../../ui/sheet.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { eventFileUrlQuery } from '../api/event-file-url.ts';
import { useScrollLock } from '../use-scroll-lock.ts';
import { AppLink } from './app-link.tsx';
import { CloseButton } from './close-button.tsx';

const IMAGE = /\.(png|jpe?g|gif|webp|avif|svg)$/i;

export function EventFiles({ eventId, files }: { eventId: string; files: EventFile[] }) {
  const signedIn = useIsSignedIn();
  const [opened, setOpened] = useState<EventFile | null>(null);
  if (!signedIn) {
    return (
      <div className="files-login">
        <p>{eventMessages.filesNeedLogin}</p>
        <AppLink
          className="button"
          href={`/auth/login?redirectTo=${encodeURIComponent(`/events/${eventId}`)}`}
        >
          {eventMessages.loginButton}
        </AppLink>
      </div>
    );
  }
  return (
    <>
      <ul className="file-list">
        {files.map((f) => (
          <li key={f.path}>
            <button type="button" className="file-item" onClick={() => setOpened(f)}>
              <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
                <path
                  d="M6 2h8l5 5v15H6zM14 2v5h5"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.8"
                  strokeLinejoin="round"
                />
              </svg>
              <span>{f.name}</span>
            </button>
          </li>
        ))}
      </ul>
      {opened && <FileViewer file={opened} onClose={() => setOpened(null)} />}
    </>
  );
}

function FileViewer({ file, onClose }: { file: EventFile; onClose(): void }) {
  const titleId = useId();
  const signed = useQuery(eventFileUrlQuery(file.path));
  const url = signed.data ?? null;
  const [loaded, setLoaded] = useState(false);
  const [imageFailed, setFailed] = useState(false);
  const failed = imageFailed || signed.isError;
  useScrollLock();

  const isImage = IMAGE.test(file.path);
  return (
    <Sheet open labelledBy={titleId} onClose={onClose} side="bottom" className="file-viewer-sheet">
      <div className="file-viewer-bar">
        <h2 id={titleId}>{file.name}</h2>
        <CloseButton onClick={onClose} label={eventMessages.close} />
      </div>
      <div className="file-viewer-body">
        {!loaded && !failed && (
          <div className="file-viewer-loading">
            <Spinner label={eventMessages.fileLoading} size={40} />
          </div>
        )}
        {failed && (
          <p className="file-viewer-error" role="alert">
            {eventMessages.fileFailed}
          </p>
        )}
        {url &&
          !failed &&
          (isImage ? (
            <img
              src={url}
              alt={file.name}
              className={loaded ? '' : 'is-loading'}
              onLoad={() => setLoaded(true)}
              onError={() => {
                console.error('[files] image failed to load', file.path);
                setFailed(true);
              }}
            />
          ) : (
            <iframe
              src={url}
              title={file.name}
              className={loaded ? '' : 'is-loading'}
              onLoad={() => setLoaded(true)}
            />
          ))}
      </div>
    </Sheet>
  );
}
