/**
 * Whether the server answers, as the door shows it ('Online' / 'Sem internet') and acts on it
 * (download, pulls, the event list): from the outcome of the door's own requests and a light check
 * (GET /functions/v1/api/health, no database), never from `navigator.onLine` alone, which says
 * "online" on a venue Wi-Fi with no way out and after a reload with no signal. React-free.
 */
import { createStore } from 'zustand/vanilla';
import { supabaseUrl } from '../../lib/config.ts';
import type { FailureLike } from '../query-client.ts';

/** `unknown` until the first request or check of this page has an outcome. */
export type Reach = 'unknown' | 'online' | 'offline';

export const connection = createStore<{ reach: Reach }>(() => ({
  // the browser knows for sure only when it has no network at all
  reach: typeof navigator !== 'undefined' && navigator.onLine === false ? 'offline' : 'unknown',
}));

/** A check while the server answers (when no other request answered meanwhile), and while it does not. */
export const CHECK_ONLINE_MS = 10_000;
export const CHECK_OFFLINE_MS = 3_000;
/** A check unanswered after this long counts as no answer. */
export const CHECK_TIMEOUT_MS = 5_000;

let lastOutcome = 0;

function report(reach: 'online' | 'offline'): void {
  lastOutcome = Date.now();
  if (connection.getState().reach !== reach) connection.setState({ reach });
}

/** Gateways answer these when the API behind them does not (the server did not answer). */
const NO_ANSWER = new Set([0, 502, 503, 504]);

/**
 * Reports a request's outcome and passes it on unchanged: an answer (any status the API gives,
 * errors too) means the server is reachable; a network failure, an abort or a gateway's 502–504
 * means it is not.
 */
export async function tracked<T>(request: Promise<T>): Promise<T> {
  try {
    const value = await request;
    report('online');
    return value;
  } catch (error) {
    // an ApiFailure (lib/api-fetch.ts) carries the HTTP status, 0 when nothing answered
    const status = (error as FailureLike | null)?.status;
    report(typeof status === 'number' && !NO_ANSWER.has(status) ? 'online' : 'offline');
    throw error;
  }
}

/** Asks the API's health route once; reports and answers whether it answered. Never throws. */
export async function checkServer(url?: string): Promise<boolean> {
  try {
    url ??= `${supabaseUrl()}/functions/v1/api/health`;
    const res = await fetch(url, { cache: 'no-store', signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) });
    // a captive portal answers with its own page: only the API's own answer counts
    const ok = res.ok && ((await res.json()) as { ok?: unknown }).ok === true;
    report(ok ? 'online' : 'offline');
    return ok;
  } catch {
    report('offline');
    return false;
  }
}

/**
 * Keeps `connection` current while the door is open: a check at once, on the browser's
 * `online`/`offline` events, every CHECK_OFFLINE_MS while the server does not answer and every
 * CHECK_ONLINE_MS while it does (skipped when a request answered meanwhile). Answers `stop`.
 */
export function watchConnection(check: () => Promise<boolean> = checkServer): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    clearTimeout(timer);
    if (stopped) return;
    const online = connection.getState().reach === 'online';
    const every = online ? CHECK_ONLINE_MS : CHECK_OFFLINE_MS;
    const wait = online ? Math.max(0, lastOutcome + every - Date.now()) : every;
    timer = setTimeout(run, wait);
  };
  let running = false;
  async function run() {
    if (stopped || running) return;
    clearTimeout(timer);
    // a request that answered recently says enough; only a quiet connection is checked
    if (connection.getState().reach === 'online' && Date.now() - lastOutcome < CHECK_ONLINE_MS) {
      schedule();
      return;
    }
    running = true;
    try {
      await check();
    } finally {
      lastOutcome = Date.now();
      running = false;
      schedule();
    }
  }
  const onOnline = () => {
    lastOutcome = 0;
    void run();
  };
  const onOffline = () => {
    report('offline');
    schedule();
  };
  // a change of state reschedules: back online, the next check waits its longer turn
  const unsubscribe = connection.subscribe(schedule);
  globalThis.addEventListener?.('online', onOnline);
  globalThis.addEventListener?.('offline', onOffline);
  void run();
  return () => {
    stopped = true;
    clearTimeout(timer);
    unsubscribe();
    globalThis.removeEventListener?.('online', onOnline);
    globalThis.removeEventListener?.('offline', onOffline);
  };
}
