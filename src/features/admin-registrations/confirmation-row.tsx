import { useId } from 'react';
import {
  type AdminAction,
  type AdminConfirmationRow,
  adminActions,
  badgeHref,
} from '../../domain/admin-registrations.ts';
import { formatDateTime } from '../../domain/dates.ts';
import { adminRegistrationsMessages as m } from '../../domain/messages/admin-registrations.ts';
import { caravanMessages } from '../../domain/messages/caravans.ts';
import { checkoutMessages } from '../../domain/messages/checkout.ts';
import { pixMessages } from '../../domain/messages/pix.ts';
import { refundMessages } from '../../domain/messages/refunds.ts';
import { formatMoney, formatPrice } from '../../domain/money.ts';
import { pixTxid } from '../../domain/pix.ts';
import { formatManualCode, statusLabel } from '../../domain/registrations.ts';
import { formatPhone } from '../../domain/validation.ts';
import { RegistrationAnswers } from './registration-answers.tsx';

const badgeLabel = statusLabel;
const methodNames: Record<string, string> = checkoutMessages.methodNames;
const methodLabel = (strategy: string) => methodNames[strategy] ?? strategy;

/** One payment attempt: a summary line that expands into its details and the review buttons. */
export function ConfirmationRow({
  row,
  expanded,
  busy,
  canWrite,
  onToggle,
  onAction,
  onOpenReceipt,
}: {
  row: AdminConfirmationRow;
  expanded: boolean;
  busy: boolean;
  canWrite: boolean;
  onToggle(): void;
  onAction(action: AdminAction): void;
  onOpenReceipt(): void;
}) {
  const detailId = useId();
  const actions = canWrite ? adminActions(row) : [];
  return (
    <li className="review-row" data-confirmation={row.id}>
      <button
        type="button"
        className="review-summary"
        aria-expanded={expanded}
        aria-controls={detailId}
        onClick={onToggle}
      >
        <span className="review-name">
          {row.user.name}
          {row.caravan && ` · ${caravanMessages.staffGroup}`}
        </span>
        <span className="review-event">
          {row.event.title} · {row.tier.name}
        </span>
        <span className="review-meta">
          <span>{methodLabel(row.strategy)}</span>
          <span className={`status-badge status-${row.status}`}>{badgeLabel(row.status)}</span>
          <span className="review-value">{formatPrice(row.registration.frozen_value)}</span>
        </span>
      </button>
      <div id={detailId} className="review-detail" hidden={!expanded}>
        {expanded && (
          <>
            <dl className="review-facts">
              <Fact label={m.event} value={row.event.title} />
              <Fact label={m.tier} value={row.tier.name} />
              <Fact label={m.method} value={methodLabel(row.strategy)} />
              <Fact label={m.status} value={badgeLabel(row.status)} />
              <Fact label={m.name} value={row.user.name} />
              <Fact label={m.email} value={row.user.email} />
              {row.user.phone && <Fact label={m.phone} value={formatPhone(row.user.phone)} />}
              {row.user.temple_name && <Fact label={m.temple} value={row.user.temple_name} />}
              {row.caravan && (
                <Fact
                  label={caravanMessages.leader}
                  value={caravanMessages.staffLeader(row.caravan.leader_name)}
                />
              )}
              <Fact label={m.value} value={formatPrice(row.registration.frozen_value)} />
              {row.strategy === 'file' && (
                <>
                  <Fact
                    label={pixMessages.expectedAmount}
                    value={formatMoney(row.registration.frozen_value)}
                  />
                  <Fact label={pixMessages.expectedTxid} value={pixTxid(row.registration)} />
                </>
              )}
              <Fact label={m.code} value={formatManualCode(row.registration.seq)} />
              <Fact label={m.registrationStatus} value={badgeLabel(row.registration.status)} />
              <Fact label={m.createdAt} value={formatDateTime(row.created_at)} />
              {row.expires_at && <Fact label={m.expiresAt} value={formatDateTime(row.expires_at)} />}
              {row.voucher_code && <Fact label={m.voucher} value={row.voucher_code.toUpperCase()} />}
              {row.reason && <Fact label={m.reason} value={row.reason} />}
              {row.refund && (
                <Fact
                  label={
                    row.refund.kind === 'chargeback'
                      ? refundMessages.chargebackBy
                      : refundMessages.staffRecorded
                  }
                  value={refundMessages.staffRecordedBy(
                    row.refund.by_name ?? refundMessages.origins[row.refund.origin],
                    formatDateTime(row.refund.created_at),
                    formatPrice(row.refund.amount),
                  )}
                />
              )}
            </dl>
            <RegistrationAnswers registrationId={row.registration.id} canWrite={canWrite} />
            <div className="review-actions">
              {row.receipt_path && (
                <button type="button" className="button button-secondary" onClick={onOpenReceipt}>
                  {m.openReceipt}
                </button>
              )}
              {!row.user.account_deleted && (
                <a
                  className="button button-secondary"
                  href={badgeHref(row.user.name, row.user.temple_name, row.registration.id)}
                  target="_blank"
                  rel="noopener"
                >
                  {m.printBadge}
                </a>
              )}
              {actions.includes('approve') && (
                <button type="button" className="button" disabled={busy} onClick={() => onAction('approve')}>
                  {m.approve}
                </button>
              )}
              {actions.includes('reject') && (
                <button
                  type="button"
                  className="button button-danger"
                  disabled={busy}
                  onClick={() => onAction('reject')}
                >
                  {m.reject}
                </button>
              )}
              {actions.includes('refund') && (
                <button
                  type="button"
                  className="button button-secondary button-danger-outline"
                  disabled={busy}
                  onClick={() => onAction('refund')}
                >
                  {refundMessages.staffAction}
                </button>
              )}
              {actions.includes('cancel') && (
                <button
                  type="button"
                  className="button button-secondary button-danger-outline"
                  disabled={busy}
                  onClick={() => onAction('cancel')}
                >
                  {m.remove}
                </button>
              )}
            </div>
          </>
        )}
      </div>
    </li>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
