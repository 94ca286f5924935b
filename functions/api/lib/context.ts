import type { Permission } from '../../../src/domain/types.ts';
import type { Ports } from '../ports/index.ts';

/** The signed-in user as the verified access token tells it. */
export interface AuthContextUser {
  id: string;
  email: string;
  userMetadata: Record<string, unknown>;
  claims: Record<string, unknown>;
}

/** Hono environment shared by every router. */
export interface AppEnv {
  Variables: {
    ports: Ports;
    user: AuthContextUser;
    permissions: Permission[];
  };
}
