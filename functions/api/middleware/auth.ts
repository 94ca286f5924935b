import type { MiddlewareHandler } from 'hono';
import { createRemoteJWKSet, type JWTPayload, type JWTVerifyGetKey, jwtVerify } from 'jose';
import type { Permission } from '../../../src/domain/types.ts';
import { qb, run } from '../db/kysely.ts';
import type { AppEnv, AuthContextUser, TokenVerifier } from '../lib/context.ts';
import { forbidden, unauthorized } from '../lib/errors.ts';
import type { Db } from '../ports/db.ts';
import type { ApiEnv } from '../ports/index.ts';

export type { TokenVerifier };

/**
 * Verifies Supabase access tokens against the project's JWKS (ES256/RS256), issuer
 * `<SUPABASE_URL>/auth/v1`, audience `authenticated`, and requires role `authenticated`:
 * the anon key or a service key is not a user. On Supabase the keys are fetched from the project;
 * the local host passes its own key set (`keys`), so verifying never needs a request from the host
 * to itself (its HTTPS address may be a name it cannot resolve, or signed by a local authority Node
 * does not trust).
 */
export function createTokenVerifier(env: ApiEnv, keys?: JWTVerifyGetKey): TokenVerifier {
  const base = env.supabaseUrl.replace(/\/+$/, '');
  const jwks = keys ?? createRemoteJWKSet(new URL(`${base}/auth/v1/.well-known/jwks.json`));
  const issuer = `${base}/auth/v1`;
  return async (token) => {
    // A token without `exp` would never expire: refused.
    const { payload } = await jwtVerify(token, jwks, {
      issuer,
      audience: 'authenticated',
      requiredClaims: ['exp'],
    });
    return userFromClaims(payload);
  };
}

function userFromClaims(payload: JWTPayload): AuthContextUser {
  const sub = payload.sub;
  if (payload.role !== 'authenticated' || typeof sub !== 'string' || !sub)
    throw new Error('not a user token');
  const meta = payload.user_metadata;
  return {
    id: sub,
    email: typeof payload.email === 'string' ? payload.email : '',
    userMetadata: meta && typeof meta === 'object' ? (meta as Record<string, unknown>) : {},
    claims: payload as Record<string, unknown>,
  };
}

function bearer(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match ? match[1]! : null;
}

/**
 * 401 UNAUTHORIZED unless the request carries a valid user access token; sets `user`. The verifier
 * comes from the context (set once by createApp), so routers are plain constants.
 */
export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  const token = bearer(c.req.header('authorization'));
  if (!token) throw unauthorized();
  let user: AuthContextUser;
  try {
    user = await c.get('verifyToken')(token);
  } catch {
    throw unauthorized();
  }
  if (!(await sessionAlive(c.get('ports').db, user.claims.session_id))) throw unauthorized();
  c.set('user', user);
  await next();
};

/**
 * A signed-in token names its auth session (`session_id`); signing out deletes the session, so the
 * token stops working here at once instead of living until it expires (up to an hour). One lookup by
 * primary key in auth.sessions, on the local host and on Supabase alike.
 */
async function sessionAlive(db: Db, sessionId: unknown): Promise<boolean> {
  if (typeof sessionId !== 'string' || !sessionId) return true; // tokens without a session (tests' fakes)
  if (!/^[0-9a-f-]{36}$/i.test(sessionId)) return false;
  const rows = await db.query('select 1 from auth.sessions where id = $1', [sessionId]);
  return rows.length > 0;
}

/** The permissions a user holds through their roles (one query). */
export async function loadPermissions(db: Db, userId: string): Promise<Permission[]> {
  const rows = await run(
    db,
    qb
      .selectFrom('user_roles as ur')
      .innerJoin('role_permissions as rp', 'rp.role', 'ur.role')
      .select('rp.permission')
      .distinct()
      .where('ur.user_id', '=', userId)
      .orderBy('rp.permission'),
  );
  return rows.map((r) => r.permission);
}

/** 403 FORBIDDEN unless the user holds at least one of the permissions. Run after requireUser. */
export function requirePermission(...anyOf: Permission[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = c.get('user');
    if (!user) throw unauthorized();
    let permissions = c.get('permissions');
    if (!permissions) {
      permissions = await loadPermissions(c.get('ports').db, user.id);
      c.set('permissions', permissions);
    }
    if (!anyOf.some((p) => permissions.includes(p))) throw forbidden();
    await next();
  };
}
