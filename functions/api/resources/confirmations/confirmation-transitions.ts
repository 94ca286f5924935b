/**
 * THE way a payment attempt (confirmation) changes status after it was created: staff approval,
 * rejection and cancellation, the member's cancellation, a receipt arriving, payment provider
 * webhooks and PIX expiry all go through `transitionConfirmation`. In one transaction it locks the
 * registration and then the attempt (`select … for update`, always in that order, so two callers
 * never deadlock on them), refuses a move the rules of src/domain/registrations.ts do not allow
 * (409 INVALID_TRANSITION), treats a repeat of the current status as done (idempotent), keeps the
 * reason in `response_data.reason`, and moves the registration with its newest attempt. A place goes
 * back to its tier (`available + 1`, limited tiers only) exactly once, when the registration leaves
 * the active set (pending/analysis/paid → rejected/canceled/expired); re-entering it (an expired PIX
 * approved late) takes a place again, or fails with TIER_UNAVAILABLE. A refund or a chargeback
 * (paid → refunded/charged_back) gives the place back the same way.
 */
import { sql } from 'kysely';
import {
  type ConfirmationStatus,
  canTransition,
  isActiveStatus,
  needsReason,
  reasonSchema,
} from '../../../../src/domain/registrations.ts';
import { exec, qb, runOne, runOneOrNull } from '../../db/kysely.ts';
import { rethrowPg } from '../../db/pg-errors.ts';
import { ApiHttpError, notFound } from '../../lib/errors.ts';
import { parseOrThrow } from '../../lib/validate.ts';
import {
  enqueueCaravanSummary,
  enqueueChargebackStaffMails,
  enqueueRegistrationMail,
  mailKindForTransition,
} from '../../mail/outbox.ts';
import type { Db } from '../../ports/db.ts';
import { returnPlace, takePlace } from '../tiers/places.ts';
import { followGroupConfirmation } from './caravan-confirmations.ts';

/** The attempt and its registration as locked for the change. */
export interface LockedConfirmation {
  confirmation: {
    id: string;
    registration_id: string;
    strategy: string;
    status: ConfirmationStatus;
    response_data: Record<string, unknown> | null;
  };
  registration: {
    id: string;
    user_id: string;
    event_id: string;
    tier_id: string;
    status: ConfirmationStatus;
  };
}

export interface TransitionInput {
  confirmationId: string;
  to: ConfirmationStatus;
  /** Shown to the member: required (3+ characters) for rejected, kept when given otherwise. */
  reason?: string | null;
  /** The staff member who decided (approve/reject/cancel by staff). */
  reviewedBy?: string | null;
  /** Extra facts merged into response_data (e.g. the provider's status); objects only. */
  responseData?: Record<string, unknown>;
  /** Checks on the locked rows before anything changes (ownership, method); throws to refuse. */
  guard?: (locked: LockedConfirmation) => void;
  /** More writes in the same transaction, after the attempt moved (e.g. the refund's record). */
  within?: (tx: Db, locked: LockedConfirmation) => Promise<void>;
}

export interface TransitionResult extends LockedConfirmation {
  /** False when the attempt already had the status (a repeat): nothing was written. */
  changed: boolean;
  /** +1 when a place went back to the tier, -1 when one was taken again, 0 otherwise. */
  placeDelta: -1 | 0 | 1;
}

export const invalidTransition = () => new ApiHttpError(409, 'INVALID_TRANSITION');

/** Moves one attempt (and, when it is the newest, its registration) to `to`. See the file comment. */
export async function transitionConfirmation(db: Db, input: TransitionInput): Promise<TransitionResult> {
  const result = await transitionOne(db, input);
  // a caravan's payment attempt: the group's other attempts follow it (caravan-confirmations.ts)
  if (result.changed) {
    await followGroupConfirmation(db, result.confirmation.id, input, transitionOne);
    // once the others followed: the leader's summary with every ticket's state (not the group's
    // attempt: nothing is written)
    await enqueueCaravanSummary(db, { confirmationId: result.confirmation.id, to: input.to });
  }
  return result;
}

