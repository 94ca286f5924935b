import { type FormEvent, useId, useState } from 'react';
import { useHasPermission } from '../../data/use-me.ts';
import {
  type AdminAction,
  type AdminConfirmationFilter,
  type AdminConfirmationRow,
  eventBadgesHref,
  QUICK_FILTERS,
  type QuickFilterKey,
} from '../../domain/admin-registrations.ts';
import { formatDate } from '../../domain/dates.ts';
import { adminRegistrationsMessages as m } from '../../domain/messages/admin-registrations.ts';
import { checkoutMessages } from '../../domain/messages/checkout.ts';
import { statusLabel } from '../../domain/registrations.ts';
import {
  type ConfirmationStatus,
  PAYMENT_METHODS,
  type PaymentMethod,
  REGISTRATION_STATUSES,
} from '../../domain/types.ts';
import { ApiFailure } from '../../lib/api.ts';
import { notify } from '../../ui/notices.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import {
  useAdminConfirmations,
  useConfirmationEvents,
  useReviewConfirmation,
} from './api/admin-confirmations.ts';
import { ApproveDialog } from './approve-dialog.tsx';
import { ConfirmationRow } from './confirmation-row.tsx';
import { ReasonDialog } from './reason-dialog.tsx';
import { ReceiptViewer } from './receipt-viewer.tsx';
import './admin-registrations.css';
import { refundMessages } from '../../domain/messages/refunds.ts';
import { formatPrice } from '../../domain/money.ts';
import { refundMethodFor } from '../../domain/refunds.ts';

type Selected = QuickFilterKey | 'other';

const DONE: Record<AdminAction, string> = {
  approve: m.approved,
  reject: m.rejected,
  cancel: m.removed,
  refund: refundMessages.staffRecorded,
};

/** `/admin/registrations` 'Inscrições': quick filters, other filters, the list and the review. */
export function AdminRegistrationsScreen() {
  const [selected, setSelected] = useState<Selected>('analysis');
  const [other, setOther] = useState<AdminConfirmationFilter>({});
  const [formOpen, setFormOpen] = useState(false);
  const filter = selected === 'other' ? other : QUICK_FILTERS.find((q) => q.key === selected)!.filter;

  return (
    <section className="admin-registrations" aria-labelledby="admin-registrations-title">
      <div className="review-heading">
        <h1 id="admin-registrations-title">{m.title}</h1>
        <a
          className="button button-secondary"
          href={eventBadgesHref(filter.eventId)}
          target="_blank"
          rel="noopener"
        >
          {m.printEventBadges}
        </a>
      </div>
      <fieldset className="review-chips">
        <legend className="visually-hidden">{m.quickFilters}</legend>
        {QUICK_FILTERS.map((q) => (
          <button
            key={q.key}
            type="button"
            className="review-chip"
            aria-pressed={selected === q.key}
            onClick={() => {
              setSelected(q.key);
              setFormOpen(false);
            }}
          >
            {q.label}
          </button>
        ))}
        <button
          type="button"
          className="review-chip"
          aria-pressed={selected === 'other'}
          aria-expanded={formOpen}
          onClick={() => setFormOpen((open) => !open)}
        >
          {m.chipOther}
        </button>
      </fieldset>
      {formOpen && (
        <OtherFilters
          initial={other}
          onApply={(next) => {
            setOther(next);
            setSelected('other');
          }}
        />
      )}
      <ConfirmationList filter={filter} />
    </section>
  );
}

