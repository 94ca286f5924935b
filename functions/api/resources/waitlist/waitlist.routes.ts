import { Hono } from 'hono';
import * as v from 'valibot';
import { uuidSchema } from '../../../../src/domain/validation.ts';
import { waitlistHoursSchema, waitlistMoveSchema } from '../../../../src/domain/waitlist.ts';
import type { AppEnv } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { jsonLimit, valid } from '../../lib/validate.ts';
import { requireUser } from '../../middleware/auth.ts';
import { writeEvents } from '../../middleware/write-events.ts';
import type { Db } from '../../ports/db.ts';
import { clientAddress } from '../staff/audit.ts';
import {
  joinWaitlist,
  leaveWaitlist,
  moveEntry,
  myEntry,
  removeEntry,
  sendOffer,
  setOfferHours,
  staffWaitlist,
} from './waitlist.service.ts';

const noTier = () => notFound('TIER_NOT_FOUND');
const noEntry = () => notFound('WAITLIST_ENTRY_NOT_FOUND');
const tierParam = valid('param', v.object({ tierId: uuidSchema }), noTier);
const staffTierParam = valid('param', v.object({ id: uuidSchema, tierId: uuidSchema }), noTier);
const staffEntryParam = valid(
  'param',
  v.object({ id: uuidSchema, tierId: uuidSchema, entryId: uuidSchema }),
  noEntry,
);

/** The tier belongs to the event of the staff's URL (else 404, nothing changes). */
async function tierOfEvent(db: Db, eventId: string, tierId: string): Promise<void> {
  const rows = await db.query('select 1 from public.pricing_tiers where id = $1 and event_id = $2', [
    tierId,
    eventId,
  ]);
  if (rows.length === 0) throw noTier();
}

/**
 * The waiting list (docs/product-spec.md §4, 'Lista de espera'): the signed-in member's entry on a
 * tier (read, join, leave), and staff's list per tier (write_events, audited): move, remove, offer
 * by hand, the offer's hours.
 */
export const waitlistRoutes = new Hono<AppEnv>()
  .get('/v1/waitlist/tiers/:tierId', requireUser, tierParam, async (c) =>
    c.json({ entry: await myEntry(c.get('ports').db, c.get('user').id, c.req.valid('param').tierId) }),
  )
  .post('/v1/waitlist/tiers/:tierId', requireUser, tierParam, async (c) =>
    c.json(
      { entry: await joinWaitlist(c.get('ports').db, c.get('user').id, c.req.valid('param').tierId) },
      201,
    ),
  )
  .delete('/v1/waitlist/tiers/:tierId', requireUser, tierParam, async (c) => {
    await leaveWaitlist(c.get('ports').db, c.get('user').id, c.req.valid('param').tierId);
    return c.json({ entry: null }, 200);
  })
  .get('/v1/admin/events/:id/tiers/:tierId/waitlist', requireUser, writeEvents, staffTierParam, async (c) => {
    const { id, tierId } = c.req.valid('param');
    await tierOfEvent(c.get('ports').db, id, tierId);
    return c.json(await staffWaitlist(c.get('ports').db, tierId));
  })
  .put(
    '/v1/admin/events/:id/tiers/:tierId/waitlist/hours',
    requireUser,
    writeEvents,
    staffTierParam,
    jsonLimit,
    valid('json', waitlistHoursSchema),
    async (c) => {
      const { id, tierId } = c.req.valid('param');
      await tierOfEvent(c.get('ports').db, id, tierId);
      return c.json(await setOfferHours(c.get('ports').db, tierId, c.req.valid('json').hours));
    },
  )
  .post(
    '/v1/admin/events/:id/tiers/:tierId/waitlist/:entryId/move',
    requireUser,
    writeEvents,
    staffEntryParam,
    jsonLimit,
    valid('json', waitlistMoveSchema),
    async (c) => {
      const { id, tierId, entryId } = c.req.valid('param');
      await tierOfEvent(c.get('ports').db, id, tierId);
      const act = { staffId: c.get('user').id, clientIp: clientAddress(c) };
      return c.json(await moveEntry(c.get('ports').db, tierId, entryId, c.req.valid('json').direction, act));
    },
  )
  .post(
    '/v1/admin/events/:id/tiers/:tierId/waitlist/:entryId/offer',
    requireUser,
    writeEvents,
    staffEntryParam,
    async (c) => {
      const { id, tierId, entryId } = c.req.valid('param');
      await tierOfEvent(c.get('ports').db, id, tierId);
      const act = { staffId: c.get('user').id, clientIp: clientAddress(c) };
      return c.json(await sendOffer(c.get('ports').db, tierId, entryId, act));
    },
  )
  .delete(
    '/v1/admin/events/:id/tiers/:tierId/waitlist/:entryId',
    requireUser,
    writeEvents,
    staffEntryParam,
    async (c) => {
      const { id, tierId, entryId } = c.req.valid('param');
      await tierOfEvent(c.get('ports').db, id, tierId);
      const act = { staffId: c.get('user').id, clientIp: clientAddress(c) };
      return c.json(await removeEntry(c.get('ports').db, tierId, entryId, act));
    },
  );
