/**
 * The third-party signup (`/admin/single-page-signup`): staff register someone at their desk. The
 * account is found by e-mail or created (no password yet); then one transaction writes the profile
 * (or updates the congregation, 'Atualizar templo'), the registration on the tier through the
 * checkout's own code (the place is taken by the same single statement, so a member's checkout and
 * this signup can never both take the last place), the voucher or a pending cash attempt, and the
 * audit (a minor on an event that asks it gets the guardian's pending consent and e-mailed link, as at
 * the checkout). After commit a new (or still unconfirmed) account gets the invitation e-mail: its link
 * confirms the e-mail and opens the page where the person chooses a password. A new account is
 * deleted again when the transaction fails, so nothing is left half made.
 */

import { minorMessages } from '../../../../src/domain/messages/minors.ts';
import { validationMessages } from '../../../../src/domain/messages/validation.ts';
import type { CheckoutBody } from '../../../../src/domain/registrations.ts';
import {
  type SignupEventOption,
  type SignupLookup,
  type SinglePageSignupBody,
  type SinglePageSignupResult,
  signupTierProblem,
} from '../../../../src/domain/staff.ts';
import { jsonArrayFrom, qb, run, runOneOrNull } from '../../db/kysely.ts';
import type { AuthContextUser } from '../../lib/context.ts';
import { ApiHttpError, conflict, invalidData } from '../../lib/errors.ts';
import { iso, isoOrNull } from '../../lib/rows.ts';
import type { Db } from '../../ports/db.ts';
import type { AuthUser, Ports } from '../../ports/index.ts';
import { registerOnTier } from '../checkout/checkout.service.ts';
import { writeAudit } from './audit.ts';

/** A new account's name when staff gave none: the e-mail's first part. */
function nameFromEmail(email: string): string {
  return email.split('@')[0]!.slice(0, 120) || email;
}

export async function singlePageSignup(
  ports: Ports,
  actorId: string,
  body: SinglePageSignupBody,
  context: { clientIp: string | null; redirectTo?: string },
): Promise<SinglePageSignupResult> {
  const { db, authAdmin } = ports;
  const tier = await runOneOrNull(
    db,
    qb
      .selectFrom('pricing_tiers')
      .select(['event_id', 'name', 'starts_at', 'ends_at', 'available'])
      .where('id', '=', body.tier),
  );
  if (!tier) throw new ApiHttpError(422, 'INVALID_TIER_OR_EVENT');
  // a tier not begun or ended says so (a sold-out one is the checkout's TIER_UNAVAILABLE, race-free)
  const problem = signupTierProblem(
    {
      name: tier.name,
      starts_at: isoOrNull(tier.starts_at),
      ends_at: isoOrNull(tier.ends_at),
      available: null,
    },
    ports.clock.now(),
  );
  if (problem) throw new ApiHttpError(422, 'TIER_NOT_OPEN', problem);
  if (body.temple_id) {
    const temple = await runOneOrNull(
      db,
      qb.selectFrom('temples').select('id').where('id', '=', body.temple_id),
    );
    if (!temple) throw invalidData(validationMessages.temple);
  }

  const name = body.name || nameFromEmail(body.email);
  const metadata = { display_name: name, hasUser: true };
  let user: AuthUser | null = await authAdmin.findUserByEmail(body.email);
  const created = !user;
  user ??= await authAdmin.createUser({ email: body.email, emailConfirm: false, userMetadata: metadata });
  const person = user;

  let result: SinglePageSignupResult;
  try {
    result = await db.transaction(async (tx) => {
      await ensureProfile(tx, actorId, person, body, name, context.clientIp);
      const who: AuthContextUser = { id: person.id, email: body.email, userMetadata: {}, claims: {} };
      const method = body.voucher ? 'voucher' : 'cash';
      // a voucher travels with the checkout and is spent in this transaction (the voucher method)
      const checkoutBody: CheckoutBody = {
        tierId: body.tier,
        paymentMethod: method,
        ...(body.answers ? { answers: body.answers } : {}),
        ...(body.birth_date ? { birth_date: body.birth_date } : {}),
        ...(body.guardian ? { guardian: body.guardian } : {}),
        ...(body.voucher ? { transactionData: { voucher: body.voucher } } : {}),
      };
      let started: Awaited<ReturnType<typeof registerOnTier>>;
      try {
        started = await registerOnTier(
          tx,
          ports,
          who,
          { eventId: tier.event_id, tierId: body.tier },
          checkoutBody,
          { staffMethod: method },
        );
      } catch (error) {
        if (
          error instanceof ApiHttpError &&
          (error.code === 'ALREADY_REGISTERED' || error.code === 'CPF_IN_CARAVAN')
        ) {
          throw conflict('USER_ALREADY_REGISTERED');
        }
        // the checkout's text speaks to the member; here staff type the person's date
        if (error instanceof ApiHttpError && error.code === 'BIRTH_DATE_REQUIRED') {
          throw new ApiHttpError(422, 'BIRTH_DATE_REQUIRED', minorMessages.deskBirthDateRequired);
        }
        throw error;
      }
      // an invalid voucher rolls everything back: no account, no registration, no place
      if (started.confirmation.status === 'rejected') throw new ApiHttpError(422, 'VOUCHER_INVALID');
      const status = started.confirmation.status;
      const [consent] = await tx.query<{ state: 'pending' }>(
        'select state from public.guardian_consents where registration_id = $1',
        [started.ctx.registrationId],
      );
      await writeAudit(tx, {
        actorId,
        subjectId: person.id,
        action: 'registration.create',
        details: {
          registration_id: started.ctx.registrationId,
          event_id: tier.event_id,
          tier_id: body.tier,
          strategy: started.method,
          voucher: Boolean(body.voucher),
          new_account: created,
          // a minor's guardian was e-mailed for their consent (its link, or staff's paper record)
          guardian: Boolean(consent),
        },
        clientIp: context.clientIp,
      });
      return {
        user_id: person.id,
        created,
        invited: !person.email_confirmed_at,
        name: (await profileName(tx, person.id)) ?? name,
        email: body.email,
        registration_id: started.ctx.registrationId,
        status,
        strategy: started.method,
        guardian: consent ? consent.state : null,
      };
    });
  } catch (error) {
    if (created) await authAdmin.deleteUser(person.id).catch(() => {});
    throw error;
  }

  if (!person.email_confirmed_at) {
    await authAdmin.inviteUser({ email: body.email, data: metadata, redirectTo: context.redirectTo });
  }
  return result;
}

