import { Hono } from 'hono';
import * as v from 'valibot';
import { uuidSchema } from '../../../../src/domain/validation.ts';
import type { AppEnv } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { jsonLimit, valid } from '../../lib/validate.ts';
import { requirePermission, requireUser } from '../../middleware/auth.ts';
import { writeEvents } from '../../middleware/write-events.ts';
import {
  eventMinorRules,
  guardianDecide,
  guardianRequest,
  recordPaperConsent,
  setEventMinorRules,
} from './guardians.service.ts';

const tokenParam = v.object({ token: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{20,64}$/)) });
const idParam = v.object({ id: uuidSchema });
const noLink = () => notFound('GUARDIAN_LINK_INVALID');
const noEvent = () => notFound('EVENT_NOT_FOUND');
const noRegistration = () => notFound('REGISTRATION_NOT_FOUND');

/**
 * Minors (README 'Minors'): the guardian's link (public: the token is the credential), the
 * event's age rules (read by members, written with write_events) and the staff's record of a
 * paper authorization (write_confirmations).
 */
export const guardiansRoutes = new Hono<AppEnv>()
  .get('/v1/guardian/:token', valid('param', tokenParam, noLink), async (c) =>
    c.json(await guardianRequest(c.get('ports').db, c.req.valid('param').token)),
  )
  .post(
    '/v1/guardian/:token',
    valid('param', tokenParam, noLink),
    jsonLimit,
    valid('json', v.object({ decision: v.picklist(['authorize', 'refuse']) })),
    async (c) =>
      c.json(
        await guardianDecide(c.get('ports').db, c.req.valid('param').token, c.req.valid('json').decision),
      ),
  )
  .get('/v1/events/:id/minors', valid('param', idParam, noEvent), async (c) =>
    c.json(await eventMinorRules(c.get('ports').db, c.req.valid('param').id)),
  )
  .put(
    '/v1/admin/events/:id/minors',
    requireUser,
    writeEvents,
    valid('param', idParam, noEvent),
    jsonLimit,
    valid(
      'json',
      v.object({
        min_age: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(120))),
        guardian_consent: v.boolean(),
      }),
    ),
    async (c) =>
      c.json(await setEventMinorRules(c.get('ports').db, c.req.valid('param').id, c.req.valid('json'))),
  )
  .post(
    '/v1/admin/registrations/:id/guardian',
    requireUser,
    requirePermission('write_confirmations'),
    valid('param', idParam, noRegistration),
    async (c) =>
      c.json(await recordPaperConsent(c.get('ports').db, c.req.valid('param').id, c.get('user').id)),
  );
