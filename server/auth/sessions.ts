import { randomBytes } from 'node:crypto';
import type { Db } from '../../functions/api/ports/db.ts';
import type { AuthContext } from './context.ts';
import { AuthError, errors } from './errors.ts';
import { findUserById, loadUserJson, tokenMetadata, type User, type UserRow } from './users.ts';

/**
 * An access token longer than this is never issued: the sign-in is refused instead (app_metadata,
 * set by the service role, is the only part left unbounded; a normal token is about 1 KB).
 */
export const MAX_ACCESS_TOKEN_BYTES = 8 * 1024;

/** Access tokens live one hour (supabase-js refreshes when 90 s or less remain). */
export const ACCESS_TTL = 3600;

/** How long a just-rotated refresh token still answers with the session's current token. */
export const REUSE_GRACE_SECONDS = 10;

export type AmrMethod = 'password' | 'otp' | 'oauth';

interface SessionRow {
  id: string;
  user_id: string;
  amr_method: string;
  created_at: Date;
}

export interface SessionJson {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: User;
}

const newRefreshToken = () => randomBytes(24).toString('base64url');

export function issuer(ctx: AuthContext): string {
  return `${ctx.url}/auth/v1`;
}

async function sign(
  ctx: AuthContext,
  user: UserRow,
  session: SessionRow,
): Promise<{ token: string; exp: number }> {
  const exp = Math.floor(Date.now() / 1000) + ACCESS_TTL;
  // Claims as GoTrue's tokens/service.go writes them.
  const token = await ctx.keys.sign(
    {
      iss: issuer(ctx),
      sub: user.id,
      aud: 'authenticated',
      email: user.email ?? '',
      phone: user.phone ?? '',
      app_metadata: user.raw_app_meta_data,
      user_metadata: tokenMetadata(user.raw_user_meta_data),
      role: 'authenticated',
      aal: 'aal1',
      amr: [
        { method: session.amr_method, timestamp: Math.floor(new Date(session.created_at).getTime() / 1000) },
      ],
      session_id: session.id,
      is_anonymous: user.is_anonymous,
    },
    ACCESS_TTL,
  );
  if (token.length > MAX_ACCESS_TOKEN_BYTES) throw errors.tokenTooLarge();
  return { token, exp };
}

async function sessionJson(
  ctx: AuthContext,
  user: UserRow,
  session: SessionRow,
  refreshToken: string,
  signed?: { token: string; exp: number },
) {
  const { token, exp } = signed ?? (await sign(ctx, user, session));
  return {
    access_token: token,
    token_type: 'bearer' as const,
    expires_in: ACCESS_TTL,
    expires_at: exp,
    refresh_token: refreshToken,
    user: await loadUserJson(ctx.db, user),
  };
}

/** Starts a session (sign-in, e-mail link, OAuth) and records the sign-in time. */
export async function createSession(
  ctx: AuthContext,
  user: UserRow,
  method: AmrMethod,
): Promise<SessionJson> {
  const refreshToken = newRefreshToken();
  const { session, fresh, signed } = await ctx.db.transaction(async (tx) => {
    const [session] = await tx.query<SessionRow>(
      'insert into auth.sessions (user_id, amr_method) values ($1, $2) returning *',
      [user.id, method],
    );
    await tx.query('insert into auth.refresh_tokens (token, user_id, session_id) values ($1, $2, $3)', [
      refreshToken,
      user.id,
      session!.id,
    ]);
    const [fresh] = await tx.query<UserRow>(
      'update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1 returning *',
      [user.id],
    );
    // signed here: a token too large rolls the session back
    return { session: session!, fresh: fresh!, signed: await sign(ctx, fresh!, session!) };
  });
  return sessionJson(ctx, fresh, session, refreshToken, signed);
}

type RotateResult =
  | { ok: true; session: SessionRow; user: UserRow; token: string }
  | { ok: false; error: AuthError };

