import { Hono } from 'hono';
import { constantTimeEqual } from '../../adapters/mercadopago-signature.ts';
import type { AppEnv } from '../../lib/context.ts';
import { unauthorized } from '../../lib/errors.ts';
import { drainOutbox } from '../../mail/outbox.ts';

/**
 * The members' e-mail outbox for a scheduler (pg_cron + pg_net on Supabase; the local host runs its
 * own timer): sends what is due, retries included, with the service key. Besides this, every write
 * request starts a drain after its answer (app.ts).
 */
export const mailRoutes = new Hono<AppEnv>().post('/v1/mail/drain', async (c) => {
  const ports = c.get('ports');
  const token = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1] ?? '';
  if (!ports.env.serviceRoleKey || !constantTimeEqual(token, ports.env.serviceRoleKey)) throw unauthorized();
  return c.json({ configured: Boolean(ports.mailer), ...(await drainOutbox(ports)) });
});