async function transitionOne(db: Db, input: TransitionInput): Promise<TransitionResult> {
  const reason =
    input.reason === undefined || input.reason === null
      ? null
      : (parseOrThrow(reasonSchema, input.reason) as string);
  if (needsReason(input.to) && reason === null) parseOrThrow(reasonSchema, '');

  return db.transaction(async (tx) => {
    // the registration first (lock order: registration, attempt, tier), found through the attempt
    const owner = await runOneOrNull(
      tx,
      qb
        .selectFrom('registration_confirmations')
        .select('registration_id')
        .where('id', '=', input.confirmationId),
    );
    if (!owner) throw notFound('REGISTRATION_NOT_FOUND');
    const registration = await runOne(
      tx,
      qb
        .selectFrom('registrations')
        .select(['id', 'user_id', 'event_id', 'tier_id', 'status'])
        .where('id', '=', owner.registration_id)
        .forUpdate(),
    );
    const confirmation = await runOne(
      tx,
      qb
        .selectFrom('registration_confirmations')
        .select(['id', 'registration_id', 'strategy', 'status', 'response_data'])
        .where('id', '=', input.confirmationId)
        .forUpdate(),
    );
    const locked: LockedConfirmation = {
      confirmation: {
        ...confirmation,
        status: confirmation.status as ConfirmationStatus,
        response_data: confirmation.response_data as Record<string, unknown> | null,
      },
      registration: { ...registration, status: registration.status as ConfirmationStatus },
    };
    input.guard?.(locked);

    if (locked.confirmation.status === input.to) return { ...locked, changed: false, placeDelta: 0 };
    if (!canTransition(locked.confirmation.status, input.to)) throw invalidTransition();

    const extra: Record<string, unknown> = { ...input.responseData };
    if (reason !== null) extra.reason = reason;
    await exec(
      tx,
      qb
        .updateTable('registration_confirmations')
        .set({
          status: input.to,
          // jsonb merge of objects: earlier facts (the PIX code, the receipt) stay
          response_data: sql`coalesce(response_data, '{}'::jsonb) || ${extra}::jsonb`,
          ...(input.reviewedBy !== undefined ? { reviewed_by: input.reviewedBy } : {}),
          // the withdrawal period counts from here (src/domain/refunds.ts)
          ...(input.to === 'paid' ? { paid_at: sql<Date>`now()` } : {}),
        })
        .where('id', '=', confirmation.id),
    );

    // the registration follows its newest attempt only
    const newest = await runOne(
      tx,
      qb
        .selectFrom('registration_confirmations')
        .select('id')
        .where('registration_id', '=', registration.id)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1),
    );
    let placeDelta: TransitionResult['placeDelta'] = 0;
    if (newest.id === confirmation.id && registration.status !== input.to) {
      const wasActive = isActiveStatus(registration.status);
      const nowActive = isActiveStatus(input.to);
      if (wasActive && !nowActive) {
        await returnPlace(tx, registration.tier_id);
        placeDelta = 1;
      } else if (!wasActive && nowActive) {
        // limited tiers: only while a place is left (else TIER_UNAVAILABLE); unlimited ones always
        if ((await takePlace(tx, registration.tier_id)).limited) placeDelta = -1;
      }
      try {
        await exec(
          tx,
          qb.updateTable('registrations').set({ status: input.to }).where('id', '=', registration.id),
        );
      } catch (error) {
        rethrowPg(error); // back into the active set while another registration is: ALREADY_REGISTERED
      }
    }
    // the member's e-mail about it (approved, rejected, PIX expired), sent after commit
    await input.within?.(tx, locked);
    const mailKind = mailKindForTransition(input.to, confirmation.strategy);
    if (input.to === 'charged_back') await enqueueChargebackStaffMails(tx, registration.id);
    if (mailKind) {
      await enqueueRegistrationMail(tx, {
        kind: mailKind,
        registrationId: registration.id,
        confirmationId: confirmation.id,
        reason,
        strategy: confirmation.strategy,
      });
    }
    return {
      confirmation: { ...locked.confirmation, status: input.to },
      registration: {
        ...locked.registration,
        status: newest.id === confirmation.id ? input.to : locked.registration.status,
      },
      changed: true,
      placeDelta,
    };
  });
}
