/**
 * The receipt method's PIX (docs/product-spec.md §4, 'PIX com envio de comprovante'): a BR Code
 * (src/domain/pix.ts) built from the tier's key with the exact amount and a transaction id derived
 * from the registration, as a QR and 'copia e cola', so the member pays in one scan and the bank
 * statement names the registration. Drawn on the device (no network).
 */
import { useEffect, useState } from 'react';
import { pixMessages as m } from '../../domain/messages/pix.ts';
import { formatMoney } from '../../domain/money.ts';
import { brCode, pixTxid } from '../../domain/pix.ts';
import { PixCode } from '../../ui/pix-code.tsx';
import { qrDataUrl } from '../../ui/ticket-qr.tsx';

export function PixReceiptCode({
  pixKey,
  amountCents,
  registration,
}: {
  pixKey: string;
  amountCents: number;
  registration: { id: string; seq: string };
}) {
  const txid = pixTxid(registration);
  const code = brCode({ key: pixKey, amountCents, txid });
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void qrDataUrl(code).then((url) => {
      if (live) setSrc(url);
    });
    return () => {
      live = false;
    };
  }, [code]);
  const value = formatMoney(amountCents);
  return (
    <section className="pix-receipt-code" aria-label={m.title} data-testid="pix-br-code">
      <p>{m.lead}</p>
      {src && <img className="pix-receipt-qr" src={src} alt={m.qrAlt(value)} width={220} height={220} />}
      <dl className="checkout-facts">
        <div>
          <dt>{m.amount}</dt>
          <dd>{value}</dd>
        </div>
        <div>
          <dt>{m.txid}</dt>
          <dd data-testid="pix-txid">{txid}</dd>
        </div>
      </dl>
      <PixCode code={code} label={m.codeLabel} />
    </section>
  );
}
