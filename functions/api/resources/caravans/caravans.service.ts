/**
 * Caravans (README "Caravans"): POST /v1/checkout/{eventId}/{tierId}/caravan registers several
 * people on one tier in one transaction — all or none: the tier and method checks of every checkout,
 * each CPF refused when it already has an active registration on the event (a member's own or
 * another caravan's), one group row, one registration per person (the guest's name, CPF and e-mail
 * on it, owned by the leader's account), every place taken in ONE statement (`available - n` only
 * while n are left), one attempt per person. The first person's attempt is the group's payment
 * attempt, for the total (`registration_groups.confirmation_id`); the others follow it
 * (confirmations/caravan-confirmations.ts). The method's provider call runs after commit, for the total.
 *
 * POST /v1/registrations/{id}/claim: a signed-in account whose e-mail is the guest's e-mail takes the
 * registration (it leaves the leader's account; the profile then speaks for the person).
 */

import {
  CARAVAN_LIMITS,
  type CaravanBody,
  type CaravanLimits,
  type CaravanLimitsBody,
  type CaravanPerson,
} from '../../../../src/domain/caravans.ts';
import {
  caravanCpfRegistered,
  caravanMessages,
  caravanUnpaidLimit,
} from '../../../../src/domain/messages/caravans.ts';
import { minorMessages } from '../../../../src/domain/messages/minors.ts';
import { birthDateSchema } from '../../../../src/domain/minors.ts';
import { INACTIVE_STATUSES, isActiveStatus } from '../../../../src/domain/registrations.ts';
import { retryText } from '../../../../src/domain/throttles.ts';
import type { ConfirmationStatus, PaymentMethod } from '../../../../src/domain/types.ts';
import { exec, qb, run, runOneOrNull } from '../../db/kysely.ts';
import type { AuthContextUser } from '../../lib/context.ts';
import { ApiHttpError, errorMessages, notFound, pgConstraint } from '../../lib/errors.ts';
import { parseOrThrow } from '../../lib/validate.ts';
import { enqueueCaravanSummary, enqueueRegistrationMail } from '../../mail/outbox.ts';
import type { Db } from '../../ports/db.ts';
import type { Ports } from '../../ports/index.ts';
import { checkTierAndMethod, requireCompleteProfile } from '../checkout/checkout.service.ts';
import {
  type MethodContext,
  type StartedConfirmation,
  startedConfirmation,
} from '../checkout/methods/method.ts';
import { transitionConfirmation } from '../confirmations/confirmation-transitions.ts';
import { applyMinorRules } from '../guardians/guardians.service.ts';
import { saveNewAnswers } from '../questions/questions.service.ts';
import { writeAudit } from '../staff/audit.ts';
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
  /** guardian: 'pending' for a minor whose guardian was e-mailed (README 'Minors') */
  registrations: { id: string; seq: string; name: string; guardian: 'pending' | null }[];
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
  const { ctx, handler, confirmation } = done;
  let final = confirmation;
  if (handler.afterCommit) {
    // a provider that fails rejects the group's attempt: the others follow it, places go back
    final = await handler.afterCommit(ctx, confirmation);
  }
  return { ...done.answer, ...pickConfirmation(final) };
}

