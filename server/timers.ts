/**
 * The API's jobs the host runs on a timer, all in this one list. On Supabase a pg_cron job calls the
 * same route with the service key.
 */
export const TIMERS = [
  // The e-mail outbox: every write request drains it after its answer; this sends the retries when due.
  { name: 'mail', path: '/v1/mail/drain', everyMs: 30_000 },
  // PIX nobody paid expire also without a webhook.
  { name: 'mercadopago', path: '/v1/mercadopago/sweep', everyMs: 60_000 },
  // Reminders and notices due (README 'Reminders and notices'): idempotent.
  { name: 'reminders', path: '/v1/reminders/run', everyMs: 5 * 60_000 },
] as const;

/** Starts every timer; returns the function that stops them. */
export function startTimers(
  api: (req: Request) => Promise<Response>,
  opts: { url: string; serviceRoleKey: string; waitUntil(task: Promise<unknown>): void },
): () => void {
  const headers = { authorization: `Bearer ${opts.serviceRoleKey}` };
  const intervals = TIMERS.map(({ name, path, everyMs }) => {
    const interval = setInterval(() => {
      const req = new Request(`${opts.url}/functions/v1/api${path}`, { method: 'POST', headers });
      opts.waitUntil(api(req).catch((error) => console.error(`[${name}] ${path} failed`, error)));
    }, everyMs);
    interval.unref();
    return interval;
  });
  return () => {
    for (const interval of intervals) clearInterval(interval);
  };
}
