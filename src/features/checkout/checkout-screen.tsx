/**
 * `/checkout/:eventId/:tierId` (product-spec.md §4): 1 information and method choice; 2 the payment (the
 * provider's form for mp_card/mp_pix, from payment-forms.ts; the voucher's code field; instructions
 * with 'Ok, entendi!' for the others), each with '« Voltar'; 3 the confirmation with status and
 * method (and what the member does next: send the receipt, open the link, or the ticket). Every
 * checkout error is a top negative notice, and the card and voucher steps also keep it on their
 * form; the submitting flag clears after any error.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Suspense, useEffect, useState } from 'react';
import { eventQuery } from '../../data/events/event-query.ts';
import { usePaymentContext } from '../../data/events/use-payment-context.ts';
import { queryClient } from '../../data/query-client.ts';
import { startCheckoutMutation } from '../../data/registrations/mutations.ts';
import { useMyCheckinsLive } from '../../data/registrations/use-my-checkins-live.ts';
import { useMyRegistrations } from '../../data/registrations/use-my-registrations.ts';
import { useMe } from '../../data/use-me.ts';
import { myWaitlistQuery } from '../../data/waitlist/waitlist-query.ts';
import { formatDateTime, formatLongDateTime } from '../../domain/dates.ts';
import { caravanMessages } from '../../domain/messages/caravans.ts';
import {
  checkoutApiErrors,
  checkoutMessages as m,
  myRegistrationsMessages,
} from '../../domain/messages/checkout.ts';
import { waitlistMessages } from '../../domain/messages/waitlist.ts';
import { formatPrice } from '../../domain/money.ts';
import { type Answers, answersErrors } from '../../domain/questions.ts';
import {
  currentRegistration,
  hasValidTicket,
  offeredMethods,
  statusLabel,
} from '../../domain/registrations.ts';
import { caravanAllowed, pixKeyOf, tierDisplay, tierStatus } from '../../domain/tiers.ts';
import type { PaymentMethod } from '../../domain/types.ts';
import { ApiFailure } from '../../lib/api.ts';
import { useOnlineStatus, useSessionStore } from '../../lib/session.ts';
import { AnswerFields } from '../../ui/answer-fields.tsx';
import { FormAlert } from '../../ui/field.tsx';
import {
  emptyGuardianInput,
  GuardianFields,
  type GuardianInput,
  needsGuardian,
} from '../../ui/guardian-fields.tsx';
import { notify } from '../../ui/notices.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { TicketQr } from '../../ui/ticket-qr.tsx';
import { checkoutErrorText } from './checkout-errors.ts';
import { MethodNext } from './method-next.tsx';
import { PAYMENT_FORMS, usableMethods } from './payment-forms.ts';
import { VoucherStep } from './voucher-step.tsx';
import './checkout.css';
import { refundMessages } from '../../domain/messages/refunds.ts';
import { DEFAULT_WITHDRAWAL_DAYS } from '../../domain/refunds.ts';

type Step = 1 | 2 | 3;

export function CheckoutScreen({ eventId, tierId }: { eventId: string; tierId: string }) {
  const { event, tier, questions, minorRules, asksAge, missing } = usePaymentContext(eventId, tierId);
  const { data: registrations } = useMyRegistrations();
  const online = useOnlineStatus();
  const [step, setStep] = useState<Step>(1);
  const [method, setMethod] = useState<PaymentMethod | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const checkout = useMutation(startCheckoutMutation);
  const [registrationId, setRegistrationId] = useState<string | null>(null);
  // the tier sold out while the member was paying: said on the screen, with where to go next
  const [soldOut, setSoldOut] = useState(false);
  const [answers, setAnswers] = useState<Answers>({});
  const [answerErrors, setAnswerErrors] = useState<Record<string, string>>({});
  // the birth date the profile keeps fills the field (a date given here is kept in the profile)
  const profileBirthDate = useMe().me?.profile?.birth_date ?? '';
  const [guardian, setGuardian] = useState<GuardianInput>(() => ({
    ...emptyGuardianInput(),
    birth_date: profileBirthDate,
  }));
  // the profile may arrive after the screen opened: it fills the field only while it is empty
  useEffect(() => {
    if (profileBirthDate) setGuardian((g) => (g.birth_date ? g : { ...g, birth_date: profileBirthDate }));
  }, [profileBirthDate]);
  const navigate = useNavigate();

  const registration = registrationId ? registrations?.find((r) => r.id === registrationId) : undefined;
  // a sold-out tier may hold a place for this member (their waiting list's offer, until when)
  const offer = useQuery({
    ...myWaitlistQuery(tierId),
    enabled: tier !== undefined && tier.total !== null && tierStatus(tier, new Date()) === 'SOLD_OUT',
  });
  const heldUntil = offer.data?.status === 'offered' ? offer.data.offer_expires_at : null;

  if (!event || !tier) {
    return (
      <section className="checkout" aria-labelledby="checkout-title">
        <h1 id="checkout-title" className="checkout-title">
          {m.title}
        </h1>
        {missing ? <FormAlert>{m.eventNotFound}</FormAlert> : <Spinner label={m.loading} />}
      </section>
    );
  }

  const free = tier.price === 0;
  const methods = usableMethods(offeredMethods(event, tier));
  const display = tierDisplay(tier, new Date());
  const open = display.open || heldUntil !== null;
  const existing = registrationId ? undefined : currentRegistration(registrations, eventId);
  /** The event's questions answered as the API's rules want; otherwise each message beside its field. */
  const answersOk = () => {
    const errors = answersErrors(questions, answers);
    setAnswerErrors(errors);
    return Object.keys(errors).length === 0;
  };

  async function submit(chosen: PaymentMethod | undefined, transactionData?: Record<string, unknown>) {
    if (submitting) return;
    setSubmitting(true);
    try {
      const item = await checkout.mutateAsync({
        eventId,
        tierId,
        body: {
          tierId,
          ...(chosen ? { paymentMethod: chosen } : {}),
          ...(transactionData ? { transactionData } : {}),
          ...(questions.length ? { answers } : {}),
          ...(asksAge ? { birth_date: guardian.birth_date } : {}),
          ...(needsGuardian(minorRules, guardian.birth_date)
            ? { guardian: { name: guardian.name, cpf: guardian.cpf, email: guardian.email } }
            : {}),
        },
      });
      setRegistrationId(item.registration_id);
      setStep(3);
      if (chosen === 'voucher') {
        // product-spec.md §8: the voucher's success notice, then the registration after 2 s
        notify('positive', myRegistrationsMessages.confirmedSuccess);
        setTimeout(
          () =>
            void navigate({
              to: '/my-registrations/$registrationId',
              params: { registrationId: item.registration_id },
            }),
          2000,
        );
      }
    } catch (error) {
      notify('negative', checkoutErrorText(error));
      if ((error as { code?: unknown })?.code === 'TIER_UNAVAILABLE') {
        setSoldOut(true);
        window.scrollTo?.({ top: 0 });
        void queryClient.invalidateQueries({ queryKey: eventQuery(eventId).queryKey });
      }
      // an account without CPF, WhatsApp or congregation completes them first, then comes back here
      if ((error as { code?: unknown })?.code === 'PROFILE_INCOMPLETE') {
        void navigate({ to: '/auth/welcome', search: { redirectTo: `/checkout/${eventId}/${tierId}` } });
      }
      // a caravan holds this member's CPF: its ticket, where they claim it or release the CPF
      const held =
        error instanceof ApiFailure && error.code === 'CPF_IN_CARAVAN' && error.details.registration_id;
      if (typeof held === 'string') {
        void navigate({ to: '/claim/$registrationId', params: { registrationId: held } });
      }
      throw error;
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <section className="checkout" aria-labelledby="checkout-title">
      <h1 id="checkout-title" className="checkout-title">
        {m.title}
      </h1>
      <p className="checkout-step" aria-live="polite">
        {m.stepOf(step, 3)} · {[m.stepInfo, m.stepPayment, m.stepDone][step - 1]}
      </p>
      <div className="checkout-summary">
        <p className="checkout-event">{event.title}</p>
        <p className="checkout-date">{formatLongDateTime(event.starts_at)}</p>
        <dl className="checkout-facts">
          <div>
            <dt>{m.tier}</dt>
            <dd>{tier.name}</dd>
          </div>
          <div>
            <dt>{m.price}</dt>
            <dd data-testid="checkout-price">{formatPrice(tier.price)}</dd>
          </div>
        </dl>
      </div>
      {!online && step < 3 && <FormAlert type="info">{m.offline}</FormAlert>}

      {soldOut && step < 3 && (
        <div className="checkout-panel checkout-sold-out" role="alert" data-testid="checkout-sold-out">
          <p className="checkout-sold-out-title">{m.soldOutTitle}</p>
          <p>{m.soldOutNext}</p>
          <Link className="button button-block" to="/" search={{ event: eventId }}>
            {m.soldOutEvent}
          </Link>
        </div>
      )}

      {!soldOut && step === 1 && existing && (
        <div className="checkout-existing">
          <FormAlert type="info">{checkoutApiErrors.ALREADY_REGISTERED}</FormAlert>
          <Link
            className="button"
            to="/my-registrations/$registrationId"
            params={{ registrationId: existing.id }}
          >
            {m.alreadyRegisteredLink}
          </Link>
        </div>
      )}

      {!soldOut && step === 1 && !existing && heldUntil && (
        <FormAlert type="info">{waitlistMessages.checkoutHeld(formatDateTime(heldUntil))}</FormAlert>
      )}

      {!soldOut && step === 1 && !existing && open && (
        <>
          {asksAge && minorRules && (
            <GuardianFields rules={minorRules} value={guardian} onChange={setGuardian} />
          )}
          <AnswerFields questions={questions} answers={answers} errors={answerErrors} onChange={setAnswers} />
        </>
      )}

      {!soldOut && step === 1 && !existing && (
        <StepOne
          free={free}
          open={open}
          methods={methods}
          method={method}
          onMethod={setMethod}
          submitting={submitting}
          onFree={() => answersOk() && void submit(undefined).catch(() => {})}
          onNext={() => answersOk() && setStep(2)}
          description={tier.description}
          withdrawalDays={event.withdrawal_days ?? DEFAULT_WITHDRAWAL_DAYS}
        />
      )}

      {step === 1 && caravanAllowed(event, tier, new Date()) && (
        <p className="checkout-caravan">
          <Link to="/caravan/$eventId/$tierId" params={{ eventId, tierId }}>
            {caravanMessages.open}
          </Link>
        </p>
      )}

      {!soldOut && step === 2 && method && (
        <StepTwo
          method={method}
          eventId={eventId}
          tier={tier}
          submitting={submitting}
          submit={(data) => submit(method, data)}
          back={() => setStep(1)}
        />
      )}

      {step === 3 && registrationId && (
        <StepThree registrationId={registrationId} registration={registration} />
      )}
    </section>
  );
}

