import type { Db } from '../../functions/api/ports/db.ts';
import type { Keys } from '../keys.ts';
import type { Mailbox } from '../mailbox.ts';
import type { TrustProxy } from './client-ip.ts';
import type { Passwords } from './password-pool.ts';
import type { SignInLimiter, SlidingWindow } from './rate-limit.ts';

/** Everything the auth routes share, built once by the host. */
export interface AuthContext {
  db: Db;
  keys: Keys;
  /** Public URL of the host, e.g. http://localhost:5173 (tokens' issuer is `${url}/auth/v1`). */
  url: string;
  /** Where redirects go when redirect_to is missing or not allowed. */
  siteUrl: string;
  mailbox: Mailbox;
  /** bcrypt off the event loop, bounded (429 when full). */
  passwords: Passwords;
  limits: {
    signIn: SignInLimiter;
    /** Signup, recovery and resend requests per recipient e-mail and per client address. */
    mailPerEmail: SlidingWindow;
    mailPerIp: SlidingWindow;
    /** Signups per client address in the API's 15-minute window (SIGNUP_LIMIT), counted with its /signup. */
    signupPerIp: number;
  };
  /** Which peers' X-Forwarded-For names the client (TRUST_PROXY, see client-ip.ts). */
  trustProxy: TrustProxy;
  /** The fake Google sign-in page (a local stand-in for the real provider). */
  demoOAuth: boolean;
}