function pickConfirmation(a: StartedConfirmation) {
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
  await checkLeaderBounds(tx, user, row.event_id, people, now);

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
          eb.and([eb('r.guest_name', 'is', null), eb('p.cpf', 'in', cpfs)]),
        ]),
      ),
  );
  if (held.length > 0) {
    const taken = new Set(held.map((h) => h.cpf));
    const index = cpfs.findIndex((c) => taken.has(c));
    throw new ApiHttpError(409, 'CARAVAN_CPF_REGISTERED', caravanCpfRegistered(index + 1));
  }

  // each birth date a real day before anything is written (the rules run after the insert)
  const births = await Promise.all(
    people.map((p) =>
      named(p, async () => (p.birth_date ? parseOrThrow(birthDateSchema, p.birth_date) : null)),
    ),
  );
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
  if (start.status === 'pending' || start.status === 'analysis')
    await checkUnpaidCap(tx, user, row, people.length);

  await exec(
    tx,
    qb.insertInto('registration_groups').values({
      created_at: now,
      id: groupId,
      event_id: row.event_id,
      tier_id: row.id,
      leader_id: user.id,
      strategy: method,
      frozen_total: total,
      people: people.length,
    }),
  );
  let registrations: CaravanAnswer['registrations'];
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
            guest_birth_date: births[i] ?? null,
          })),
        )
        .returning(['id', 'seq', 'guest_name']),
    );
    const byId = new Map(inserted.map((r) => [r.id, r]));
    registrations = ids.map((id) => {
      const r = byId.get(id)!;
      return { id, seq: r.seq.trim(), name: r.guest_name ?? '', guardian: null };
    });
  } catch (error) {
    // a concurrent caravan took one of these CPFs between the check and the insert
    if (pgConstraint(error) === 'registrations_guest_active_idx')
      throw new ApiHttpError(409, 'CARAVAN_CPF_REGISTERED');
    throw error;
  }
  // each person's age on the event's day: the minimum age, and under 18 where the event asks it the
  // guardian's consent — a pending consent and one e-mailed link per minor (guardians.service.ts)
  for (const [i, p] of people.entries()) {
    await named(p, () =>
      applyMinorRules(tx, {
        eventId: row.event_id,
        registrationId: ids[i]!,
        person: { name: p.name, cpf: p.cpf, email: p.email, birthDate: births[i] ?? null },
        guardian: p.guardian,
      }),
    );
  }
  const waiting = new Set(
    (
      await tx.query<{ registration_id: string }>(
        'select registration_id from public.guardian_consents where registration_id = any($1::uuid[])',
        [ids],
      )
    ).map((g) => g.registration_id),
  );
  for (const r of registrations) r.guardian = waiting.has(r.id) ? 'pending' : null;
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

  // unpaid cash holds its places only so long: the sweep expires it (and e-mails the leader)
  const cashExpiry =
    method === 'cash' && start.status === 'pending'
      ? new Date(now.getTime() + row.cash_hold_hours * 3_600_000)
      : null;
  const confirmations = await run(
    tx,
    qb
      .insertInto('registration_confirmations')
      .values(
        ids.map((id, i) => ({
          registration_id: id,
          strategy: method,
          status: start.status,
          // the group's attempt carries the payment; the others follow it (no expiry of their own)
          expires_at: i === 0 ? (cashExpiry ?? start.expiresAt ?? null) : null,
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
  const head = confirmations.find((a) => a.registration_id === ids[0])!;
  await exec(
    tx,
    qb.updateTable('registration_groups').set({ confirmation_id: head.id }).where('id', '=', groupId),
  );
  // each person with an e-mail gets their ticket (confirmed, or received until paid)
  if (method !== 'mp_card' && isActiveStatus(start.status)) {
    for (const a of confirmations) {
      await enqueueRegistrationMail(tx, {
        kind: 'registration_confirmed',
        registrationId: a.registration_id,
        confirmationId: a.id,
        strategy: method,
      });
    }
  }
  // the leader's summary of what was registered (again when the payment settles)
  await enqueueCaravanSummary(tx, { groupId });
  const confirmation = startedConfirmation(head);
  return {
    ctx,
    handler,
    confirmation,
    answer: { group_id: groupId, strategy: method, frozen_total: total, registrations },
  };
}

/** One person's check: a refusal names the person (the form has many). */
async function named<T>(p: CaravanPerson, check: () => Promise<T>): Promise<T> {
  try {
    return await check();
  } catch (error) {
    if (!(error instanceof ApiHttpError) || (error.status !== 422 && error.status !== 400)) throw error;
    const why = error.code === 'BIRTH_DATE_REQUIRED' ? minorMessages.personBirthDateRequired : error.message;
    throw new ApiHttpError(error.status, error.code, `${p.name}: ${why}`);
  }
}

const HOUR_MS = 3_600_000;
const waitUntil = (at: Date, now: Date) => Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 1000));

/**
 * What one leader may do through caravans (src/domain/caravan-limits.ts): caravans per hour and per
 * event, guest e-mails per day. The leader's profile row is locked first, so a leader's parallel
 * caravans are counted one after another (another leader's never wait).
 */
async function checkLeaderBounds(
  tx: Db,
  user: AuthContextUser,
  eventId: string,
  people: readonly CaravanPerson[],
  now: Date,
): Promise<void> {
  await run(tx, qb.selectFrom('profiles').select('id').where('id', '=', user.id).forUpdate());
  const dayAgo = new Date(now.getTime() - 24 * HOUR_MS);
  const hourAgo = new Date(now.getTime() - HOUR_MS);
  const groups = await run(
    tx,
    qb
      .selectFrom('registration_groups')
      .select(['id', 'event_id', 'created_at'])
      .where('leader_id', '=', user.id)
      .where((eb) => eb.or([eb('created_at', '>', dayAgo), eb('event_id', '=', eventId)]))
      .orderBy('created_at'),
  );
  if (groups.filter((g) => g.event_id === eventId).length >= CARAVAN_LIMITS.perEvent) {
    throw new ApiHttpError(409, 'CARAVAN_EVENT_LIMIT');
  }
  const lastHour = groups.filter((g) => new Date(g.created_at) > hourAgo);
  if (lastHour.length >= CARAVAN_LIMITS.perHour) {
    const wait = waitUntil(new Date(new Date(lastHour[0]!.created_at).getTime() + HOUR_MS), now);
    throw new ApiHttpError(429, 'CARAVAN_RATE_LIMITED', tryAgain('CARAVAN_RATE_LIMITED', wait), wait);
  }
  // e-mails the app sends to addresses other than the leader's own: the guests' tickets and the
  // minors' guardians' links
  const own = (user.email ?? '').trim().toLowerCase();
  const other = (email: string | null | undefined) => Boolean(email && email.trim().toLowerCase() !== own);
  const toOthers =
    people.filter((p) => other(p.email)).length + people.filter((p) => other(p.guardian?.email)).length;
  if (toOthers === 0) return;
  const lastDay = groups.filter((g) => new Date(g.created_at) > dayAgo);
  if (lastDay.length === 0) return;
  const sent = await run(
    tx,
    qb
      .selectFrom('registrations as r')
      .innerJoin('registration_groups as g', 'g.id', 'r.group_id')
      .leftJoin('guardian_consents as gc', 'gc.registration_id', 'r.id')
      .select(['g.created_at', 'r.guest_email', 'gc.guardian_email'])
      .where(
        'g.id',
        'in',
        lastDay.map((g) => g.id),
      )
      .where((eb) => eb.or([eb('r.guest_email', 'is not', null), eb('gc.guardian_email', 'is not', null)]))
      .orderBy('g.created_at'),
  );
  const others = sent.flatMap((r) => [r.guest_email, r.guardian_email].filter((e) => other(e)).map(() => r));
  if (others.length + toOthers > CARAVAN_LIMITS.guestEmailsPerDay) {
    const wait = waitUntil(new Date(new Date(others[0]?.created_at ?? now).getTime() + 24 * HOUR_MS), now);
    throw new ApiHttpError(429, 'CARAVAN_EMAIL_LIMIT', tryAgain('CARAVAN_EMAIL_LIMIT', wait), wait);
  }
}

/** A 429's text: the code's pt-BR message and when to try again. */
const tryAgain = (code: 'CARAVAN_RATE_LIMITED' | 'CARAVAN_EMAIL_LIMIT', seconds: number) =>
  `${errorMessages[code]} Tente novamente em ${retryText(seconds)}.`;

/**
 * People one leader may hold unpaid on the event (pending or in analysis, their own registration
 * and every caravan's guests): the event's `unpaid_per_leader` (staff may raise it), so nobody
 * empties a tier with invented people. Counted under the leader's profile lock.
 */
async function checkUnpaidCap(
  tx: Db,
  user: AuthContextUser,
  row: { event_id: string; unpaid_per_leader: number },
  adding: number,
): Promise<void> {
  const [held] = await run(
    tx,
    qb
      .selectFrom('registrations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', user.id)
      .where('event_id', '=', row.event_id)
      .where('status', 'in', ['pending', 'analysis']),
  );
  const n = Number(held?.n ?? 0);
  if (n + adding > row.unpaid_per_leader) {
    throw new ApiHttpError(409, 'CARAVAN_UNPAID_LIMIT', caravanUnpaidLimit(n, row.unpaid_per_leader));
  }
}

/**
 * Who may take (or release) a guest's ticket: the account of the guest's e-mail, or the confirmed
 * account whose CPF it is (only confirmed accounts hold a CPF) — a person whose CPF someone else's
 * caravan holds settles it from their own account. Answers how, or null.
 */
async function guestHolder(
  db: Db,
  user: AuthContextUser,
  reg: { guest_email: string | null; guest_cpf: string | null },
): Promise<'email' | 'cpf' | null> {
  const email = (user.email ?? '').trim().toLowerCase();
  if (email && (reg.guest_email ?? '').toLowerCase() === email) return 'email';
  const profile = await runOneOrNull(
    db,
    qb.selectFrom('profiles').select(['cpf', 'account_confirmed']).where('id', '=', user.id),
  );
  if (profile?.account_confirmed && profile.cpf && profile.cpf === reg.guest_cpf) return 'cpf';
  return null;
}

/**
 * The signed-in account takes a caravan ticket made for its e-mail or its CPF: the registration
 * moves to it (and a guest check-in with it), its guest fields are cleared but its CPF stays held on
 * the event (registrations_guest_active_idx covers claimed_cpf, so a caravan that names it again is
 * refused). Refused for anyone else
 * or when the account already has an active registration on the event (ALREADY_REGISTERED).
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
    if (!(await guestHolder(tx, user, reg))) throw new ApiHttpError(403, 'CLAIM_NOT_ALLOWED');
    const own = await runOneOrNull(
      tx,
      qb
        .selectFrom('registrations')
        .select('id')
        .where('user_id', '=', user.id)
        .where('event_id', '=', reg.event_id)
        .where('guest_name', 'is', null)
        .where('status', 'not in', [...INACTIVE_STATUSES]),
    );
    if (own && isActiveStatus(reg.status)) throw new ApiHttpError(409, 'ALREADY_REGISTERED');
    await exec(
      tx,
      qb
        .updateTable('registrations')
        // the CPF stays held on the event (claimed_cpf): the same person cannot be registered twice
        .set({
          user_id: user.id,
          guest_name: null,
          guest_cpf: null,
          guest_email: null,
          claimed_cpf: reg.guest_cpf,
        })
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

/**
 * POST /v1/registrations/{id}/release: the person a guest ticket names (by CPF or e-mail) does not
 * go with that caravan: their registration is canceled (the place goes back to the tier), the rest
 * of the caravan stays. The group's payment attempt is not theirs to cancel (RELEASE_GROUP_PAYMENT):
 * they may claim it instead.
 */
export async function releaseRegistration(
  db: Db,
  user: AuthContextUser,
  registrationId: string,
): Promise<{ registration_id: string; status: 'canceled' }> {
  const reg = await runOneOrNull(
    db,
    qb
      .selectFrom('registrations as r')
      .leftJoin('registration_groups as g', 'g.id', 'r.group_id')
      .select(['r.id', 'r.guest_cpf', 'r.guest_email', 'r.status', 'g.confirmation_id as group_payment'])
      .select((eb) =>
        eb
          .selectFrom('registration_confirmations as c')
          .select('c.id')
          .whereRef('c.registration_id', '=', 'r.id')
          .orderBy('c.created_at', 'desc')
          .orderBy('c.id', 'desc')
          .limit(1)
          .as('confirmation_id'),
      )
      .where('r.id', '=', registrationId),
  );
  if (!reg || reg.guest_cpf === null || !reg.confirmation_id) throw notFound('REGISTRATION_NOT_FOUND');
  if (!(await guestHolder(db, user, reg))) throw new ApiHttpError(403, 'CLAIM_NOT_ALLOWED');
  if (reg.confirmation_id === reg.group_payment) throw new ApiHttpError(409, 'RELEASE_GROUP_PAYMENT');
  if (!isActiveStatus(reg.status)) return { registration_id: reg.id, status: 'canceled' };
  await transitionConfirmation(db, {
    confirmationId: reg.confirmation_id,
    to: 'canceled',
    reason: caravanMessages.releasedReason,
  });
  return { registration_id: reg.id, status: 'canceled' };
}

/** A ticket a guest may claim, as the claim page shows it (only to the account of that e-mail or CPF). */
export async function readClaimable(db: Db, user: AuthContextUser, registrationId: string) {
  const row = await runOneOrNull(
    db,
    qb
      .selectFrom('registrations as r')
      .innerJoin('events as e', 'e.id', 'r.event_id')
      .innerJoin('profiles as leader', 'leader.id', 'r.user_id')
      .leftJoin('registration_groups as g', 'g.id', 'r.group_id')
      .select([
        'r.id',
        'r.guest_name',
        'r.guest_email',
        'r.guest_cpf',
        'r.status',
        'e.title',
        'leader.name as leader_name',
        'g.confirmation_id as group_payment',
      ])
      .select((eb) =>
        eb
          .selectFrom('registration_confirmations as c')
          .select('c.id')
          .whereRef('c.registration_id', '=', 'r.id')
          .orderBy('c.created_at', 'desc')
          .orderBy('c.id', 'desc')
          .limit(1)
          .as('confirmation_id'),
      )
      .where('r.id', '=', registrationId)
      .where('r.guest_cpf', 'is not', null),
  );
  if (!row || !(await guestHolder(db, user, row))) throw notFound('REGISTRATION_NOT_FOUND');
  return {
    id: row.id,
    name: row.guest_name ?? '',
    event_title: row.title,
    leader_name: row.leader_name,
    /** the person may cancel their own place (not the caravan's payment, not one already over) */
    can_release: isActiveStatus(row.status) && row.confirmation_id !== row.group_payment,
  };
}

/** The event's caravan limits as staff see them in the editor. */
export async function readCaravanLimits(db: Db, eventId: string): Promise<CaravanLimits> {
  const row = await runOneOrNull(
    db,
    qb
      .selectFrom('events')
      .select(['unpaid_per_leader', 'cash_hold_hours'])
      .where('id', '=', eventId)
      .where('deleted_at', 'is', null),
  );
  if (!row) throw notFound('EVENT_NOT_FOUND');
  return row;
}

/**
 * Staff set the event's caravan limits: people one leader may hold unpaid, hours cash holds places;
 * audited with before and after, in the same transaction.
 */
export async function setCaravanLimits(
  db: Db,
  eventId: string,
  body: CaravanLimitsBody,
  who: { actorId: string; clientIp: string | null },
): Promise<CaravanLimits> {
  return db.transaction(async (tx) => {
    const before = await readCaravanLimits(tx, eventId);
    const after = await runOneOrNull(
      tx,
      qb
        .updateTable('events')
        .set({ unpaid_per_leader: body.unpaidPerLeader, cash_hold_hours: body.cashHoldHours })
        .where('id', '=', eventId)
        .returning(['unpaid_per_leader', 'cash_hold_hours']),
    );
    if (!after) throw notFound('EVENT_NOT_FOUND');
    await writeAudit(tx, {
      ...who,
      subjectId: null,
      action: 'event.caravan_limits',
      details: { event_id: eventId, before, after },
    });
    return after;
  });
}
