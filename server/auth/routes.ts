import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { takeHit } from '../../functions/api/adapters/throttle-store.ts';
import { authApiErrors } from '../../src/domain/messages/auth.ts';
import { retryText, SIGNUP_PER_ADDRESS } from '../../src/domain/throttles.ts';
import type { RequestEnv } from '../request-env.ts';
import { clientIp } from './client-ip.ts';
import type { AuthContext } from './context.ts';
import { confirmationMail, inviteMail, recoveryMail } from './emails.ts';
import { AuthError, errors } from './errors.ts';
import { safeRedirect, withFragment } from './redirect.ts';
import { createSession, endSessions, refreshSession, requireSession } from './sessions.ts';
import {
  confirmEmail,
  createEmailUser,
  findUserByEmail,
  findUserById,
  hashToken,
  type Json,
  loadUserJson,
  MAX_PASSWORD_BYTES,
  mergeMetadata,
  metadataFits,
  normalizeEmail,
  obfuscatedUser,
  type UserRow,
} from './users.ts';

export type AuthEnv = { Bindings: RequestEnv };

export const MIN_PASSWORD = 6;

export const isObject = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);

/** Parses a JSON object body or answers GoTrue's bad_json. */
export async function jsonBody(c: Context): Promise<Json> {
  try {
    const value = await c.req.json();
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Json;
  } catch {
    // fall through
  }
  throw errors.badJson();
}

export function requireEmail(value: unknown): string {
  const email = normalizeEmail(value);
  if (!email) throw errors.validation('Unable to validate email address: invalid format');
  return email;
}

export function requirePassword(value: unknown): string {
  if (typeof value !== 'string' || value.length < MIN_PASSWORD) throw errors.weakPassword();
  if (Buffer.byteLength(value, 'utf8') > MAX_PASSWORD_BYTES) throw errors.passwordTooLong();
  return value;
}

async function bearerIsServiceRole(ctx: AuthContext, authorization: string | undefined): Promise<boolean> {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  if (!match) return false;
  try {
    return (await ctx.keys.verify(match[1]!)).role === 'service_role';
  } catch {
    return false;
  }
}

/**
 * The client address the throttles count (see client-ip.ts). A request with the service-role key
 * (the API signing a visitor up) is counted by the client it names in X-Forwarded-For's first entry:
 * counting the API's own address would let one client's signups lock out everyone.
 */
export async function requestIp(ctx: AuthContext, c: Context<AuthEnv>): Promise<string> {
  const forwarded = c.req.header('x-forwarded-for');
  const named = forwarded?.split(',')[0]?.trim();
  if (named && isIP(named) && (await bearerIsServiceRole(ctx, c.req.header('authorization')))) {
    return `api:${named}`;
  }
  return clientIp(c.env?.ip ?? '', forwarded, ctx.trustProxy);
}

/**
 * Every request that may send an e-mail (signup, recovery, resend) counts against the client address
 * and the recipient, whether or not the account exists (so the answer still reveals nothing).
 */
async function throttleMail(ctx: AuthContext, c: Context<AuthEnv>, email: string): Promise<void> {
  const ip = await requestIp(ctx, c);
  if (!ctx.limits.mailPerIp.take(ip)) throw errors.rateLimited(ctx.limits.mailPerIp.retryAfter(ip));
  if (!ctx.limits.mailPerEmail.take(email))
    throw errors.emailRateLimited(ctx.limits.mailPerEmail.retryAfter(email));
}

/**
 * A signup straight to /auth/v1/signup counts in the API's own signup limit of its client
 * (public.api_throttles, `signup:ip:<address>`, 10 in 15 minutes): one limit for both doors. The
 * API's calls (service-role key) were counted there already.
 */
async function throttleSignup(ctx: AuthContext, c: Context<AuthEnv>): Promise<void> {
  if (await bearerIsServiceRole(ctx, c.req.header('authorization'))) return;
  const ip = await requestIp(ctx, c);
  const wait = await takeHit(
    ctx.db,
    `signup:ip:${ip}`,
    ctx.limits.signupPerIp,
    SIGNUP_PER_ADDRESS.window,
    new Date(),
  );
  if (wait !== null) {
    throw new AuthError(
      429,
      'over_request_rate_limit',
      `${authApiErrors.SIGNUP_RATE_LIMITED} Tente novamente em ${retryText(wait)}.`,
      {},
      { 'retry-after': String(wait) },
    );
  }
}

/** Refuses metadata over MAX_USER_METADATA_BYTES (the merged result, for a patch). */
export function boundedMetadata(metadata: Json): Json {
  if (!metadataFits(metadata)) throw errors.metadataTooLarge();
  return metadata;
}

const LINK_TTL = { signup: '24 hours', invite: '24 hours', recovery: '1 hour' } as const;
export type LinkType = keyof typeof LINK_TTL;
// an invitation confirms the e-mail as a signup link does (GoTrue keeps both in confirmation_token)
const COLUMN: Record<LinkType, string> = {
  signup: 'confirmation',
  invite: 'confirmation',
  recovery: 'recovery',
};

