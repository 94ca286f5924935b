import { Hono } from 'hono';
import { deleteAccountSchema, profileUpdateSchema } from '../../../../src/domain/privacy.ts';
import { constantTimeEqual } from '../../adapters/mercadopago-signature.ts';
import type { AppEnv } from '../../lib/context.ts';
import { unauthorized } from '../../lib/errors.ts';
import { clientAddress, THROTTLES, throttle } from '../../lib/throttle.ts';
import { jsonLimit, valid } from '../../lib/validate.ts';
import { requireUser } from '../../middleware/auth.ts';
import {
  deleteOwnAccount,
  exportOwnData,
  listConsents,
  privacyInfo,
  pruneReceipts,
  revokeCongregationConsent,
  updateOwnProfile,
} from './privacy.service.ts';

/**
 * Data rights (LGPD Art. 18): who is in charge of the data, the member's consents, own profile edits,
 * the export of their data and the deletion of their account; and the receipts' retention for a
 * scheduler (service key, like POST /v1/mail/drain).
 */
export const privacyRoutes = new Hono<AppEnv>()
  .get('/v1/privacy', (c) => c.json(privacyInfo(c.get('ports').env)))
  .get('/v1/me/consents', requireUser, async (c) =>
    c.json(await listConsents(c.get('ports').db, c.get('user').id)),
  )
  .post('/v1/me/consents/congregation/revoke', requireUser, async (c) => {
    await revokeCongregationConsent(c.get('ports').db, c.get('user').id);
    return c.json({ ok: true as const });
  })
  .patch('/v1/me/profile', requireUser, jsonLimit, valid('json', profileUpdateSchema), async (c) =>
    c.json(await updateOwnProfile(c.get('ports').db, c.get('user'), c.req.valid('json'))),
  )
  .get('/v1/me/export', requireUser, async (c) => {
    const ports = c.get('ports');
    const data = await exportOwnData(ports.db, c.get('user'), ports.clock.now());
    c.header('content-disposition', 'attachment; filename="meus-dados-congrega.json"');
    c.header('cache-control', 'no-store');
    return c.json(data);
  })
  .post('/v1/me/delete', requireUser, jsonLimit, valid('json', deleteAccountSchema), async (c) => {
    const address = clientAddress(c);
    // a password check: guesses are counted per account
    await throttle(c, 'DELETE_RATE_LIMITED', [
      { key: `delete:user:${c.get('user').id}`, limit: THROTTLES.signupPerAddress },
    ]);
    await deleteOwnAccount(
      c.get('ports'),
      c.get('user'),
      c.req.valid('json'),
      address === 'unknown' ? undefined : address,
    );
    return c.json({ ok: true as const });
  })
  .post('/v1/maintenance/retention', async (c) => {
    const ports = c.get('ports');
    const token = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1] ?? '';
    if (!ports.env.serviceRoleKey || !constantTimeEqual(token, ports.env.serviceRoleKey))
      throw unauthorized();
    return c.json(await pruneReceipts(ports));
  });