function OtherFilters({
  initial,
  onApply,
}: {
  initial: AdminConfirmationFilter;
  onApply(filter: AdminConfirmationFilter): void;
}) {
  const id = useId();
  const events = useConfirmationEvents();
  const [status, setStatus] = useState<string>(initial.status ?? '');
  const [method, setMethod] = useState<string>(initial.paymentMethod ?? '');
  const [eventId, setEventId] = useState(initial.eventId ?? '');
  const [text, setText] = useState(initial.text ?? '');

  function submit(e: FormEvent) {
    e.preventDefault();
    onApply({
      ...(status ? { status: status as ConfirmationStatus } : {}),
      ...(method ? { paymentMethod: method as PaymentMethod } : {}),
      ...(eventId ? { eventId } : {}),
      ...(text.trim() ? { text: text.trim().slice(0, 120) } : {}),
    });
  }

  return (
    <form className="review-filters" onSubmit={submit}>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-status`}>
          {m.filterStatus}
        </label>
        <select
          id={`${id}-status`}
          className="input"
          value={status}
          onChange={(e) => setStatus(e.target.value)}
        >
          <option value="">{m.filterAny}</option>
          {REGISTRATION_STATUSES.map((s) => (
            <option key={s} value={s}>
              {statusLabel(s)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-method`}>
          {m.filterMethod}
        </label>
        <select
          id={`${id}-method`}
          className="input"
          value={method}
          onChange={(e) => setMethod(e.target.value)}
        >
          <option value="">{m.filterAny}</option>
          {PAYMENT_METHODS.map((p) => (
            <option key={p} value={p}>
              {checkoutMessages.methodNames[p]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-event`}>
          {m.filterEvent}
        </label>
        <select
          id={`${id}-event`}
          className="input"
          value={eventId}
          onChange={(e) => setEventId(e.target.value)}
        >
          <option value="">{m.filterAny}</option>
          {(events.data ?? []).map((ev) => (
            <option key={ev.id} value={ev.id}>
              {ev.title} ({formatDate(ev.starts_at)})
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-text`}>
          {m.filterText}
        </label>
        <input
          id={`${id}-text`}
          className="input"
          type="search"
          value={text}
          maxLength={120}
          onChange={(e) => setText(e.target.value)}
        />
      </div>
      <div className="review-filters-actions">
        <button type="submit" className="button">
          {m.filterApply}
        </button>
      </div>
    </form>
  );
}

/** What a refund does, said before staff confirm it. */
function refundLead(row: AdminConfirmationRow): string {
  const value = formatPrice(row.registration.frozen_value);
  return refundMethodFor(row.strategy) === 'mercadopago'
    ? refundMessages.staffLeadProvider(value)
    : refundMessages.staffLeadManual(value);
}

function ConfirmationList({ filter }: { filter: AdminConfirmationFilter }) {
  const list = useAdminConfirmations(filter);
  const reviewMutation = useReviewConfirmation();
  const canWrite = useHasPermission('write_confirmations');
  const [expanded, setExpanded] = useState<string | null>(null);
  const [asking, setAsking] = useState<{ row: AdminConfirmationRow; action: AdminAction } | null>(null);
  const [receipt, setReceipt] = useState<AdminConfirmationRow | null>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);

  function review(row: AdminConfirmationRow, action: AdminAction, reason?: string) {
    reviewMutation.mutate(
      { id: row.id, action, ...(reason ? { reason } : {}) },
      {
        onSuccess: () => {
          setAsking(null);
          setExpanded(null);
          notify('positive', DONE[action]);
        },
        onError: (error) => {
          const message = error instanceof ApiFailure ? error.message : m.loadError;
          if (asking) setDialogError(message);
          else notify('negative', message);
        },
      },
    );
  }

  if (list.isPending) {
    return (
      <div className="review-state">
        <Spinner label={m.loading} />
      </div>
    );
  }
  if (list.isError) {
    return (
      <div className="review-state" role="alert">
        <p>{list.error instanceof ApiFailure ? list.error.message : m.loadError}</p>
        <button type="button" className="button button-secondary" onClick={() => void list.refetch()}>
          {m.retry}
        </button>
      </div>
    );
  }
  const rows = list.data.pages.flatMap((p) => p.items);
  if (rows.length === 0 && !list.hasNextPage) {
    return (
      <p className="review-state review-empty" role="status">
        {m.empty}
      </p>
    );
  }
  return (
    <>
      <p className="review-count" aria-live="polite">
        {m.shown(rows.length)}
      </p>
      <ul className="review-list">
        {rows.map((row) => (
          <ConfirmationRow
            key={row.id}
            row={row}
            expanded={expanded === row.id}
            busy={reviewMutation.isPending}
            canWrite={canWrite}
            onToggle={() => setExpanded((id) => (id === row.id ? null : row.id))}
            onOpenReceipt={() => setReceipt(row)}
            onAction={(action) => {
              setDialogError(null);
              setAsking({ row, action });
            }}
          />
        ))}
      </ul>
      {list.hasNextPage && (
        <div className="review-more">
          <button
            type="button"
            className="button button-secondary"
            disabled={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            {list.isFetchingNextPage ? <Spinner size={18} label={m.loading} /> : m.loadMore}
          </button>
        </div>
      )}
      {asking?.action === 'approve' && (
        <ApproveDialog
          row={asking.row}
          busy={reviewMutation.isPending}
          serverError={dialogError}
          onConfirm={() => review(asking.row, 'approve')}
          onClose={() => setAsking(null)}
        />
      )}
      {asking && asking.action !== 'approve' && (
        <ReasonDialog
          title={
            asking.action === 'reject'
              ? m.rejectTitle
              : asking.action === 'refund'
                ? refundMessages.staffTitle
                : m.removeTitle
          }
          confirmLabel={
            asking.action === 'reject'
              ? m.reject
              : asking.action === 'refund'
                ? refundMessages.staffConfirm
                : m.remove
          }
          lead={asking.action === 'refund' ? refundLead(asking.row) : undefined}
          label={asking.action === 'refund' ? refundMessages.staffReason : undefined}
          busy={reviewMutation.isPending}
          serverError={dialogError}
          onConfirm={(reason) => review(asking.row, asking.action, reason)}
          onClose={() => setAsking(null)}
        />
      )}
      {receipt?.receipt_path && (
        <ReceiptViewer
          path={receipt.receipt_path}
          name={receipt.user.name}
          onClose={() => setReceipt(null)}
        />
      )}
    </>
  );
}
