/** A PIX copy-and-paste code with its copy button (the checkout's PIX, the receipt method's and the caravan's). */
import './pix-code.css';
import { useId, useState } from 'react';
import { mercadoPagoMessages as m } from '../domain/messages/mercadopago.ts';

export function PixCode({ code, label = m.pixCodeLabel }: { code: string; label?: string }) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  return (
    <div className="mp-pix-code">
      <label htmlFor={id}>{label}</label>
      <textarea id={id} className="input" readOnly rows={3} value={code} onFocus={(e) => e.target.select()} />
      <button
        type="button"
        className="button button-secondary"
        onClick={() => {
          navigator.clipboard?.writeText(code).then(
            () => setCopied(true),
            () => setCopied(false),
          );
        }}
      >
        {copied ? m.pixCopied : m.pixCopy}
      </button>
    </div>
  );
}
