/**
 * POST /v1/checkout/{eventId}/{tierId}: one transaction that checks the event and the tier's window,
 * the method, creates the registration — or, when the member already has one for the event that is
 * history (rejected, canceled, expired), adds the new attempt to it, so one event is one
 * registration with its numbered attempts (a rejected card then an approved one is one ticket with
 * two attempts) — (the one-active index refuses a second active one: ALREADY_REGISTERED),
 * takes a place in one statement (no oversell under any concurrency), freezes the value from the
 * tier (a client amount is never read) and creates the first attempt as the method starts it. A
 * method's provider call runs after commit (methods/method.ts).
 */
import { sql } from 'kysely';
import { cpfInCaravan } from '../../../../src/domain/messages/caravans.ts';
import { checkoutMessages } from '../../../../src/domain/messages/checkout.ts';
import {
  type CheckoutBody,
  checkoutMethod,
  fastpassIssuable,
  INACTIVE_STATUSES,
  isActiveStatus,
  offeredMethods,
} from '../../../../src/domain/registrations.ts';
import { isFastpassTier, tierStatus } from '../../../../src/domain/tiers.ts';
import type { ConfirmationStatus, PaymentMethod } from '../../../../src/domain/types.ts';
import { qb, run, runOne, runOneOrNull } from '../../db/kysely.ts';
import { rethrowPg } from '../../db/pg-errors.ts';
import type { AuthContextUser } from '../../lib/context.ts';
import { ApiHttpError } from '../../lib/errors.ts';
import { isoOrNull } from '../../lib/rows.ts';
import { enqueueRegistrationMail } from '../../mail/outbox.ts';
import type { Db } from '../../ports/db.ts';
import type { Ports } from '../../ports/index.ts';
import { applyMemberMinorRules } from '../guardians/guardians.service.ts';
import { saveNewAnswers } from '../questions/questions.service.ts';
import { acceptOffer, hasLiveOffer, takePlace } from '../tiers/places.ts';
import { CHECKOUT_METHODS } from './methods/index.ts';
import { type MethodContext, type StartedConfirmation, startedConfirmation } from './methods/method.ts';

/** The first item of the checkout's answer: the registration and its first attempt (product-spec.md §7). */
export interface CheckoutItem {
  registration_id: string;
  transaction_id: string | null;
  confirmation_id: string;
  strategy: PaymentMethod;
  status: ConfirmationStatus;
  expires_at: string | null;
  request_data: Record<string, unknown> | null;
  response_data: Record<string, unknown> | null;
  frozen_value: number;
}

const invalidTierOrEvent = (message?: string) => new ApiHttpError(422, 'INVALID_TIER_OR_EVENT', message);
const tierUnavailable = () => new ApiHttpError(409, 'TIER_UNAVAILABLE');
const invalidMethod = () => new ApiHttpError(422, 'INVALID_PAYMENT_METHOD');

export async function checkout(
  ports: Ports,
  user: AuthContextUser,
  params: { eventId: string; tierId: string },
  body: CheckoutBody,
): Promise<CheckoutItem[]> {
  if (body.tierId !== params.tierId) throw invalidTierOrEvent();
  await requireCompleteProfile(ports.db, user);
  const { ctx, confirmation, method } = await ports.db.transaction((tx) =>
    registerOnTier(tx, ports, user, params, body),
  );

  const handler = CHECKOUT_METHODS[method]!;
  const final = handler.afterCommit ? await handler.afterCommit(ctx, confirmation) : confirmation;
  return [
    {
      registration_id: ctx.registrationId,
      transaction_id: final.transaction_id,
      confirmation_id: final.id,
      strategy: method,
      status: final.status,
      expires_at: final.expires_at,
      request_data: final.request_data,
      response_data: final.response_data,
      frozen_value: ctx.amount,
    },
  ];
}

/** A paid or free place needs the person: CPF, WhatsApp and congregation (first access, /v1/welcome). */
export async function requireCompleteProfile(db: Db, user: AuthContextUser): Promise<void> {
  const profile = await runOneOrNull(
    db,
    qb
      .selectFrom('profiles')
      .select('id')
      .where('id', '=', user.id)
      .where('cpf', 'is not', null)
      .where('phone', 'is not', null)
      .where((eb) =>
        eb.or([eb('temple_id', 'is not', null), eb(sql`btrim(coalesce(other_church, ''))`, '<>', '')]),
      ),
  );
  if (!profile) throw new ApiHttpError(409, 'PROFILE_INCOMPLETE');
}

