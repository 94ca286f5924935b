import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { SURFACE } from './surface.ts';

type CspOptions = NonNullable<Parameters<typeof secureHeaders>[0]>['contentSecurityPolicy'];

/** Only nosniff and a referrer policy besides each answer's framing rule and CSP. */
const COMMON = {
  referrerPolicy: 'strict-origin-when-cross-origin',
  xContentTypeOptions: true,
  crossOriginResourcePolicy: false,
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  strictTransportSecurity: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
} as const;

/**
 * Security headers on every answer (`hono/secure-headers`): nosniff, a referrer policy, no framing by
 * other sites. The app (shell, assets, service worker) gets its CSP (`appCsp`, server/csp.ts); host
 * answers that are data (JSON, the avatar SVG) get a no-content policy unless they carry their own
 * (host pages, the API); storage files may be framed by the app itself (signed event files open in an
 * iframe).
 */
export function securityHeaders(appCsp: Record<string, string[]>): MiddlewareHandler {
  const app = secureHeaders({
    ...COMMON,
    xFrameOptions: 'DENY',
    // kebab-case directive names pass through unchanged
    contentSecurityPolicy: appCsp as CspOptions,
  });
  const data = secureHeaders({
    ...COMMON,
    xFrameOptions: 'DENY',
    contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    overwrite: false,
  });
  const storage = secureHeaders({
    ...COMMON,
    xFrameOptions: 'SAMEORIGIN',
    contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'self'"] },
    overwrite: false,
  });
  return (c, next) => {
    const path = c.req.path;
    if (path.startsWith('/storage/v1/')) return storage(c, next);
    return SURFACE.test(path) ? data(c, next) : app(c, next);
  };
}
