import type { Db } from '../../functions/api/ports/db.ts';
import type { Keys } from '../keys.ts';
import type { Mailbox } from '../mailbox.ts';
import type { FailureLimiter } from './rate-limit.ts';

/** Everything the auth routes share, built once by the host. */
export interface AuthContext {
  db: Db;
  keys: Keys;
  /** Public URL of the host, e.g. http://localhost:5173 (tokens' issuer is `${url}/auth/v1`). */
  url: string;
  /** Where redirects go when redirect_to is missing or not allowed. */
  siteUrl: string;
  mailbox: Mailbox;
  limits: { email: FailureLimiter; ip: FailureLimiter };
  /** The fake Google sign-in page (a local stand-in for the real provider). */
  demoOAuth: boolean;
}
