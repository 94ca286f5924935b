import { createHash, randomUUID } from 'node:crypto';
import bcrypt from 'bcryptjs';
import type { Db } from '../../functions/api/ports/db.ts';

export const BCRYPT_COST = 10;

/*
 * jsonb parameters are passed as objects, never JSON.stringify'd: postgres.js serialises whatever is
 * bound to a jsonb parameter with JSON.stringify, so a pre-stringified value would be stored as a JSON
 * string (PGlite passes strings through, which hid it). Both drivers take objects.
 */

/** bcrypt reads only the first 72 bytes: longer passwords are refused (as GoTrue does). */
export const MAX_PASSWORD_BYTES = 72;

/** Main-thread hashing, for start-up work (seed, demo lock); requests go through ctx.passwords. */
export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, BCRYPT_COST);
}

// Compared against when the e-mail is unknown, so both paths cost one bcrypt round.
let dummyHash: Promise<string> | undefined;

export async function checkPassword(password: string, hash: string | null): Promise<boolean> {
  dummyHash ??= bcrypt.hash('congrega-dummy-password', BCRYPT_COST);
  const ok = await bcrypt.compare(password, hash ?? (await dummyHash));
  return ok && hash !== null;
}

/** E-mail link tokens are random; only their SHA-256 is stored. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export type Json = Record<string, unknown>;

/**
 * User metadata (`data` on signup and PUT /user, `user_metadata` on the admin routes) is at most this
 * many bytes of JSON once merged: the app keeps a name and two flags there, and each answer carries it.
 */
export const MAX_USER_METADATA_BYTES = 4 * 1024;

/** True when the metadata fits MAX_USER_METADATA_BYTES. */
export function metadataFits(metadata: Json): boolean {
  return Buffer.byteLength(JSON.stringify(metadata), 'utf8') <= MAX_USER_METADATA_BYTES;
}

/**
 * The user-metadata keys an access token carries: what the app reads from it (the name for
 * src/domain/people.ts, the first-access flags, Google's photo). Anything else stays on the account
 * (GET /user), so a token stays small whatever the metadata holds.
 */
export const TOKEN_METADATA_KEYS = [
  'display_name',
  'full_name',
  'name',
  'avatar_url',
  'welcome',
  'hasUser',
  'email_verified',
] as const;

/** A token's copy of the metadata: the keys above, strings of at most 512 characters, no nesting. */
export function tokenMetadata(metadata: Json): Json {
  const out: Json = {};
  for (const key of TOKEN_METADATA_KEYS) {
    const value = metadata[key];
    if (typeof value === 'boolean' || (typeof value === 'string' && value.length <= 512)) out[key] = value;
  }
  return out;
}

export interface UserRow {
  id: string;
  aud: string;
  role: string;
  email: string | null;
  phone: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  confirmation_sent_at: Date | null;
  recovery_sent_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Json;
  raw_user_meta_data: Json;
  is_anonymous: boolean;
  invited_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface IdentityRow {
  id: string;
  user_id: string;
  provider: string;
  provider_id: string;
  identity_data: Json;
  last_sign_in_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : undefined);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (s: string) => UUID.test(s);

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** GoTrue compares e-mails case-insensitively; we store them trimmed and lower-cased. */
export function normalizeEmail(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const email = value.trim().toLowerCase();
  return email.length <= 255 && EMAIL.test(email) ? email : null;
}

/** Applies a metadata patch the way GoTrue does: keys are merged, a null value deletes the key. */
export function mergeMetadata(current: Json, patch: Json): Json {
  const out: Json = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete out[key];
    else out[key] = value;
  }
  return out;
}

export function identityJson(row: IdentityRow) {
  return {
    identity_id: row.id,
    id: row.provider_id,
    user_id: row.user_id,
    identity_data: row.identity_data,
    provider: row.provider,
    last_sign_in_at: iso(row.last_sign_in_at),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    email: typeof row.identity_data.email === 'string' ? row.identity_data.email : undefined,
  };
}

/** The user object as GoTrue serialises it (unset timestamps are omitted, as GoTrue does). */
export function userJson(row: UserRow, identities: IdentityRow[]) {
  return {
    id: row.id,
    aud: row.aud,
    role: row.role,
    email: row.email ?? '',
    email_confirmed_at: iso(row.email_confirmed_at),
    phone: row.phone ?? '',
    confirmation_sent_at: iso(row.confirmation_sent_at),
    confirmed_at: iso(row.email_confirmed_at),
    recovery_sent_at: iso(row.recovery_sent_at),
    last_sign_in_at: iso(row.last_sign_in_at),
    app_metadata: row.raw_app_meta_data,
    user_metadata: row.raw_user_meta_data,
    identities: identities.map(identityJson),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    is_anonymous: row.is_anonymous,
  };
}

export type User = ReturnType<typeof userJson>;

/** What signup answers for an e-mail that already has a confirmed account: a look-alike user that
 * reveals nothing, recognisable only by `identities: []` (GoTrue's obfuscated user). */
export function obfuscatedUser(email: string, data: Json) {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    aud: 'authenticated',
    role: 'authenticated',
    email,
    phone: '',
    confirmation_sent_at: now,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: data,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}

export async function findUserById(db: Db, id: string): Promise<UserRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.query<UserRow>('select * from auth.users where id = $1', [id]);
  return row ?? null;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [row] = await db.query<UserRow>('select * from auth.users where lower(email) = lower($1)', [email]);
  return row ?? null;
}

export async function identitiesOf(db: Db, userId: string): Promise<IdentityRow[]> {
  return db.query<IdentityRow>('select * from auth.identities where user_id = $1 order by created_at', [
    userId,
  ]);
}

export async function loadUserJson(db: Db, row: UserRow): Promise<User> {
  return userJson(row, await identitiesOf(db, row.id));
}

/** Creates an e-mail/password user with its `email` identity (GoTrue keeps one per provider). */
export async function createEmailUser(
  db: Db,
  input: {
    email: string;
    passwordHash: string | null;
    confirmed: boolean;
    userMetadata: Json;
    appMetadata?: Json;
  },
): Promise<UserRow> {
  const id = randomUUID();
  const identityData = {
    sub: id,
    email: input.email,
    email_verified: input.confirmed,
    phone_verified: false,
  };
  const appMetadata = { provider: 'email', providers: ['email'], ...input.appMetadata };
  return db.transaction(async (tx) => {
    const [row] = await tx.query<UserRow>(
      `insert into auth.users (id, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data)
       values ($1, $2, $3, case when $4::boolean then now() end, $5::jsonb, $6::jsonb) returning *`,
      [
        id,
        input.email,
        input.passwordHash,
        input.confirmed,
        appMetadata,
        { ...input.userMetadata, ...identityData },
      ],
    );
    await tx.query(
      `insert into auth.identities (user_id, provider, provider_id, identity_data) values ($1::uuid, 'email', $1::text, $2::jsonb)`,
      [id, identityData],
    );
    return row!;
  });
}

/** Marks the e-mail as verified on the user and on its `email` identity. */
export async function confirmEmail(db: Db, userId: string): Promise<void> {
  await db.query(
    `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()),
       raw_user_meta_data = case when raw_user_meta_data ? 'email_verified'
         then jsonb_set(raw_user_meta_data, '{email_verified}', 'true') else raw_user_meta_data end,
       updated_at = now()
     where id = $1`,
    [userId],
  );
  await db.query(
    `update auth.identities set identity_data = jsonb_set(identity_data, '{email_verified}', 'true'), updated_at = now()
     where user_id = $1 and provider = 'email'`,
    [userId],
  );
}
