/**
 * `/my-registrations` and `/my-registrations/:registrationId` (product-spec.md §2): the member's registrations
 * from the device's store (so they open offline), in groups (the spec's three, plus those under way,
 * the unfinished ones — rejected, expired, canceled — and removed events), and a detail overlay with
 * the tier, the ticket of a paid registration, what to do next (pay, or try again), every attempt
 * newest first, and 'CANCELAR INSCRIÇÃO' on a pending cash/file/link/voucher attempt.
 */
import { Link, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useDeferredValue, useEffect, useLayoutEffect, useMemo } from 'react';
import { useMyRegistrations } from '../../data/registrations/use-my-registrations.ts';
import { collapseCaravans } from '../../domain/caravans.ts';
import { formatDateTime, formatLongDateTime } from '../../domain/dates.ts';
import { caravanMessages } from '../../domain/messages/caravans.ts';
import { checkoutMessages as c, myRegistrationsMessages as m } from '../../domain/messages/checkout.ts';
import { eventMessages } from '../../domain/messages.ts';
import { formatPrice } from '../../domain/money.ts';
import {
  formatVoucher,
  groupRegistrations,
  hasValidTicket,
  isEventRemoved,
  memberCanCancel,
  numberedConfirmations,
  REDIRECT_AFTER_MS,
  statusLabel,
} from '../../domain/registrations.ts';
import type { Confirmation, MyRegistration } from '../../domain/types.ts';
import { forgetPage, openedOnSavedPage, savePage } from '../../lib/saved-page.ts';
import { useOnlineStatus } from '../../lib/session.ts';
import { Sheet } from '../../ui/sheet.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { TicketQr } from '../../ui/ticket-qr.tsx';
import { CaravanTickets } from './caravan-tickets.tsx';
import './checkout.css';

// What the detail offers beside the ticket comes after it: at the door, offline on a cheap phone,
// the QR waits for none of their code.
const more = () => import('./registration-more.tsx');
const MethodNext = lazy(() => more().then((m) => ({ default: m.MethodNext })));
const MyAnswers = lazy(() => more().then((m) => ({ default: m.MyAnswers })));
const RefundSection = lazy(() => more().then((m) => ({ default: m.RefundSection })));
const CancelRegistration = lazy(() => more().then((m) => ({ default: m.CancelRegistration })));

/** Money went back out: nothing more to pay on this registration. */
const moneyBack = (status: string) => status === 'refunded' || status === 'charged_back';

const NONE: MyRegistration[] = [];

/** This page was served with its saved copy (lib/saved-page.ts): its sheet is on screen already. */
let overSavedCopy = openedOnSavedPage;

