import { useEffect, useState } from 'react';
import { badgeMessages as m } from '../../domain/messages/reports.ts';
import { qrDataUrl } from '../../ui/ticket-qr.tsx';

/** One badge: the person's name, their congregation and the QR the door scans. */
export function BadgeCard({
  name,
  temple,
  qr,
  caption,
  answer,
}: {
  name: string;
  temple: string | null;
  /** what the QR encodes (badgeQrContent) */
  qr: string;
  caption?: string;
  /** the event's badge question and its answer (a shirt size, a team); never a sensitive one */
  answer?: string | undefined;
}) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void qrDataUrl(qr).then((url) => {
      if (live) setSrc(url);
    });
    return () => {
      live = false;
    };
  }, [qr]);
  return (
    <article className="badge" data-testid="badge">
      <div className="badge-text">
        <p className="badge-name">{name}</p>
        {temple && <p className="badge-temple">{temple}</p>}
        {answer && (
          <p className="badge-answer" data-testid="badge-answer">
            {answer}
          </p>
        )}
        {caption && <p className="badge-caption">{caption}</p>}
      </div>
      {src ? (
        <img className="badge-qr" src={src} alt={m.qrAlt(name)} data-qr={qr} />
      ) : (
        <span className="badge-qr badge-qr-pending" />
      )}
    </article>
  );
}

/** Resolves when every QR image inside `root` is drawn (decoded), so the print shows them all. */
export async function qrsDrawn(root: HTMLElement, expected: number): Promise<boolean> {
  const images = [...root.querySelectorAll<HTMLImageElement>('img.badge-qr')];
  if (images.length < expected) return false;
  await Promise.all(images.map((img) => img.decode().catch(() => undefined)));
  return true;
}
