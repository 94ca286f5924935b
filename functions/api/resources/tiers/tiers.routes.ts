import { Hono } from 'hono';
import * as v from 'valibot';
import { tierBodySchema, tierOrderSchema } from '../../../../src/domain/event-editor.ts';
import { uuidSchema } from '../../../../src/domain/validation.ts';
import type { AppEnv } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { jsonLimit, valid } from '../../lib/validate.ts';
import { requireUser } from '../../middleware/auth.ts';
import { writeEvents } from '../../middleware/write-events.ts';
import { createTier, deleteTier, reorderTiers, updateTier } from './tiers.service.ts';

const eventParam = v.object({ id: uuidSchema });
const tierParam = v.object({ id: uuidSchema, tierId: uuidSchema });
const noTier = () => notFound('TIER_NOT_FOUND');
const noEvent = () => notFound('EVENT_NOT_FOUND');

/** Pricing tiers of an event (write_events): create, update, reorder, delete. */
export const tiersRoutes = new Hono<AppEnv>()
  .post(
    '/v1/admin/events/:id/tiers',
    requireUser,
    writeEvents,
    valid('param', eventParam, noEvent),
    jsonLimit,
    valid('json', tierBodySchema),
    async (c) =>
      c.json(await createTier(c.get('ports').db, c.req.valid('param').id, c.req.valid('json')), 201),
  )
  .put(
    '/v1/admin/events/:id/tiers/order',
    requireUser,
    writeEvents,
    valid('param', eventParam, noEvent),
    jsonLimit,
    valid('json', tierOrderSchema),
    async (c) => {
      await reorderTiers(c.get('ports').db, c.req.valid('param').id, c.req.valid('json').ids);
      return c.json({ ok: true as const }, 200);
    },
  )
  .put(
    '/v1/admin/events/:id/tiers/:tierId',
    requireUser,
    writeEvents,
    valid('param', tierParam, noTier),
    jsonLimit,
    valid('json', tierBodySchema),
    async (c) => {
      const { id, tierId } = c.req.valid('param');
      return c.json(await updateTier(c.get('ports').db, id, tierId, c.req.valid('json')), 200);
    },
  )
  .delete(
    '/v1/admin/events/:id/tiers/:tierId',
    requireUser,
    writeEvents,
    valid('param', tierParam, noTier),
    async (c) => {
      const { id, tierId } = c.req.valid('param');
      await deleteTier(c.get('ports').db, id, tierId);
      return c.json({ ok: true as const }, 200);
    },
  );