export function MyRegistrationsScreen({ registrationId }: { registrationId?: string }) {
  const { data, status } = useMyRegistrations();
  const online = useOnlineStatus();
  const navigate = useNavigate();
  const rows = useMemo(() => (data ?? []).filter((r) => r.event && r.tier), [data]);
  const selected = registrationId ? rows.find((r) => r.id === registrationId) : undefined;
  // the list behind an open ticket renders after it: at the door the ticket comes first (offline, a
  // cheap phone: the list's render is most of the time to the QR)
  const listed = useDeferredValue(rows, registrationId ? NONE : rows);
  const groups = useMemo(() => groupRegistrations(collapseCaravans(listed), new Date()), [listed]);
  const ticket =
    !registrationId || data === undefined
      ? undefined
      : selected
        ? hasValidTicket(selected)
        : status.phase === 'refreshing'
          ? undefined
          : false;
  useSavedTicketPage(ticket, selected, listed);
  // the sheet replacing the copy's (opened by Sheet before this runs) does not slide in a second time
  useLayoutEffect(() => {
    if (overSavedCopy)
      for (const slide of document.querySelector('.registration-sheet')?.getAnimations() ?? [])
        slide.finish();
    overSavedCopy = false;
  }, []);

  return (
    <section className="my-registrations" aria-labelledby="my-registrations-title">
      <h1 id="my-registrations-title" className="checkout-title">
        {m.title}
      </h1>
      {(!online || status.phase === 'offline') && <p className="checkout-offline">{m.offline}</p>}
      {data === undefined ? (
        <Spinner label={c.loading} />
      ) : rows.length === 0 ? (
        status.phase === 'refreshing' ? (
          <Spinner label={c.loading} />
        ) : (
          <div className="empty-state">
            <p>{m.empty}</p>
            <Link to="/" className="button">
              {eventMessages.backToEvents}
            </Link>
          </div>
        )
      ) : (
        <>
          <Group title={m.nowGroup} items={groups.now} now />
          <Group title={m.activeGroup} items={groups.active} />
          <Group title={m.pendingGroup} items={groups.pending} />
          <Group title={m.unfinishedGroup} items={groups.unfinished} />
          <Group title={m.pastGroup} items={groups.past} />
          <Group title={m.removedGroup} items={groups.removed} />
        </>
      )}
      <Sheet
        open={Boolean(registrationId)}
        onClose={() => void navigate({ to: '/my-registrations' })}
        labelledBy="registration-detail-title"
        side="right"
        className="registration-sheet"
      >
        {selected ? (
          <RegistrationDetail registration={selected} all={rows} />
        ) : (
          <div className="registration-detail">
            <h2 id="registration-detail-title">{m.details}</h2>
            {data === undefined || status.phase === 'refreshing' ? (
              <Spinner label={c.loading} />
            ) : (
              <p>{m.notFound}</p>
            )}
            <CloseLink />
          </div>
        )}
      </Sheet>
    </section>
  );
}

