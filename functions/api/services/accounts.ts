import { validationMessages } from '../../../src/domain/messages.ts';
import { displayName } from '../../../src/domain/people.ts';
import type { Me, Permission, Profile, Temple } from '../../../src/domain/types.ts';
import type { SignupBody, WelcomeBody } from '../../../src/domain/validation.ts';
import type { AuthContextUser } from '../lib/context.ts';
import { ApiHttpError, conflict, invalidData, pgConstraint, pgErrorCode } from '../lib/errors.ts';
import { strOrNull } from '../lib/rows.ts';
import { loadPermissions } from '../middleware/auth.ts';
import type { Db } from '../ports/db.ts';
import { UpstreamError } from '../ports/http.ts';
import type { AuthAdmin } from '../ports/index.ts';

type Row = Record<string, unknown>;

/** Temples where ours is true, by name (pt-BR collation). */
export async function listTemples(db: Db): Promise<Temple[]> {
  const rows = await db.query<Row>(
    'select id, name, regional from public.temples where ours order by name, id',
  );
  const collator = new Intl.Collator('pt-BR', { sensitivity: 'base' });
  return rows
    .map((r) => ({ id: String(r.id), name: String(r.name), regional: String(r.regional) }))
    .sort((a, b) => collator.compare(a.name, b.name));
}

async function assertTempleExists(db: Db, templeId: string | null | undefined): Promise<void> {
  if (!templeId) return;
  const rows = await db.query('select 1 from public.temples where id = $1', [templeId]);
  if (rows.length === 0) throw invalidData(validationMessages.congregation);
}

/** 409 CPF_ALREADY_REGISTERED when another account (not `exceptEmail`/`exceptId`) holds the CPF. */
async function assertCpfFree(db: Db, cpf: string, except: { email?: string; id?: string }): Promise<void> {
  const rows = await db.query<Row>('select id, email from public.profiles where cpf = $1', [cpf]);
  const taken = rows.some(
    (r) =>
      !(except.id && String(r.id) === except.id) &&
      !(except.email && String(r.email).toLowerCase() === except.email.toLowerCase()),
  );
  if (taken) throw conflict('CPF_ALREADY_REGISTERED');
}

function mapProfileInsertError(error: unknown): never {
  if (pgErrorCode(error) === '23505' && (pgConstraint(error) ?? 'profiles_cpf_key').includes('cpf')) {
    throw conflict('CPF_ALREADY_REGISTERED');
  }
  if (pgErrorCode(error) === '23503') throw invalidData(validationMessages.congregation);
  throw error;
}

/** POST /signup: creates the auth user (GoTrue mails the confirmation) and the profile. */
export async function signup(db: Db, authAdmin: AuthAdmin, body: SignupBody): Promise<void> {
  const name = body.options.data.display_name;
  await assertTempleExists(db, body.congregacao);
  await assertCpfFree(db, body.cpf, { email: body.email });

  let user: Awaited<ReturnType<AuthAdmin['signUp']>>;
  try {
    user = await authAdmin.signUp({
      email: body.email,
      password: body.password,
      data: { display_name: name, hasUser: true },
      redirectTo: body.options.emailRedirectTo ?? undefined,
    });
  } catch (error) {
    if (error instanceof UpstreamError && error.status < 500) {
      if (error.code === 'weak_password') throw invalidData(validationMessages.passwordMin);
      if (error.code === 'email_address_invalid' || error.code === 'validation_failed') {
        throw invalidData(validationMessages.email);
      }
      if (error.status === 429) throw new ApiHttpError(429, 'INTERNAL');
    }
    throw error;
  }
  if (!user) throw conflict('EMAIL_ALREADY_REGISTERED');

  try {
    await db.query(
      `insert into public.profiles (id, name, email, phone, cpf, temple_id, other_church)
       values ($1, $2, $3, $4, $5, $6, $7)
       on conflict (id) do update set name = excluded.name, email = excluded.email, phone = excluded.phone,
         cpf = excluded.cpf, temple_id = excluded.temple_id, other_church = excluded.other_church`,
      [user.id, name, body.email, body.phone, body.cpf, body.congregacao ?? null, body.otherChurch ?? null],
    );
  } catch (error) {
    mapProfileInsertError(error);
  }
}

export async function hasProfile(db: Db, userId: string): Promise<boolean> {
  const rows = await db.query('select 1 from public.profiles where id = $1', [userId]);
  return rows.length > 0;
}

/** The display name of a token's user: the one rule of src/domain/people.ts. */
export function nameOf(user: AuthContextUser): string {
  return displayName(user.userMetadata, user.email);
}

/** POST /v1/welcome, after validation: creates the first-access profile. */
export async function createWelcomeProfile(db: Db, user: AuthContextUser, body: WelcomeBody): Promise<void> {
  await assertTempleExists(db, body.congregacao);
  await assertCpfFree(db, body.cpf, { id: user.id });
  try {
    await db.query(
      `insert into public.profiles (id, name, email, phone, cpf, temple_id, other_church)
       values ($1, $2, $3, $4, $5, $6, $7)
       on conflict (id) do nothing`,
      [
        user.id,
        nameOf(user),
        user.email,
        body.phone,
        body.cpf,
        body.congregacao ?? null,
        body.otherChurch ?? null,
      ],
    );
  } catch (error) {
    mapProfileInsertError(error);
  }
}

/** GET /v1/me: profile (with the temple name), roles and permissions. */
export async function getMe(db: Db, user: AuthContextUser): Promise<Me> {
  const [profiles, roles, permissions] = await Promise.all([
    db.query<Row>(
      `select p.id, p.name, p.email, p.phone, p.cpf, p.temple_id, t.name as temple_name, p.other_church
         from public.profiles p left join public.temples t on t.id = p.temple_id
        where p.id = $1`,
      [user.id],
    ),
    db.query<Row>('select role from public.user_roles where user_id = $1 order by role', [user.id]),
    loadPermissions(db, user.id),
  ]);
  const p = profiles[0];
  const profile: Profile | null = p
    ? {
        id: String(p.id),
        name: String(p.name),
        email: String(p.email),
        phone: strOrNull(p.phone),
        cpf: strOrNull(p.cpf),
        temple_id: strOrNull(p.temple_id),
        temple_name: strOrNull(p.temple_name),
        other_church: strOrNull(p.other_church),
      }
    : null;
  return {
    id: user.id,
    email: user.email || profile?.email || '',
    profile,
    roles: roles.map((r) => String(r.role)),
    permissions: permissions as Permission[],
  };
}
