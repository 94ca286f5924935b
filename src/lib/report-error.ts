/**
 * The error-reporting hook (product-spec.md §8: signup and welcome failures are "reported"). Always logs
 * locally; when `VITE_ERROR_REPORT_URL` is set, also posts a small JSON to it (sendBeacon, or a
 * keepalive fetch) so the report survives the navigation that usually follows the failure.
 *
 * The report carries no personal data beyond the error's own message and the context given: the
 * path without its query (queries carry e-mails), the error's name, code and status, a timestamp.
 */

/** Where the error happened (e.g. 'signup', 'welcome') and any small, non-personal facts. */
export interface ErrorContext {
  where: string;
  [fact: string]: string | number | boolean | null | undefined;
}

export interface ErrorReport {
  where: string;
  name: string;
  message: string;
  code?: string | undefined;
  status?: number | undefined;
  context: Record<string, string | number | boolean | null>;
  path: string;
  at: string;
}

export interface ErrorReporterDeps {
  /** Where to post; nothing is sent when empty. */
  url?: string | undefined;
  log?(tag: string, error: unknown, context: ErrorContext): void;
  sendBeacon?: ((url: string, data: Blob) => boolean) | undefined;
  fetch?: ((url: string, init: RequestInit) => Promise<unknown>) | undefined;
  path?(): string;
  now?(): Date;
}

const MAX_TEXT = 500;

function clip(text: string): string {
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text;
}

/** The report for an error (anything thrown) and its context. */
export function toErrorReport(error: unknown, context: ErrorContext, path: string, at: Date): ErrorReport {
  const e = (typeof error === 'object' && error !== null ? error : {}) as {
    name?: unknown;
    message?: unknown;
    code?: unknown;
    status?: unknown;
  };
  const { where, ...facts } = context;
  const clean: Record<string, string | number | boolean | null> = {};
  for (const [key, value] of Object.entries(facts)) {
    if (value !== undefined) clean[key] = typeof value === 'string' ? clip(value) : value;
  }
  return {
    where,
    name: typeof e.name === 'string' ? e.name : typeof error,
    message: clip(
      typeof e.message === 'string' ? e.message : typeof error === 'string' ? error : String(error),
    ),
    code: typeof e.code === 'string' ? e.code : undefined,
    status: typeof e.status === 'number' ? e.status : undefined,
    context: clean,
    path: path.split(/[?#]/)[0] ?? '',
    at: at.toISOString(),
  };
}

/** A `reportError` bound to its outlets (the app's is below; tests pass their own). */
export function createErrorReporter(deps: ErrorReporterDeps) {
  const log = deps.log ?? ((tag, error, context) => console.error(tag, error, context));
  return function reportError(error: unknown, context: ErrorContext): void {
    log(`[congrega:${context.where}]`, error, context);
    if (!deps.url) return;
    try {
      const report = toErrorReport(error, context, deps.path?.() ?? '', deps.now?.() ?? new Date());
      const body = JSON.stringify(report);
      if (beacon(deps, deps.url, body)) return;
      void deps
        .fetch?.(deps.url, {
          method: 'POST',
          body,
          headers: { 'content-type': 'application/json' },
          keepalive: true,
          credentials: 'omit',
          mode: 'cors',
        })
        ?.catch(() => undefined);
    } catch {
      // reporting must never break the screen that failed
    }
  };
}

/** True when the browser queued the report (a beacon can refuse, e.g. over its size quota). */
function beacon(deps: ErrorReporterDeps, url: string, body: string): boolean {
  try {
    return deps.sendBeacon?.(url, new Blob([body], { type: 'application/json' })) === true;
  } catch {
    return false;
  }
}

const hasWindow = typeof window !== 'undefined';

/** Logs the error and, when configured, reports it (product-spec.md §8). Never throws. */
export const reportError = createErrorReporter({
  url: (import.meta.env.VITE_ERROR_REPORT_URL as string | undefined) || undefined,
  sendBeacon:
    typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function'
      ? (url, data) => navigator.sendBeacon(url, data)
      : undefined,
  fetch: typeof fetch === 'function' ? (url, init) => fetch(url, init) : undefined,
  path: () => (hasWindow ? window.location.pathname : ''),
});