function Group({ title, items, now }: { title: string; items: MyRegistration[]; now?: boolean }) {
  if (!items.length) return null;
  const id = `group-${title.replace(/\W+/g, '-')}`;
  return (
    <section
      className={`registration-group${now ? ' registration-group-now' : ''}`}
      aria-labelledby={id}
      data-testid={now ? 'happening-now' : undefined}
    >
      <h2 id={id} className="registration-group-title">
        {title}
      </h2>
      <ul className="registration-list">
        {items.map((r) => (
          <li key={r.id}>
            <Link
              className="registration-card"
              to="/my-registrations/$registrationId"
              params={{ registrationId: r.id }}
              data-testid="registration-card"
            >
              <span className="registration-card-title">{r.event.title}</span>
              <span className="registration-card-date">{formatLongDateTime(r.event.starts_at)}</span>
              <span className="registration-card-tier">{r.tier.name}</span>
              {r.group && r.guest && (
                <span className="registration-card-tier">{caravanMessages.groupTitle(r.group.people)}</span>
              )}
              {isEventRemoved(r) ? (
                <span className="badge badge-canceled">{m.eventRemoved}</span>
              ) : (
                <span className={`badge badge-${r.status}`}>{statusLabel(r.status)}</span>
              )}
              {now && hasValidTicket(r) && <span className="registration-card-ticket">{m.showTicket}</span>}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * A ticket's page is kept as drawn once the device is idle (the list behind it, the parts beside it
 * rendered): opened again, the service worker puts it in the first paint (lib/saved-page.ts). A
 * registration with no ticket now (canceled, refunded, gone) leaves no copy behind.
 */
function useSavedTicketPage(
  ticket: boolean | undefined,
  registration: MyRegistration | undefined,
  list: MyRegistration[],
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the registration and the list are what the copy shows: saved again when they change
  useEffect(() => {
    if (ticket === undefined) return undefined;
    const path = location.pathname;
    if (!ticket) {
      void forgetPage(path);
      return undefined;
    }
    const save = () => void savePage(path);
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(save, 1000);
      return () => clearTimeout(timer);
    }
    const idle = requestIdleCallback(save, { timeout: 2000 });
    return () => cancelIdleCallback(idle);
  }, [ticket, registration, list]);
}

function CloseLink() {
  return (
    <Link to="/my-registrations" className="button button-secondary">
      {m.close}
    </Link>
  );
}

function RegistrationDetail({
  registration,
  all,
}: {
  registration: MyRegistration;
  all: readonly MyRegistration[];
}) {
  // a caravan's registration as its leader sees it: the group's tickets instead of one
  const caravan = Boolean(registration.group && registration.guest);
  const navigate = useNavigate();
  const newest = registration.confirmations[0];
  const removed = isEventRemoved(registration);
  const cancelable = !removed && !caravan && memberCanCancel(newest);

  return (
    <div className="registration-detail" data-testid="registration-detail">
      <h2 id="registration-detail-title">{registration.event.title}</h2>
      <p className="checkout-date">{formatLongDateTime(registration.event.starts_at)}</p>
      <dl className="checkout-facts">
        <div>
          <dt>{c.tier}</dt>
          <dd>{registration.tier.name}</dd>
        </div>
        <div>
          <dt>{m.value}</dt>
          <dd>{formatPrice(registration.frozen_value)}</dd>
        </div>
        <div>
          <dt>{c.statusLabel}</dt>
          <dd>
            <span className={`badge badge-${registration.status}`} data-testid="registration-status">
              {statusLabel(registration.status)}
            </span>
          </dd>
        </div>
      </dl>
      {removed && (
        <p className="registration-removed" role="status" data-testid="event-removed">
          {m.eventRemovedText}
        </p>
      )}
      {caravan && <CaravanTickets registration={registration} all={all} />}
      {!caravan && hasValidTicket(registration) && (
        <section className="checkout-ticket" aria-label={c.paidBanner}>
          <p className="checkout-paid">{c.paidBanner}</p>
          <TicketQr registrationId={registration.id} seq={registration.seq} />
        </section>
      )}
      <Suspense fallback={null}>
        {!caravan && !removed && <RefundSection registration={registration} />}
        {newest && !removed && registration.status !== 'paid' && !moneyBack(registration.status) && (
          <MethodNext
            registration={registration}
            confirmation={newest}
            onVoucherPaid={() =>
              setTimeout(() => void navigate({ to: '/my-registrations' }), REDIRECT_AFTER_MS)
            }
          />
        )}
        {!removed && <MyAnswers registrationId={registration.id} />}
      </Suspense>
      <ol className="confirmations">
        {numberedConfirmations(registration.confirmations).map(({ confirmation, number }) => (
          <ConfirmationItem key={confirmation.id} confirmation={confirmation} number={number} />
        ))}
      </ol>
      {cancelable && (
        <Suspense fallback={null}>
          <CancelRegistration eventId={registration.event_id} />
        </Suspense>
      )}
      <CloseLink />
    </div>
  );
}

function ConfirmationItem({ confirmation, number }: { confirmation: Confirmation; number: number }) {
  const reason =
    typeof confirmation.response_data?.reason === 'string' ? confirmation.response_data.reason : null;
  // the code the member typed (kept also when it did not apply)
  const typed = confirmation.request_data?.voucher;
  const voucher = confirmation.voucher_code ?? (typeof typed === 'string' ? typed : null);
  return (
    <li className="confirmation" data-testid="confirmation">
      <p className="confirmation-title">
        {m.confirmationTitle(number, formatDateTime(confirmation.created_at))}
      </p>
      <p>
        <span className={`badge badge-${confirmation.status}`}>{statusLabel(confirmation.status)}</span>{' '}
        {c.methodNames[confirmation.strategy] ?? confirmation.strategy}
      </p>
      {confirmation.status === 'canceled' && <p>{m.canceledConfirmation}</p>}
      {confirmation.strategy === 'voucher' && voucher && (
        <p>
          {confirmation.status === 'paid' ? m.voucherValid : m.voucherInvalidApplied}:{' '}
          <strong>{formatVoucher(voucher)}</strong>
        </p>
      )}
      {reason && (
        <p>
          {m.reason}: {reason}
        </p>
      )}
    </li>
  );
}