function StepOne(props: {
  free: boolean;
  open: boolean;
  methods: PaymentMethod[];
  method: PaymentMethod | null;
  onMethod(m: PaymentMethod): void;
  submitting: boolean;
  onFree(): void;
  onNext(): void;
  description: string | null;
  withdrawalDays: number;
}) {
  if (!props.open) return <FormAlert>{m.tierClosed}</FormAlert>;
  if (props.free) {
    return (
      <div className="checkout-panel">
        {props.description && <p>{props.description}</p>}
        <p>{m.freeLead}</p>
        <SubmitButton busy={props.submitting} onClick={props.onFree}>
          {m.confirmFree}
        </SubmitButton>
      </div>
    );
  }
  if (!props.methods.length) return <FormAlert>{m.noMethods}</FormAlert>;
  return (
    <form
      className="checkout-panel"
      onSubmit={(e) => {
        e.preventDefault();
        if (props.method) props.onNext();
      }}
    >
      {props.description && <p>{props.description}</p>}
      <fieldset className="checkout-methods">
        <legend>{m.methodLegend}</legend>
        {props.methods.map((method) => (
          <label key={method} className="checkout-method">
            <input
              type="radio"
              name="paymentMethod"
              value={method}
              checked={props.method === method}
              onChange={() => props.onMethod(method)}
            />
            <span>{m.methodNames[method]}</span>
          </label>
        ))}
      </fieldset>
      {/* the right of withdrawal, shown before payment */}
      <p className="checkout-rule" data-testid="withdrawal-rule">
        {refundMessages.rule(props.withdrawalDays)}
      </p>
      <button type="submit" className="button button-block" disabled={!props.method}>
        {m.continue}
      </button>
    </form>
  );
}