/** Stores the hash of a fresh single-use token and mails the verify link. */
export async function sendLink(
  ctx: AuthContext,
  user: UserRow,
  type: LinkType,
  redirectTo: string,
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const col = COLUMN[type];
  await ctx.db.query(`update auth.users set ${col}_token = $2, ${col}_sent_at = now() where id = $1`, [
    user.id,
    hashToken(token),
  ]);
  const link = `${ctx.url}/auth/v1/verify?${new URLSearchParams({ token, type, redirect_to: redirectTo })}`;
  const email = user.email ?? '';
  const mail =
    type === 'signup'
      ? confirmationMail(email, link)
      : type === 'invite'
        ? inviteMail(email, link)
        : recoveryMail(email, link);
  await ctx.mailbox.send(mail);
}

/** Creates the account (or refreshes an unconfirmed one) and mails the link; a confirmed e-mail gets a look-alike. */
async function signup(ctx: AuthContext, email: string, password: string, data: Json, redirectTo: string) {
  const existing = await findUserByEmail(ctx.db, email);
  // Confirmed account: answer like a fresh signup so the response reveals nothing (identities: []).
  if (existing?.email_confirmed_at) return obfuscatedUser(email, data);
  // Staff invited this address: nobody else's password is taken for it; its owner gets the
  // invitation again (where they choose one), and the answer is the look-alike.
  if (existing?.invited_at) {
    await sendLink(ctx, existing, 'invite', redirectTo);
    return obfuscatedUser(email, data);
  }
  let user: UserRow;
  if (existing) {
    // Still unconfirmed: take the new password and data, and mail a new link.
    const [row] = await ctx.db.query<UserRow>(
      `update auth.users set encrypted_password = $2, raw_user_meta_data = raw_user_meta_data || $3::jsonb,
         updated_at = now() where id = $1 returning *`,
      [existing.id, await ctx.passwords.hash(password), data],
    );
    user = row!;
  } else {
    user = await createEmailUser(ctx.db, {
      email,
      passwordHash: await ctx.passwords.hash(password),
      confirmed: false,
      userMetadata: data,
    });
  }
  await sendLink(ctx, user, 'signup', redirectTo);
  return loadUserJson(ctx.db, (await findUserById(ctx.db, user.id))!);
}

