import { Hono } from 'hono';
import { constantTimeEqual } from '../../adapters/mercadopago-signature.ts';
import type { AppEnv } from '../../lib/context.ts';
import { unauthorized } from '../../lib/errors.ts';
import { drainOutbox, pruneOutbox } from '../../mail/outbox.ts';

/**
 * The members' e-mail outbox for a scheduler (pg_cron + pg_net on Supabase; the local host runs its
 * own timer): sends what is due, retries included, and forgets old rows, with the service key.
 * Besides this, every write request starts a drain after its answer (app.ts).
 */
export const mailRoutes = new Hono<AppEnv>().post('/v1/mail/drain', async (c) => {
  const ports = c.get('ports');
  const token = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1] ?? '';
  if (!ports.env.serviceRoleKey || !constantTimeEqual(token, ports.env.serviceRoleKey)) throw unauthorized();
  const result = await drainOutbox(ports);
  // delivered e-mails are forgotten after 30 days, abandoned ones after 90 (members' addresses)
  const pruned = await pruneOutbox(ports.db);
  return c.json({ configured: Boolean(ports.mailer), ...result, pruned });
});
