/**
 * Caravans (README "Caravans"): POST /v1/checkout/{eventId}/{tierId}/caravan registers several
 * people on one tier in one transaction — all or none: the tier and method checks of every checkout,
 * each CPF refused when it already has an active registration on the event (a member's own or
 * another caravan's), one group row, one registration per person (the guest's name, CPF and e-mail
 * on it, owned by the leader's account), every place taken in ONE statement (`available - n` only
 * while n are left), one attempt per person. The first person's attempt is the group's payment
 * attempt, for the total (`registration_groups.confirmation_id`); the others follow it
 * (confirmations/caravan-attempts.ts). The method's provider call runs after commit, for the total.
 *
 * POST /v1/registrations/{id}/claim: a signed-in account whose e-mail is the guest's e-mail takes the
 * registration (it leaves the leader's account; the profile then speaks for the person).
 */

import type { CaravanBody } from '../../../../src/domain/caravans.ts';
import { caravanCpfRegistered } from '../../../../src/domain/messages/caravans.ts';
import { INACTIVE_STATUSES, isActiveStatus } from '../../../../src/domain/registrations.ts';
import type { ConfirmationStatus, PaymentMethod } from '../../../../src/domain/types.ts';
import { exec, qb, run, runOneOrNull } from '../../db/kysely.ts';
import type { AuthContextUser } from '../../lib/context.ts';
import { ApiHttpError, notFound, pgConstraint } from '../../lib/errors.ts';
import { enqueueRegistrationMail } from '../../mail/outbox.ts';
import type { Db } from '../../ports/db.ts';
import type { Ports } from '../../ports/index.ts';
import { checkTierAndMethod, requireCompleteProfile } from '../checkout/checkout.service.ts';
import { type MethodContext, type StartedAttempt, startedAttempt } from '../checkout/methods/method.ts';
import { saveNewAnswers } from '../questions/questions.service.ts';
import { takePlaces } from '../tiers/places.ts';

/** Methods a caravan may pay with: one payment for the total (a voucher is one person's). */
const CARAVAN_METHODS: ReadonlySet<PaymentMethod> = new Set([
  'open',
  'cash',
  'file',
  'link',
  'mp_pix',
  'mp_card',
]);

export interface CaravanAnswer {
  group_id: string;
  /** the group's payment attempt (the first person's) */
  confirmation_id: string;
  transaction_id: string | null;
  strategy: PaymentMethod;
  status: ConfirmationStatus;
  expires_at: string | null;
  request_data: Record<string, unknown> | null;
  response_data: Record<string, unknown> | null;
  frozen_total: number;
  registrations: { id: string; seq: string; name: string }[];
}

export async function caravanCheckout(
  ports: Ports,
  user: AuthContextUser,
  params: { eventId: string; tierId: string },
  body: CaravanBody,
): Promise<CaravanAnswer> {
  if (body.tierId !== params.tierId) throw new ApiHttpError(422, 'INVALID_TIER_OR_EVENT');
  await requireCompleteProfile(ports.db, user);
  const done = await ports.db.transaction((tx) => registerCaravan(tx, ports, user, params, body));
  const { ctx, handler, attempt } = done;
  let final = attempt;
  if (handler.afterCommit) {
    // a provider that fails rejects the group's attempt: the others follow it, places go back
    final = await handler.afterCommit(ctx, attempt);
  }
  return { ...done.answer, ...pickAttempt(final) };
}

function pickAttempt(a: StartedAttempt) {
  return {
    confirmation_id: a.id,
    transaction_id: a.transaction_id,
    status: a.status,
    expires_at: a.expires_at,
    request_data: a.request_data,
    response_data: a.response_data,
  };
}

