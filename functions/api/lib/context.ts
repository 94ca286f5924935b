import type { Permission } from '../../../src/domain/types.ts';
import type { Ports } from '../ports/index.ts';

/** The signed-in user as the verified access token tells it. */
export interface AuthContextUser {
  id: string;
  email: string;
  userMetadata: Record<string, unknown>;
  claims: Record<string, unknown>;
}

/** Turns a bearer token into its user, or throws (JWKS in production; a fake in route tests). */
export type TokenVerifier = (token: string) => Promise<AuthContextUser>;

/** Hono environment shared by every router. */
export interface AppEnv {
  Variables: {
    ports: Ports;
    verifyToken: TokenVerifier;
    user: AuthContextUser;
    permissions: Permission[];
  };
}