export interface RegisterOptions {
  /**
   * Staff signing someone up choose the method themselves (cash or voucher), whatever the event
   * offers members; a free tier is still `open`. Only methods without a provider call.
   */
  staffMethod?: 'cash' | 'voucher';
  /** The waiting list holds a place of the tier for this person (a sold-out tier is no refusal). */
  held?: boolean;
}

/**
 * The checkout's work inside its transaction `tx`: checks the event, the tier's window and the
 * method, creates the registration, takes the place in one statement and creates the first attempt.
 * Also used by the staff's third-party signup, so a place is taken one way only.
 */
export async function registerOnTier(
  tx: Db,
  ports: Ports,
  user: AuthContextUser,
  params: { eventId: string; tierId: string },
  body: CheckoutBody,
  options: RegisterOptions = {},
): Promise<{ ctx: MethodContext; confirmation: StartedConfirmation; method: PaymentMethod }> {
  const now = ports.clock.now();
  let registrationId: string = crypto.randomUUID();
  // a place the waiting list holds for this person: the tier may look sold out to everyone else
  const offerHeld = await hasLiveOffer(tx, user.id, params.tierId);
  const { row, price, method, handler, eventStartsAt } = await checkTierAndMethod(tx, now, params, body, {
    ...options,
    held: offerHeld,
  });

  // the member's profile locked first: a door's walk-in with this CPF (checkins/door-sales.service.ts)
  // runs before or after this checkout, never beside it
  await run(tx, qb.selectFrom('profiles').select('id').where('id', '=', user.id).forUpdate());
  // the person's registration for the event, locked (the transitions' lock order: registration
  // first, then the tier): an active one refuses the checkout, one that is history takes the attempt
  const previous = await runOneOrNull(
    tx,
    qb
      .selectFrom('registrations')
      .select(['id', 'status'])
      .where('user_id', '=', user.id)
      .where('event_id', '=', row.event_id)
      .where('guest_name', 'is', null)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .forUpdate(),
  );
  if (previous && isActiveStatus(previous.status)) throw new ApiHttpError(409, 'ALREADY_REGISTERED');
  // a caravan already registered this person (their CPF) on the event: one registration per person
  // told by whom, with the registration to open (claim it or release the CPF: /claim/:id)
  const held = await cpfHeldByGuest(tx, row.event_id, user.id);
  if (held) {
    throw new ApiHttpError(409, 'CPF_IN_CARAVAN', cpfInCaravan(held.leader_name), undefined, {
      registration_id: held.id,
    });
  }
  if (previous) registrationId = previous.id;

  const ctx: MethodContext = {
    ports,
    now,
    user,
    body,
    event: { id: row.event_id, title: row.title, starts_at: eventStartsAt },
    tier: {
      id: row.id,
      name: row.name,
      price,
      payment_link: row.payment_link,
      custom_pix_key: row.custom_pix_key,
    },
    registrationId,
    amount: price, // frozen from the tier, whatever the request carried
  };
  const start = await handler.start(ctx, tx);

  // the registration first: a second active one fails here (registrations_one_active_idx), before
  // the tier row is locked, so a transition holding the registration never waits for this one
  try {
    if (previous) {
      // back into the active set on this tier and price (the old attempts keep their own story)
      await run(
        tx,
        qb
          .updateTable('registrations')
          .set({ tier_id: row.id, frozen_value: price, status: start.status })
          .where('id', '=', previous.id),
      );
    } else {
      await run(
        tx,
        qb.insertInto('registrations').values({
          id: registrationId,
          user_id: user.id,
          tier_id: row.id,
          event_id: row.event_id,
          frozen_value: price,
          status: start.status,
        }),
      );
    }
  } catch (error) {
    rethrowPg(error);
  }
  // the event's questions, checked with the browser's rules and written with the registration
  await saveNewAnswers(tx, { eventId: row.event_id, tierId: row.id, registrationId, answers: body.answers });
  // a minor: the event's minimum age, and the guardian's consent under 18 (guardians.service.ts)
  await applyMemberMinorRules(tx, user, row.event_id, registrationId, body);
  // the place, in one statement: concurrent checkouts queue on the tier row, none goes below 0
  // (an attempt that starts rejected — an invalid voucher — is history and takes none); the place
  // the waiting list held for this person is theirs already, while the offer lasts
  if (row.total !== null && isActiveStatus(start.status)) {
    if (!(offerHeld && (await acceptOffer(tx, user.id, row.id)))) await takePlace(tx, row.id);
  }
  const confirmation = await runOne(
    tx,
    qb
      .insertInto('registration_confirmations')
      .values({
        registration_id: registrationId,
        strategy: method,
        status: start.status,
        expires_at: start.expiresAt ?? null,
        transaction_id: start.transactionId ?? null,
        request_data: start.requestData ?? null,
        response_data: start.responseData ?? null,
        voucher_id: start.voucherId ?? null,
      })
      .returning(['id', 'status', 'expires_at', 'transaction_id', 'request_data', 'response_data']),
  );
  // the member's e-mail (confirmed, or received until paid), sent after commit; a card's outcome
  // comes within this request and has its own e-mail (approved or rejected)
  if (method !== 'mp_card' && isActiveStatus(start.status)) {
    await enqueueRegistrationMail(tx, {
      kind: 'registration_confirmed',
      registrationId,
      confirmationId: confirmation.id,
      strategy: method,
    });
  }
  const started = startedConfirmation(confirmation);
  return { ctx, confirmation: started, method };
}

