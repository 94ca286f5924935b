import { useId, useState } from 'react';
import { adminRegistrationsMessages as m } from '../../domain/messages/admin-registrations.ts';
import { Sheet } from '../../ui/sheet.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useReceiptUrl } from './api/admin-confirmations.ts';

const IMAGE = /\.(png|jpe?g|webp|gif)$/i;

/** A receipt in a full-height sheet, through a fresh signed URL (images inline, PDFs in a frame). */
export function ReceiptViewer({ path, name, onClose }: { path: string; name: string; onClose(): void }) {
  const titleId = useId();
  const url = useReceiptUrl(path);
  const [loaded, setLoaded] = useState(false);
  const [failed, setFailed] = useState(false);
  const title = `${m.receiptTitle} — ${name}`;
  const error = failed || url.isError;

  return (
    <Sheet open onClose={onClose} labelledBy={titleId} side="bottom" className="receipt-sheet">
      <div className="receipt-bar">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="button button-secondary" onClick={onClose}>
          {m.close}
        </button>
      </div>
      <div className="receipt-body">
        {!loaded && !error && <Spinner label={m.receiptLoading} size={40} />}
        {error && (
          <p className="form-alert form-alert-negative" role="alert">
            {m.receiptError}
          </p>
        )}
        {url.data &&
          !error &&
          (IMAGE.test(path) ? (
            <img
              src={url.data}
              alt={title}
              hidden={!loaded}
              onLoad={() => setLoaded(true)}
              onError={() => setFailed(true)}
            />
          ) : (
            <iframe src={url.data} title={title} onLoad={() => setLoaded(true)} />
          ))}
      </div>
    </Sheet>
  );
}
