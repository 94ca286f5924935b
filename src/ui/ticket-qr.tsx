/**
 * The ticket: a QR of `checkin:{registrationId}` (`TICKET_QR_SYMBOL`) drawn here with
 * `qrcode` (no network, so it shows offline), and the manual code ###-### beside it. Used by
 * /my-registrations, the checkout's last step and the event page's check-in section.
 */
import { toString as qrSvg } from 'qrcode';
import { useMemo } from 'react';
import { formatManualCode, TICKET_QR_SYMBOL, ticketQrContent } from '../domain/registrations.ts';
import './ticket-qr.css';

/**
 * The QR of a ticket as an SVG data URL (an <img>: no inline markup, nothing for the CSP to refuse),
 * drawn at once: the ticket shows its QR in the same paint as its code (offline at the door).
 */
export function ticketQrDataUrl(registrationId: string): string {
  return svgDataUrl(ticketQrContent(registrationId));
}

/** A QR of any text (error correction low) as an SVG data URL; badges use it too. */
export async function qrDataUrl(content: string): Promise<string> {
  return svgDataUrl(content);
}

function svgDataUrl(content: string): string {
  let svg = '';
  // with a callback, qrcode draws synchronously (and reports an error through it)
  qrSvg(
    content,
    { type: 'svg', ...TICKET_QR_SYMBOL, margin: 2, color: { dark: '#000000', light: '#ffffff' } },
    (error, drawn) => {
      if (error) throw error;
      svg = drawn;
    },
  );
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/**
 * When the QR and its code are painted, for the browser's Element Timing (the bench reads it: the
 * ticket's budget is to its paint). Not in React's attribute types, hence the spread.
 */
const PAINT_TIMED = (name: string) => ({ elementtiming: name });

export interface TicketQrProps {
  registrationId: string;
  /** The registration's seq (6 digits). */
  seq: string;
  /** Hide the manual code (the check-in overlay reveals it after 15 s). */
  showCode?: boolean;
  size?: number;
  /** Label of the code, e.g. 'Código'. */
  codeLabel?: string;
  /** The image's alternative text; it receives the formatted code. */
  alt?: (code: string) => string;
}

export function TicketQr({
  registrationId,
  seq,
  showCode = true,
  size = 200,
  codeLabel = 'Código',
  alt = (code) => `QR code do ingresso. Código manual ${code}`,
}: TicketQrProps) {
  const src = useMemo(() => ticketQrDataUrl(registrationId), [registrationId]);
  const code = formatManualCode(seq);
  return (
    <figure className="ticket-qr" data-testid="ticket-qr">
      <img
        src={src}
        width={size}
        height={size}
        alt={alt(code)}
        className="ticket-qr-image"
        {...PAINT_TIMED('ticket-qr')}
      />
      {showCode && (
        <figcaption className="ticket-qr-code">
          <span className="ticket-qr-code-label">{codeLabel}</span>
          <strong data-testid="manual-code" {...PAINT_TIMED('ticket-code')}>
            {code}
          </strong>
        </figcaption>
      )}
    </figure>
  );
}