async function profileName(tx: Db, id: string): Promise<string | null> {
  const row = await runOneOrNull(tx, qb.selectFrom('profiles').select('name').where('id', '=', id));
  return row?.name ?? null;
}

/** The person's profile: created for a new account; for an existing one, the congregation updated when asked. */
async function ensureProfile(
  tx: Db,
  actorId: string,
  person: AuthUser,
  body: SinglePageSignupBody,
  name: string,
  clientIp: string | null,
): Promise<void> {
  const profile = await runOneOrNull(
    tx,
    qb.selectFrom('profiles').select(['id', 'temple_id']).where('id', '=', person.id).forUpdate(),
  );
  if (!profile) {
    await run(
      tx,
      qb.insertInto('profiles').values({ id: person.id, name, email: body.email, temple_id: body.temple_id }),
    );
    return;
  }
  if (body.update_temple && body.temple_id && body.temple_id !== profile.temple_id) {
    await run(
      tx,
      qb
        .updateTable('profiles')
        .set({ temple_id: body.temple_id, other_church: null })
        .where('id', '=', person.id),
    );
    await writeAudit(tx, {
      actorId,
      subjectId: person.id,
      action: 'profile.update',
      // the person's consent, given at the desk and confirmed by staff, is recorded with the change
      details: { field: 'temple_id', from: profile.temple_id, to: body.temple_id, consent: 'desk' },
      clientIp,
    });
  }
}

/** GET /v1/admin/single-page-signup/lookup: whether the e-mail has an account, and its congregation. */
export async function lookupPerson(ports: Ports, email: string): Promise<SignupLookup> {
  const profile = await runOneOrNull(
    ports.db,
    qb
      .selectFrom('profiles as p')
      .leftJoin('temples as t', 't.id', 'p.temple_id')
      .select(['p.name', 'p.temple_id', 't.name as temple_name'])
      .where((eb) => eb(eb.fn('lower', ['p.email']), '=', email.toLowerCase())),
  );
  if (profile) return { exists: true, ...profile };
  const user = await ports.authAdmin.findUserByEmail(email);
  return { exists: user !== null, name: null, temple_id: null, temple_name: null };
}

/** GET /v1/admin/single-page-signup/events: events taking registrations (not over), each with its tiers. */
export async function signupEvents(db: Db, now: Date): Promise<SignupEventOption[]> {
  const since = new Date(now.getTime() - 24 * 3600_000);
  const rows = await run(
    db,
    qb
      .selectFrom('events as e')
      .leftJoin('events as parent', 'parent.id', 'e.parent_id')
      .select((eb) => [
        'e.id',
        'e.title',
        'e.starts_at',
        'parent.title as parent_title',
        jsonArrayFrom(
          eb
            .selectFrom('pricing_tiers as t')
            .select(['t.id', 't.name', 't.price', 't.available', 't.total', 't.starts_at', 't.ends_at'])
            .whereRef('t.event_id', '=', 'e.id')
            .orderBy('t.order')
            .orderBy('t.name'),
        ).as('tiers'),
      ])
      .where('e.deleted_at', 'is', null)
      .where('e.registration_policy', '<>', 'open')
      .where('e.starts_at', '>=', since)
      .orderBy('e.starts_at')
      .limit(200),
  );
  return rows
    .filter((r) => r.tiers.length > 0)
    .map((r) => ({
      ...r,
      starts_at: iso(r.starts_at),
      tiers: r.tiers.map((t) => ({ ...t, starts_at: isoOrNull(t.starts_at), ends_at: isoOrNull(t.ends_at) })),
    }));
}