async function registerCaravan(
  tx: Db,
  ports: Ports,
  user: AuthContextUser,
  params: { eventId: string; tierId: string },
  body: CaravanBody,
) {
  const now = ports.clock.now();
  const { row, price, method, handler, eventStartsAt } = await checkTierAndMethod(tx, now, params, {
    tierId: body.tierId,
    paymentMethod: body.paymentMethod,
    transactionData: body.transactionData,
  });
  if (!CARAVAN_METHODS.has(method)) throw new ApiHttpError(422, 'INVALID_PAYMENT_METHOD');
  const people = body.people;
  const cpfs = people.map((p) => p.cpf);

  // one registration per person and event: a CPF with an active registration (a member's own, or a
  // guest's of another caravan) refuses the whole caravan, naming the first such row
  const held = await run(
    tx,
    qb
      .selectFrom('registrations as r')
      .leftJoin('profiles as p', 'p.id', 'r.user_id')
      .select((eb) => eb.fn.coalesce('r.guest_cpf', 'p.cpf').as('cpf'))
      .where('r.event_id', '=', row.event_id)
      .where('r.status', 'not in', [...INACTIVE_STATUSES])
      .where((eb) =>
        eb.or([
          eb('r.guest_cpf', 'in', cpfs),
          eb.and([eb('r.guest_cpf', 'is', null), eb('p.cpf', 'in', cpfs)]),
        ]),
      ),
  );
  if (held.length > 0) {
    const taken = new Set(held.map((h) => h.cpf));
    const index = cpfs.findIndex((c) => taken.has(c));
    throw new ApiHttpError(409, 'CARAVAN_CPF_REGISTERED', caravanCpfRegistered(index + 1));
  }

  const total = price * people.length;
  const groupId = crypto.randomUUID();
  const ids = people.map(() => crypto.randomUUID());
  const ctx: MethodContext = {
    ports,
    now,
    user,
    body: { tierId: body.tierId, paymentMethod: body.paymentMethod, transactionData: body.transactionData },
    event: { id: row.event_id, title: row.title, starts_at: eventStartsAt },
    tier: {
      id: row.id,
      name: row.name,
      price,
      payment_link: row.payment_link,
      custom_pix_key: row.custom_pix_key,
    },
    registrationId: ids[0]!,
    amount: total, // the group pays once, the tier's price per person
  };
  const start = await handler.start(ctx, tx);

  await exec(
    tx,
    qb.insertInto('registration_groups').values({
      id: groupId,
      event_id: row.event_id,
      tier_id: row.id,
      leader_id: user.id,
      strategy: method,
      frozen_total: total,
      people: people.length,
    }),
  );
  let registrations: { id: string; seq: string; name: string }[];
  try {
    const inserted = await run(
      tx,
      qb
        .insertInto('registrations')
        .values(
          people.map((p, i) => ({
            id: ids[i]!,
            user_id: user.id,
            tier_id: row.id,
            event_id: row.event_id,
            frozen_value: price,
            status: start.status,
            group_id: groupId,
            guest_name: p.name,
            guest_cpf: p.cpf,
            guest_email: p.email,
          })),
        )
        .returning(['id', 'seq', 'guest_name']),
    );
    const byId = new Map(inserted.map((r) => [r.id, r]));
    registrations = ids.map((id) => {
      const r = byId.get(id)!;
      return { id, seq: r.seq.trim(), name: r.guest_name ?? '' };
    });
  } catch (error) {
    // a concurrent caravan took one of these CPFs between the check and the insert
    if (pgConstraint(error) === 'registrations_guest_active_idx')
      throw new ApiHttpError(409, 'CARAVAN_CPF_REGISTERED');
    throw error;
  }
  // an event with age rules needs each person's birth date and guardian: not in the caravan form
  // yet, so such an event takes no caravan (README 'Minors') instead of letting minors through
  const [ages] = await tx.query<{ min_age: number | null; guardian_consent: boolean }>(
    'select min_age, guardian_consent from public.events where id = $1',
    [row.event_id],
  );
  if (ages && (ages.min_age !== null || ages.guardian_consent)) {
    throw new ApiHttpError(
      422,
      'BIRTH_DATE_REQUIRED',
      'Este evento tem regras de idade: cada pessoa se inscreve pela própria conta.',
    );
  }
  // each person's answers to the event's questions, with the browser's rules (per person)
  for (const [i, p] of people.entries()) {
    try {
      await saveNewAnswers(tx, {
        eventId: row.event_id,
        tierId: row.id,
        registrationId: ids[i]!,
        answers: p.answers,
      });
    } catch (error) {
      if (error instanceof ApiHttpError && error.code === 'INVALID_ANSWERS')
        throw new ApiHttpError(422, 'INVALID_ANSWERS', `${p.name}: ${error.message}`);
      throw error;
    }
  }
  // every place in one statement: all of them or none (the transaction rolls back)
  if (row.total !== null && isActiveStatus(start.status)) await takePlaces(tx, row.id, people.length);

  const attempts = await run(
    tx,
    qb
      .insertInto('registration_confirmations')
      .values(
        ids.map((id, i) => ({
          registration_id: id,
          strategy: method,
          status: start.status,
          // the group's attempt carries the payment; the others follow it (no expiry of their own)
          expires_at: i === 0 ? (start.expiresAt ?? null) : null,
          transaction_id: i === 0 ? (start.transactionId ?? null) : null,
          request_data: i === 0 ? (start.requestData ?? null) : { group_id: groupId },
          response_data: i === 0 ? (start.responseData ?? null) : null,
        })),
      )
      .returning([
        'id',
        'registration_id',
        'status',
        'expires_at',
        'transaction_id',
        'request_data',
        'response_data',
      ]),
  );
  const head = attempts.find((a) => a.registration_id === ids[0])!;
  await exec(
    tx,
    qb.updateTable('registration_groups').set({ confirmation_id: head.id }).where('id', '=', groupId),
  );
  // each person with an e-mail gets their ticket (confirmed, or received until paid)
  if (method !== 'mp_card' && isActiveStatus(start.status)) {
    for (const a of attempts) {
      await enqueueRegistrationMail(tx, {
        kind: 'registration_confirmed',
        registrationId: a.registration_id,
        confirmationId: a.id,
        strategy: method,
      });
    }
  }
  const attempt = startedAttempt(head);
  return {
    ctx,
    handler,
    attempt,
    answer: { group_id: groupId, strategy: method, frozen_total: total, registrations },
  };
}