/** The GoTrue endpoints a signed-out or signed-in browser calls through supabase-js. */
export function userRoutes(ctx: AuthContext) {
  const app = new Hono<AuthEnv>();

  app.get('/.well-known/jwks.json', (c) =>
    c.json(ctx.keys.jwks, 200, { 'cache-control': 'public, max-age=600' }),
  );
  app.get('/health', (c) =>
    c.json({ version: 'congrega-local', name: 'GoTrue', description: 'Congrega local auth' }),
  );
  app.get('/settings', (c) =>
    c.json({
      external: { email: true, google: ctx.demoOAuth },
      disable_signup: false,
      mailer_autoconfirm: false,
      phone_autoconfirm: false,
    }),
  );

  app.post('/signup', async (c) => {
    const body = await jsonBody(c);
    const email = requireEmail(body.email);
    const password = requirePassword(body.password);
    const data = boundedMetadata(isObject(body.data) ? body.data : {});
    const redirectTo = safeRedirect(ctx, c.req.query('redirect_to'));
    await throttleSignup(ctx, c);
    await throttleMail(ctx, c, email);
    return c.json(await ctx.passwords.admit(() => signup(ctx, email, password, data, redirectTo)));
  });

  app.post('/resend', async (c) => {
    const body = await jsonBody(c);
    const email = requireEmail(body.email);
    if (body.type !== 'signup') throw errors.validation('Only signup confirmations can be resent');
    await throttleMail(ctx, c, email);
    const user = await findUserByEmail(ctx.db, email);
    // an invited address gets its invitation again: a signup link would replace it
    if (user && !user.email_confirmed_at)
      await sendLink(
        ctx,
        user,
        user.invited_at ? 'invite' : 'signup',
        safeRedirect(ctx, c.req.query('redirect_to')),
      );
    return c.json({});
  });

  app.post('/token', async (c) => {
    const grant = c.req.query('grant_type');
    const body = await jsonBody(c);
    if (grant === 'refresh_token') {
      if (typeof body.refresh_token !== 'string' || !body.refresh_token) {
        throw errors.validation('refresh_token required');
      }
      return c.json(await refreshSession(ctx, body.refresh_token));
    }
    if (grant !== 'password') throw errors.validation(`unsupported_grant_type: ${grant ?? ''}`);

    const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
    const password = typeof body.password === 'string' ? body.password : '';
    const ip = await requestIp(ctx, c);
    // Guessing passwords is capped per address and per (address, e-mail): see SignInLimiter.
    if (ctx.limits.signIn.blocked(ip, email))
      throw errors.rateLimited(ctx.limits.signIn.retryAfter(ip, email));
    const tooLong = Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES;
    const session = await ctx.passwords.admit(async () => {
      const user = email && !tooLong ? await findUserByEmail(ctx.db, email) : null;
      // tooLong: no bcrypt (it would read 72 bytes only); an empty stored hash means no password.
      const ok = !tooLong && (await ctx.passwords.check(password, user?.encrypted_password || null));
      if (!ok || !user) {
        ctx.limits.signIn.fail(ip, email);
        throw errors.invalidCredentials();
      }
      if (!user.email_confirmed_at) throw errors.emailNotConfirmed();
      return createSession(ctx, user, 'password');
    });
    return c.json(session);
  });

  app.get('/user', async (c) => {
    const { user } = await requireSession(ctx, c.req.header('authorization'));
    return c.json(await loadUserJson(ctx.db, user));
  });

  app.put('/user', async (c) => {
    const { user, sessionId } = await requireSession(ctx, c.req.header('authorization'));
    const body = await jsonBody(c);
    if (body.email !== undefined && normalizeEmail(body.email) !== user.email) {
      throw errors.validation('Alteração de e-mail não é suportada pelo servidor local.');
    }
    let passwordHash = user.encrypted_password;
    if (body.password !== undefined) {
      const password = requirePassword(body.password);
      if (await ctx.passwords.check(password, user.encrypted_password || null)) throw errors.samePassword();
      passwordHash = await ctx.passwords.hash(password);
    }
    let metadata = user.raw_user_meta_data;
    if (isObject(body.data)) metadata = boundedMetadata(mergeMetadata(metadata, body.data));
    const row = await ctx.db.transaction(async (tx) => {
      const [row] = await tx.query<UserRow>(
        `update auth.users set encrypted_password = $2, raw_user_meta_data = $3::jsonb, updated_at = now()
         where id = $1 returning *`,
        [user.id, passwordHash, metadata],
      );
      // a new password ends every other session of the account (whoever knew the old one is out)
      if (body.password !== undefined) await endSessions(tx, user.id, sessionId, 'others');
      return row!;
    });
    return c.json(await loadUserJson(ctx.db, row));
  });

  app.post('/recover', async (c) => {
    const body = await jsonBody(c);
    const email = requireEmail(body.email);
    await throttleMail(ctx, c, email);
    const user = await findUserByEmail(ctx.db, email);
    // Same answer for unknown e-mails, so nobody can probe who has an account.
    if (user) await sendLink(ctx, user, 'recovery', safeRedirect(ctx, c.req.query('redirect_to')));
    return c.json({});
  });

  app.get('/verify', async (c) => {
    const token = c.req.query('token');
    const type = c.req.query('type');
    const redirectTo = safeRedirect(ctx, c.req.query('redirect_to'));
    const linkType: LinkType | null =
      type === 'signup' || type === 'email'
        ? 'signup'
        : type === 'invite' || type === 'recovery'
          ? type
          : null;
    let user: UserRow | undefined;
    if (token && linkType) {
      const col = COLUMN[linkType];
      // Clearing the token in the same statement makes the link single-use, even on a double click.
      [user] = await ctx.db.query<UserRow>(
        `update auth.users set ${col}_token = null, updated_at = now()
         where ${col}_token = $1 and ${col}_sent_at > now() - interval '${LINK_TTL[linkType]}' returning *`,
        [hashToken(token)],
      );
    }
    if (!user || !linkType) {
      return c.redirect(
        withFragment(redirectTo, {
          error: 'access_denied',
          error_code: 'otp_expired',
          error_description: 'Email link is invalid or has expired',
        }),
        303,
      );
    }
    if (!user.email_confirmed_at && linkType !== 'signup') {
      // The address is proven only now: a password set before (by whoever typed this e-mail into a
      // signup) is not its owner's. It is cleared and its sessions end; the owner chooses one next.
      // A signup link confirms the password it was sent for (a new signup replaces both).
      await ctx.db.transaction(async (tx) => {
        await tx.query('update auth.users set encrypted_password = null where id = $1', [user!.id]);
        await tx.query('delete from auth.sessions where user_id = $1', [user!.id]);
      });
    }
    await confirmEmail(ctx.db, user.id);
    const session = await createSession(ctx, (await findUserById(ctx.db, user.id))!, 'otp');
    return c.redirect(
      withFragment(redirectTo, {
        access_token: session.access_token,
        expires_at: session.expires_at,
        expires_in: session.expires_in,
        refresh_token: session.refresh_token,
        token_type: 'bearer',
        type: linkType,
      }),
      303,
    );
  });

  app.post('/logout', async (c) => {
    const { user, sessionId } = await requireSession(ctx, c.req.header('authorization'));
    await endSessions(ctx.db, user.id, sessionId, c.req.query('scope') ?? 'global');
    return c.body(null, 204);
  });

  return app;
}