/**
 * The checks every checkout shares, inside its transaction: the event and the tier's window (and
 * the Fastpass limit), and the method among the offered ones; answers the tier row and the method.
 */
export async function checkTierAndMethod(
  tx: Db,
  now: Date,
  params: { eventId: string; tierId: string },
  body: CheckoutBody,
  options: RegisterOptions = {},
) {
  const row = await runOneOrNull(
    tx,
    qb
      .selectFrom('pricing_tiers as t')
      .innerJoin('events as e', 'e.id', 't.event_id')
      .select([
        'e.id as event_id',
        'e.title',
        'e.starts_at as event_starts_at',
        'e.registration_policy',
        'e.allowed_payment_methods',
        'e.unpaid_per_leader',
        'e.cash_hold_hours',
        't.id',
        't.name',
        't.price',
        't.starts_at',
        't.ends_at',
        't.available',
        't.total',
        't.restricted_payment_methods',
        't.payment_link',
        't.custom_pix_key',
        't.staff_only',
        't.door_only',
      ])
      .where('t.id', '=', params.tierId)
      .where('e.id', '=', params.eventId)
      .where('e.deleted_at', 'is', null),
  );
  if (!row || row.registration_policy === 'open') throw invalidTierOrEvent();
  // a staff-only tier (e.g. the volunteers') takes people only through the desk's signup
  if (row.staff_only && !options.staffMethod) throw new ApiHttpError(409, 'TIER_STAFF_ONLY');
  // a door-only tier is sold at the door alone (door-sales.service.ts), never online nor to a caravan
  if (row.door_only) throw new ApiHttpError(409, 'TIER_DOOR_ONLY');
  const status = tierStatus(
    { starts_at: isoOrNull(row.starts_at), ends_at: isoOrNull(row.ends_at), available: row.available },
    now,
  );
  if (status === 'SOLD_OUT' && !options.held) throw tierUnavailable();
  if (status !== 'AVAILABLE' && !(status === 'SOLD_OUT' && options.held)) throw invalidTierOrEvent();
  const eventStartsAt = new Date(row.event_starts_at);
  if (isFastpassTier(row) && !fastpassIssuable(eventStartsAt.toISOString(), now)) {
    throw invalidTierOrEvent(checkoutMessages.fastpassClosed);
  }
  const price = Number(row.price);
  const offered = offeredMethods(
    { allowed_payment_methods: row.allowed_payment_methods },
    { price, restricted_payment_methods: row.restricted_payment_methods, payment_link: row.payment_link },
  );
  const method = options.staffMethod
    ? price === 0
      ? 'open'
      : options.staffMethod
    : checkoutMethod(offered, price, body.paymentMethod);
  const handler = method ? CHECKOUT_METHODS[method] : undefined;
  if (!method || !handler) throw invalidMethod();
  return { row, price, method, handler, eventStartsAt };
}

/** The active caravan registration on the event holding this member's CPF, and who registered it. */
async function cpfHeldByGuest(
  tx: Db,
  eventId: string,
  userId: string,
): Promise<{ id: string; leader_name: string } | null> {
  return runOneOrNull(
    tx,
    qb
      .selectFrom('registrations as r')
      .innerJoin('profiles as p', 'p.cpf', 'r.guest_cpf')
      .innerJoin('profiles as leader', 'leader.id', 'r.user_id')
      .select(['r.id', 'leader.name as leader_name'])
      .where('p.id', '=', userId)
      .where('r.event_id', '=', eventId)
      .where('r.status', 'not in', [...INACTIVE_STATUSES]),
  );
}