/**
 * The signed-in account takes a caravan ticket made for its e-mail: the registration moves to it
 * (and a guest check-in with it), its guest fields are cleared. Refused when the e-mails differ or
 * the account already has an active registration on the event (ALREADY_REGISTERED).
 */
export async function claimRegistration(
  db: Db,
  user: AuthContextUser,
  registrationId: string,
): Promise<{ registration_id: string }> {
  return db.transaction(async (tx) => {
    const reg = await runOneOrNull(
      tx,
      qb
        .selectFrom('registrations')
        .select(['id', 'event_id', 'user_id', 'guest_cpf', 'guest_email', 'status'])
        .where('id', '=', registrationId)
        .forUpdate(),
    );
    if (!reg || reg.guest_cpf === null) throw notFound('REGISTRATION_NOT_FOUND');
    const email = (user.email ?? '').trim().toLowerCase();
    if (!email || (reg.guest_email ?? '').toLowerCase() !== email) {
      throw new ApiHttpError(403, 'CLAIM_NOT_ALLOWED');
    }
    const own = await runOneOrNull(
      tx,
      qb
        .selectFrom('registrations')
        .select('id')
        .where('user_id', '=', user.id)
        .where('event_id', '=', reg.event_id)
        .where('guest_cpf', 'is', null)
        .where('status', 'not in', [...INACTIVE_STATUSES]),
    );
    if (own && isActiveStatus(reg.status)) throw new ApiHttpError(409, 'ALREADY_REGISTERED');
    await exec(
      tx,
      qb
        .updateTable('registrations')
        .set({ user_id: user.id, guest_name: null, guest_cpf: null, guest_email: null })
        .where('id', '=', reg.id),
    );
    await exec(
      tx,
      qb
        .updateTable('checkins')
        .set({ user_id: user.id, guest: false })
        .where('registration_id', '=', reg.id)
        .where('guest', '=', true),
    );
    return { registration_id: reg.id };
  });
}

/** A ticket a guest may claim, as the claim page shows it (only to the account of that e-mail). */
export async function readClaimable(db: Db, user: AuthContextUser, registrationId: string) {
  const row = await runOneOrNull(
    db,
    qb
      .selectFrom('registrations as r')
      .innerJoin('events as e', 'e.id', 'r.event_id')
      .select(['r.id', 'r.guest_name', 'r.guest_email', 'e.title', 'e.starts_at'])
      .where('r.id', '=', registrationId)
      .where('r.guest_cpf', 'is not', null),
  );
  const email = (user.email ?? '').trim().toLowerCase();
  if (!row || (row.guest_email ?? '').toLowerCase() !== email) throw notFound('REGISTRATION_NOT_FOUND');
  return { id: row.id, name: row.guest_name ?? '', event_title: row.title };
}
