import { randomBytes } from 'node:crypto';
import { createMercadoPagoPayments } from '../functions/api/adapters/mercadopago.ts';
import type { MercadoPagoEnv } from '../functions/api/ports/index.ts';
import type { Database } from './db.ts';
import { createMercadoPagoFake, type MercadoPagoFake } from './dev/mercadopago.ts';

export interface MercadoPagoOptions {
  apiUrl?: string;
  accessToken?: string;
  publicKey?: string;
  webhookSecret?: string;
  notificationUrl?: string;
}

const randomHex = () => randomBytes(16).toString('hex');

/**
 * Mercado Pago for the API: real credentials when given; in dev mode without them, the local fake,
 * reached over loopback (the dev guard answers only this machine) by the same production adapter.
 */
export async function hostPayments(opts: {
  mercadoPago: MercadoPagoOptions;
  devHelpers: boolean;
  database: Database;
  /** This host over loopback, e.g. http://127.0.0.1:5173. */
  loopbackUrl: string;
  log: (line: string) => void;
}): Promise<{
  payments: ReturnType<typeof createMercadoPagoPayments>;
  mercadoPago: MercadoPagoEnv;
  fake: MercadoPagoFake | null;
}> {
  const mp = opts.mercadoPago;
  if (!opts.devHelpers || mp.accessToken) {
    return {
      payments: createMercadoPagoPayments({ apiUrl: mp.apiUrl, accessToken: mp.accessToken ?? '' }),
      mercadoPago: {
        publicKey: mp.publicKey ?? '',
        webhookSecret: mp.webhookSecret ?? '',
        notificationUrl: mp.notificationUrl,
        simulated: false,
      },
      fake: null,
    };
  }
  const notificationUrl = `${opts.loopbackUrl}/functions/v1/api/v1/webhooks/mercadopago`;
  const secrets = { accessToken: `TEST-local-${randomHex()}`, publicKey: `TEST-local-public-${randomHex()}` };
  const webhookSecret = randomHex();
  const fake = await createMercadoPagoFake({
    database: opts.database,
    webhookSecret,
    ...secrets,
    defaultNotificationUrl: notificationUrl,
    log: opts.log,
  });
  return {
    payments: createMercadoPagoPayments({
      apiUrl: `${opts.loopbackUrl}/_dev/mercadopago`,
      accessToken: secrets.accessToken,
    }),
    mercadoPago: { publicKey: secrets.publicKey, webhookSecret, notificationUrl, simulated: true },
    fake,
  };
}