function StepTwo(props: {
  method: PaymentMethod;
  eventId: string;
  tier: {
    id: string;
    name: string;
    price: number;
    payment_link: string | null;
    custom_pix_key: string | null;
  };
  submitting: boolean;
  submit(transactionData?: Record<string, unknown>): Promise<void>;
  back(): void;
}) {
  if (props.method === 'voucher') {
    return <VoucherStep submit={(voucher) => props.submit({ voucher })} back={props.back} />;
  }
  const ProviderForm = PAYMENT_FORMS[props.method];
  if (ProviderForm) {
    return (
      <Suspense fallback={<Spinner label={m.loading} />}>
        <ProviderForm
          eventId={props.eventId}
          tier={props.tier}
          submit={(data) => props.submit(data)}
          back={props.back}
        />
      </Suspense>
    );
  }
  return (
    <div className="checkout-panel">
      <h2 className="checkout-subtitle">{m.methodNames[props.method]}</h2>
      <p data-testid="method-instructions">{instructionsOf(props.method, props.tier)}</p>
      <div className="checkout-actions">
        <button
          type="button"
          className="button button-secondary"
          onClick={props.back}
          disabled={props.submitting}
        >
          {m.back}
        </button>
        <SubmitButton busy={props.submitting} onClick={() => void props.submit().catch(() => {})}>
          {m.okGotIt}
        </SubmitButton>
      </div>
    </div>
  );
}

