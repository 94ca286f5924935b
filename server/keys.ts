import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { exportJWK, generateKeyPair, importJWK, type JWK, type JWTPayload, jwtVerify, SignJWT } from 'jose';

/** The publishable (anon) key: a constant, so the frontend's `.env` can use the same literal. */
export const ANON_KEY = 'sb_publishable_congrega_local';

export interface Keys {
  kid: string;
  /** JWKS document served at /auth/v1/.well-known/jwks.json. */
  jwks: { keys: JWK[] };
  serviceRoleKey: string;
  sign(payload: JWTPayload, expiresInSeconds: number): Promise<string>;
  /** Verifies signature and expiry; throws on failure. */
  verify(token: string, opts?: { issuer?: string; audience?: string }): Promise<JWTPayload>;
}

interface StoredKeys {
  kid: string;
  privateJwk: JWK;
  serviceRoleKey: string;
}

const TEN_YEARS = 10 * 365 * 24 * 3600;

/**
 * One ES256 key pair signs access tokens, the service-role key, signed storage URLs and OAuth state.
 * Stored in the data folder so tokens survive restarts; kept in memory when dataDir is null.
 */
export async function loadKeys(dataDir: string | null): Promise<Keys> {
  const file = dataDir ? join(dataDir, 'keys.json') : null;
  let stored: StoredKeys | null = file && existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;

  if (!stored) {
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    const privateJwk = await exportJWK(privateKey);
    const kid = randomUUID();
    const key = await importJWK(privateJwk, 'ES256');
    const now = Math.floor(Date.now() / 1000);
    // Same shape as Supabase's legacy service key: {iss:'supabase', ref, role, iat, exp}.
    const serviceRoleKey = await new SignJWT({ iss: 'supabase', ref: 'congrega-local', role: 'service_role' })
      .setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' })
      .setIssuedAt(now)
      .setExpirationTime(now + TEN_YEARS)
      .sign(key);
    stored = { kid, privateJwk, serviceRoleKey };
    if (dataDir && file) {
      mkdirSync(dataDir, { recursive: true, mode: 0o700 });
      writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
    }
  }

  const { kid, privateJwk, serviceRoleKey } = stored;
  const privateKey = await importJWK(privateJwk, 'ES256');
  const { d: _d, ...publicJwk } = privateJwk;
  const publicKey = await importJWK(publicJwk, 'ES256');

  return {
    kid,
    jwks: { keys: [{ ...publicJwk, kid, alg: 'ES256', use: 'sig', key_ops: ['verify'] }] },
    serviceRoleKey,
    sign(payload, expiresInSeconds) {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT(payload)
        .setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' })
        .setIssuedAt(now)
        .setExpirationTime(now + expiresInSeconds)
        .sign(privateKey);
    },
    async verify(token, opts = {}) {
      // Every token we sign expires: one without `exp` is not ours to accept.
      const { payload } = await jwtVerify(token, publicKey, {
        algorithms: ['ES256'],
        requiredClaims: ['exp'],
        ...opts,
      });
      return payload;
    },
  };
}
