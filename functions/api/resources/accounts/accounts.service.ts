import { sql } from 'kysely';
import { validationMessages } from '../../../../src/domain/messages/validation.ts';
import { displayName } from '../../../../src/domain/people.ts';
import { retryText } from '../../../../src/domain/throttles.ts';
import type { Me } from '../../../../src/domain/types.ts';
import type { SignupBody, WelcomeBody } from '../../../../src/domain/validation.ts';
import { exec, qb, run, runOneOrNull } from '../../db/kysely.ts';
import type { AuthContextUser } from '../../lib/context.ts';
import { ApiHttpError, conflict, errorMessages, invalidData } from '../../lib/errors.ts';
import { loadPermissions } from '../../middleware/auth.ts';
import type { Db } from '../../ports/db.ts';
import { UpstreamError } from '../../ports/http.ts';
import type { AuthAdmin } from '../../ports/index.ts';
import { giveConsent } from '../privacy/consents.ts';

async function assertTempleExists(db: Db, templeId: string | null | undefined): Promise<void> {
  if (!templeId) return;
  const temple = await runOneOrNull(db, qb.selectFrom('temples').select('id').where('id', '=', templeId));
  if (!temple) throw invalidData(validationMessages.temple);
}

/**
 * 409 CPF_ALREADY_REGISTERED when another confirmed account (only those hold a CPF) has it. A race
 * past this check still fails on profiles_cpf_key, which the app's error handler maps the same way.
 */
async function assertCpfFree(db: Db, cpf: string, except: { email?: string; id?: string }): Promise<void> {
  const rows = await run(
    db,
    qb
      .selectFrom('profiles')
      .select(['id', 'email'])
      .where('cpf', '=', cpf)
      .where('account_confirmed', '=', true),
  );
  const taken = rows.some(
    (r) =>
      !(except.id && r.id === except.id) &&
      !(except.email && r.email.toLowerCase() === except.email.toLowerCase()),
  );
  if (taken) throw conflict('CPF_ALREADY_REGISTERED');
}

const signupLimitedText = (seconds: number) =>
  `${errorMessages.SIGNUP_RATE_LIMITED} Tente novamente em ${retryText(seconds)}.`;

/**
 * POST /signup: creates the auth user (GoTrue mails the confirmation) and the profile. A CPF another
 * account holds is not checked here (the answer would tell anyone whose CPF has an account): an
 * unconfirmed profile holds no CPF, and the conflict is settled at confirmation and at welcome.
 */
export async function signup(
  db: Db,
  authAdmin: AuthAdmin,
  body: SignupBody,
  clientAddress?: string,
): Promise<void> {
  const name = body.options.data.display_name;
  await assertTempleExists(db, body.congregacao);
  await db.query('select public.expire_unconfirmed_signups()');

  let user: Awaited<ReturnType<AuthAdmin['signUp']>>;
  try {
    user = await authAdmin.signUp({
      email: body.email,
      password: body.password,
      data: { display_name: name, hasUser: true },
      redirectTo: body.options.emailRedirectTo ?? undefined,
      clientAddress,
    });
  } catch (error) {
    if (error instanceof UpstreamError && error.status < 500) {
      if (error.code === 'weak_password') throw invalidData(validationMessages.passwordMin);
      if (error.code === 'email_address_invalid' || error.code === 'validation_failed') {
        throw invalidData(validationMessages.email);
      }
      // auth's own throttle of this client (its window is 15 minutes)
      if (error.status === 429)
        throw new ApiHttpError(429, 'SIGNUP_RATE_LIMITED', signupLimitedText(15 * 60));
    }
    throw error;
  }
  if (!user) throw conflict('EMAIL_ALREADY_REGISTERED');

  const profile = {
    id: user.id,
    name,
    email: body.email,
    phone: body.phone,
    cpf: body.cpf,
    temple_id: body.congregacao ?? null,
    other_church: body.otherChurch ?? null,
  };
  // constraint violations (profiles_cpf_key, profiles_temple_id_fkey) are mapped by the app's onError
  await exec(
    db,
    qb
      .insertInto('profiles')
      .values(profile)
      .onConflict((oc) =>
        oc.column('id').doUpdateSet((eb) => ({
          name: eb.ref('excluded.name'),
          email: eb.ref('excluded.email'),
          phone: eb.ref('excluded.phone'),
          cpf: eb.ref('excluded.cpf'),
          temple_id: eb.ref('excluded.temple_id'),
          other_church: eb.ref('excluded.other_church'),
        })),
      ),
  ); // the congregation (religious affiliation) is kept with the consent the form asked for
  if (body.consentCongregation && (profile.temple_id || profile.other_church))
    await giveConsent(db, user.id, 'congregation');
}

export async function hasProfile(db: Db, userId: string): Promise<boolean> {
  return (await runOneOrNull(db, qb.selectFrom('profiles').select('id').where('id', '=', userId))) !== null;
}

/** The display name of a token's user: the one rule of src/domain/people.ts. */
export function nameOf(user: AuthContextUser): string {
  return displayName(user.userMetadata, user.email);
}

/** POST /v1/welcome, after validation: creates the first-access profile. */
export async function createWelcomeProfile(db: Db, user: AuthContextUser, body: WelcomeBody): Promise<void> {
  await assertTempleExists(db, body.congregacao);
  await assertCpfFree(db, body.cpf, { id: user.id });
  await exec(
    db,
    qb
      .insertInto('profiles')
      .values({
        id: user.id,
        name: nameOf(user),
        email: user.email,
        phone: body.phone,
        cpf: body.cpf,
        temple_id: body.congregacao ?? null,
        other_church: body.otherChurch ?? null,
      })
      .onConflict((oc) => oc.column('id').doNothing()),
  );
  if (body.consentCongregation && (body.congregacao || body.otherChurch))
    await giveConsent(db, user.id, 'congregation');
}

/** A person's profile with their congregation's name (the member's own, or the one staff open). */
export function readProfile(db: Db, id: string) {
  return runOneOrNull(
    db,
    qb
      .selectFrom('profiles as p')
      .leftJoin('temples as t', 't.id', 'p.temple_id')
      .select([
        'p.id',
        'p.name',
        'p.email',
        'p.phone',
        'p.cpf',
        'p.temple_id',
        't.name as temple_name',
        'p.other_church',
        sql<string | null>`to_char(p.birth_date, 'YYYY-MM-DD')`.as('birth_date'),
      ])
      .where('p.id', '=', id),
  );
}

/** GET /v1/me: profile (with the temple name), roles and permissions. */
export async function getMe(db: Db, user: AuthContextUser): Promise<Me> {
  const [profile, roles, permissions] = await Promise.all([
    readProfile(db, user.id),
    run(db, qb.selectFrom('user_roles').select('role').where('user_id', '=', user.id).orderBy('role')),
    loadPermissions(db, user.id),
  ]);
  return {
    id: user.id,
    email: user.email || profile?.email || '',
    profile,
    roles: roles.map((r) => r.role),
    permissions,
  };
}