function instructionsOf(
  method: PaymentMethod,
  tier: { custom_pix_key: string | null; payment_link: string | null },
) {
  switch (method) {
    case 'file':
      return m.instructions.file(pixKeyOf(tier));
    case 'cash':
      return m.instructions.cash;
    case 'link':
      // offered only on a tier with its link (domain/registrations.ts offeredMethods)
      return tier.payment_link ? m.instructions.linkNext : m.instructions.linkMissing;
    default:
      return '';
  }
}

function StepThree({
  registrationId,
  registration,
}: {
  registrationId: string;
  registration: ReturnType<typeof useMyRegistrations>['data'] extends (infer R)[] | undefined
    ? R | undefined
    : never;
}) {
  const navigate = useNavigate();
  const confirmation = registration?.confirmations[0];
  const userId = useSessionStore((s) => s.session?.user.id ?? null);
  useEffect(() => {
    window.scrollTo?.({ top: 0 });
  }, []);
  // a free registration's ticket is on screen: the door's check-in leads to /event-welcome (product-spec.md §4)
  const freeTicketEvent =
    registration && confirmation?.strategy === 'open' && hasValidTicket(registration)
      ? registration.event_id
      : null;
  useMyCheckinsLive(userId, freeTicketEvent, () => void navigate({ to: '/event-welcome' }));
  if (!registration || !confirmation) return <Spinner label={m.loading} />;
  return (
    <div className="checkout-panel" data-testid="checkout-done">
      <dl className="checkout-facts">
        <div>
          <dt>{m.statusLabel}</dt>
          <dd>
            <span className={`badge badge-${confirmation.status}`} data-testid="checkout-status">
              {statusLabel(confirmation.status)}
            </span>
          </dd>
        </div>
        <div>
          <dt>{m.methodLabel}</dt>
          <dd>{m.methodNames[confirmation.strategy]}</dd>
        </div>
      </dl>
      {hasValidTicket(registration) ? (
        <div className="checkout-ticket">
          <p className="checkout-paid">{m.paidBanner}</p>
          <TicketQr registrationId={registration.id} seq={registration.seq} />
        </div>
      ) : (
        <MethodNext
          registration={registration}
          confirmation={confirmation}
          onVoucherPaid={() => {
            setTimeout(() => void navigate({ to: '/my-registrations' }), 2000);
          }}
        />
      )}
      <Link
        className="button button-secondary"
        to="/my-registrations/$registrationId"
        params={{ registrationId }}
      >
        {m.seeRegistration}
      </Link>
    </div>
  );
}

function SubmitButton({ busy, onClick, children }: { busy: boolean; onClick(): void; children: string }) {
  return (
    <button type="button" className="button button-block" onClick={onClick} disabled={busy} aria-busy={busy}>
      {busy && <Spinner size={18} label={m.submitting} />}
      {children}
    </button>
  );
}
