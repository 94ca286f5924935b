import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../lib/context.ts';

/** What createApp hands every router. */
export interface RouteDeps {
  /** 401 unless a valid user access token is present; sets `user`. */
  requireUser: MiddlewareHandler<AppEnv>;
}
