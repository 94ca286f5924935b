/** Vouchers of the event: generate a batch for a tier, see which were used and by whom, CSV. */
import { useId, useState } from 'react';
import { formatDateTime } from '../../../domain/dates.ts';
import { MAX_VOUCHERS_PER_BATCH } from '../../../domain/event-editor.ts';
import { editorMessages as t } from '../../../domain/messages/editor.ts';
import { formatVoucher } from '../../../domain/registrations.ts';
import type { PricingTier } from '../../../domain/types.ts';
import { notify } from '../../../ui/notices.tsx';
import { downloadVouchersCsv, useGenerateVouchers, useVouchers } from '../api/queries.ts';
import { SelectField } from './choice-fields.tsx';

export function VouchersPanel({ eventId, tiers }: { eventId: string; tiers: PricingTier[] }) {
  const list = useVouchers(eventId);
  const generate = useGenerateVouchers(eventId);
  const [tierId, setTierId] = useState('');
  const [count, setCount] = useState('10');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string>();
  const id = useId();
  const chosenTier = tierId || tiers[0]?.id || '';

  const download = async () => {
    try {
      const blob = await downloadVouchersCsv(eventId);
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = 'vouchers.csv';
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch (e) {
      notify('negative', (e as Error).message);
    }
  };

  return (
    <section className="editor-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t.vouchers}</h2>
      {tiers.length === 0 ? (
        <p className="muted">{t.saveFirst}</p>
      ) : (
        <div className="editor-row">
          <SelectField label={t.voucherTier} value={chosenTier} onChange={setTierId}>
            {tiers.map((tier) => (
              <option key={tier.id} value={tier.id}>
                {tier.name}
              </option>
            ))}
          </SelectField>
          <div className="field">
            <label className="field-label" htmlFor={`${id}-count`}>
              {t.voucherCount}
            </label>
            <input
              id={`${id}-count`}
              className="input"
              type="number"
              min={1}
              max={MAX_VOUCHERS_PER_BATCH}
              value={count}
              onChange={(e) => setCount(e.target.value)}
            />
          </div>
          <div className="field">
            <label className="field-label" htmlFor={`${id}-desc`}>
              {t.voucherDescription}
            </label>
            <input
              id={`${id}-desc`}
              className="input"
              value={description}
              onChange={(e) => setDescription(e.target.value)}
            />
          </div>
        </div>
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <div className="editor-actions">
        {tiers.length > 0 && (
          <button
            type="button"
            className="button button-secondary"
            disabled={generate.isPending}
            onClick={() => {
              setError(undefined);
              generate.mutate(
                { tier_id: chosenTier, count: Number(count), description },
                {
                  onSuccess: (r) => notify('positive', t.generated(r.codes.length)),
                  onError: (e) => setError(e.message),
                },
              );
            }}
          >
            {t.generate}
          </button>
        )}
        {Boolean(list.data?.length) && (
          <button type="button" className="button button-secondary" onClick={() => void download()}>
            {t.downloadCsv}
          </button>
        )}
      </div>
      {list.data && list.data.length === 0 && <p className="muted">{t.noVouchers}</p>}
      {list.data && list.data.length > 0 && (
        <div className="table-wrap">
          {/* a card per voucher on a phone: no sideways scroll (axe scrollable-region-focusable) */}
          <table className="editor-table editor-table-stack" aria-label={t.vouchers}>
            <thead>
              <tr>
                <th scope="col">Código</th>
                <th scope="col">{t.voucherTier}</th>
                <th scope="col">Situação</th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((v) => (
                <tr key={v.id} data-testid="voucher-row">
                  <td className="mono">{formatVoucher(v.code)}</td>
                  <td data-label={t.voucherTier}>{v.tier_name}</td>
                  <td data-label="Situação">
                    {v.used_at
                      ? `${t.usedBy(v.used_by_name ?? v.used_by_email ?? '—')} (${formatDateTime(v.used_at)})`
                      : t.unused}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