/**
 * Rotates a refresh token: the old one is revoked and a child issued. Presenting a revoked token
 * again means it leaked or was replayed, so the whole session ends (GoTrue's reuse detection).
 */
export async function refreshSession(ctx: AuthContext, refreshToken: string): Promise<SessionJson> {
  const result = await ctx.db.transaction(async (tx): Promise<RotateResult> => {
    const [row] = await tx.query<{ token: string; revoked: boolean; session_id: string; user_id: string }>(
      'select token, revoked, session_id, user_id from auth.refresh_tokens where token = $1 for update',
      [refreshToken],
    );
    if (!row) {
      return {
        ok: false,
        error: new AuthError(
          400,
          'refresh_token_not_found',
          'Invalid Refresh Token: Refresh Token Not Found',
        ),
      };
    }
    if (row.revoked) {
      // Two tabs refreshing the same token at once: within the grace window the late one gets the
      // session's current token (GoTrue's refresh_token_reuse_interval) instead of ending the session.
      const [active] = await tx.query<{ token: string }>(
        `select t.token from auth.refresh_tokens t
         where t.session_id = $1 and not t.revoked
           and exists (select 1 from auth.refresh_tokens c where c.parent = $2
                       and c.created_at > now() - make_interval(secs => $3))
         order by t.id desc limit 1`,
        [row.session_id, refreshToken, REUSE_GRACE_SECONDS],
      );
      const [session] = active
        ? await tx.query<SessionRow>('select * from auth.sessions where id = $1', [row.session_id])
        : [];
      const user = session ? await findUserById(tx, row.user_id) : null;
      if (active && session && user) return { ok: true, session, user, token: active.token };
      await tx.query('delete from auth.sessions where id = $1', [row.session_id]);
      return {
        ok: false,
        error: new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used'),
      };
    }
    const token = newRefreshToken();
    await tx.query('update auth.refresh_tokens set revoked = true where token = $1', [refreshToken]);
    await tx.query(
      'insert into auth.refresh_tokens (token, user_id, session_id, parent) values ($1, $2, $3, $4)',
      [token, row.user_id, row.session_id, refreshToken],
    );
    const [session] = await tx.query<SessionRow>(
      'update auth.sessions set updated_at = now() where id = $1 returning *',
      [row.session_id],
    );
    const user = await findUserById(tx, row.user_id);
    if (!session || !user) {
      return {
        ok: false,
        error: new AuthError(400, 'session_expired', 'Invalid Refresh Token: Session Expired'),
      };
    }
    return { ok: true, session, user, token };
  });
  if (!result.ok) throw result.error;
  return sessionJson(ctx, result.user, result.session, result.token);
}

/** Bearer access token → its live session and user, with GoTrue's error codes. */
export async function requireSession(
  ctx: AuthContext,
  authorization: string | undefined,
): Promise<{ user: UserRow; sessionId: string }> {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  if (!match) throw errors.noAuthorization();
  let claims: Record<string, unknown>;
  try {
    claims = await ctx.keys.verify(match[1]!, { issuer: issuer(ctx), audience: 'authenticated' });
  } catch (err) {
    throw errors.badJwt((err as Error).message);
  }
  const sessionId = String(claims.session_id ?? '');
  const [session] = await ctx.db.query<{ user_id: string }>(
    'select user_id from auth.sessions where id::text = $1',
    [sessionId],
  );
  if (!session) throw errors.sessionNotFound();
  const user = await findUserById(ctx.db, String(claims.sub));
  if (!user || user.id !== session.user_id) throw errors.userNotFound();
  return { user, sessionId };
}

export async function endSessions(db: Db, userId: string, sessionId: string, scope: string): Promise<void> {
  if (scope === 'local') await db.query('delete from auth.sessions where id = $1', [sessionId]);
  else if (scope === 'others')
    await db.query('delete from auth.sessions where user_id = $1 and id <> $2', [userId, sessionId]);
  else await db.query('delete from auth.sessions where user_id = $1', [userId]);
}
