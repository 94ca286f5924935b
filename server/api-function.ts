import { createLocalJWKSet } from 'jose';
import type { createMercadoPagoPayments } from '../functions/api/adapters/mercadopago.ts';
import { createFixedGeocoder, createNominatimGeocoder } from '../functions/api/ports/geocoder.ts';
import { createHttpPorts } from '../functions/api/ports/http.ts';
import { type ApiEnv, systemClock } from '../functions/api/ports/index.ts';
import type { Notifier } from '../functions/api/ports/notifier.ts';
import type { Database } from './db.ts';
import { DEV_PLACES } from './dev/places.ts';
import { functionsHandler } from './functions.ts';
import type { Keys } from './keys.ts';
import { apiMailer } from './mail/api-mailer.ts';
import type { Mailer } from './mailbox.ts';

/**
 * The Edge Function `api` as the host runs it, in process: its ports (database, the host's mail,
 * payments, the address search) and the work it keeps going after an answer, which `settle` waits for.
 */
export function hostApiFunction(opts: {
  database: Database;
  keys: Keys;
  env: ApiEnv;
  payments: ReturnType<typeof createMercadoPagoPayments>;
  /** `fixed` answers from DEV_PLACES (no internet); `nominatim` asks OpenStreetMap's Nominatim. */
  geocoder: 'fixed' | 'nominatim';
  nominatimUrl?: string;
  /** The members' e-mails go where the host's own go: the dev mailbox or SMTP. */
  mailer: Mailer;
  mailDescribe: string;
  /** WhatsApp: the Cloud API or the dev stand-in; none, WhatsApp messages wait in the outbox. */
  notifier?: Notifier;
  /** The host itself (GoTrue and Storage), called in process, never over its own (HTTPS, LAN) address. */
  self: (req: Request) => Promise<Response>;
}) {
  const background = new Set<Promise<unknown>>();
  const waitUntil = (task: Promise<unknown>) => {
    const tracked = task.catch(() => {}).finally(() => background.delete(tracked));
    background.add(tracked);
  };
  const geocoder =
    opts.geocoder === 'fixed'
      ? createFixedGeocoder(DEV_PLACES)
      : createNominatimGeocoder({
          baseUrl: opts.nominatimUrl,
          userAgent: `Congrega (+${opts.env.supabaseUrl})`,
        });
  const api = functionsHandler(
    {
      db: opts.database.db,
      clock: systemClock,
      env: opts.env,
      payments: opts.payments,
      geocoder,
      mailer: apiMailer(opts.mailer, opts.mailDescribe),
      notifier: opts.notifier,
      waitUntil,
      ...createHttpPorts(opts.env, (target, init) =>
        opts.self(new Request(target, { ...init, duplex: 'half' } as RequestInit)),
      ),
    },
    // the host holds its keys: tokens are checked in memory, never by fetching its own JWKS
    { keys: createLocalJWKSet(opts.keys.jwks) },
  );
  return {
    api,
    waitUntil,
    /** Waits for the work still running after its answers (the members' e-mails). */
    async settle() {
      while (background.size > 0) await Promise.allSettled([...background]);
    },
  };
}
