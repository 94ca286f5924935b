import { Hono } from 'hono';
import * as v from 'valibot';
import { constantTimeEqual } from '../../adapters/mercadopago-signature.ts';
import type { AppEnv } from '../../lib/context.ts';
import { unauthorized } from '../../lib/errors.ts';
import { valid } from '../../lib/validate.ts';
import { requireUser } from '../../middleware/auth.ts';
import { passExpiredOffers } from '../tiers/places.ts';
import { expireOverduePix, handleNotification, readConfirmation } from './mercadopago.service.ts';

const idParam = v.object({ id: v.pipe(v.string(), v.uuid()) });

/**
 * Mercado Pago: the webhook (no bearer token: Mercado Pago signs it instead), what the payment
 * screen needs (the public key, the attempt to poll), and the sweep for a scheduler (unpaid PIX and
 * cash expire, waiting-list offers whose time is up pass on).
 */
export const mercadoPagoRoutes = new Hono<AppEnv>()
  .post('/v1/webhooks/mercadopago', async (c) => {
    const body = (await c.req.json().catch(() => null)) as { type?: unknown; action?: unknown } | null;
    const result = await handleNotification(c.get('ports'), {
      signature: c.req.header('x-signature'),
      requestId: c.req.header('x-request-id'),
      dataId: c.req.query('data.id'),
      type: c.req.query('type') ?? (typeof body?.type === 'string' ? body.type : undefined),
      action: typeof body?.action === 'string' ? body.action : undefined,
    });
    return c.json(result, 200);
  })
  /** The browser's side of Mercado Pago: the public key only (the access token never leaves the API). */
  .get('/v1/mercadopago/config', requireUser, (c) => {
    const mp = c.get('ports').env.mercadoPago;
    return c.json({ publicKey: mp?.publicKey ?? '', simulated: mp?.simulated ?? false });
  })
  .get('/v1/mercadopago/confirmations/:id', requireUser, valid('param', idParam), async (c) =>
    c.json(await readConfirmation(c.get('ports'), c.get('user').id, c.req.valid('param').id)),
  )
  /** For a scheduler (the local host every minute; pg_cron + pg_net on Supabase), with the service key. */
  .post('/v1/mercadopago/sweep', async (c) => {
    const ports = c.get('ports');
    const token = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1] ?? '';
    if (!ports.env.serviceRoleKey || !constantTimeEqual(token, ports.env.serviceRoleKey))
      throw unauthorized();
    const pix = await expireOverduePix(ports);
    // waiting-list offers whose time is up pass to the next person (tiers/places.ts)
    return c.json({ ...pix, offers_passed: await passExpiredOffers(ports.db) });
  });
