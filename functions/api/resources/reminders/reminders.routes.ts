import { Hono } from 'hono';
import * as v from 'valibot';
import { reminderErrors } from '../../../../src/domain/messages/reminders.ts';
import { eventReminderSchema, reminderPrefsSchema } from '../../../../src/domain/reminders.ts';
import { uuidSchema } from '../../../../src/domain/validation.ts';
import { constantTimeEqual } from '../../adapters/mercadopago-signature.ts';
import type { AppEnv } from '../../lib/context.ts';
import { ApiHttpError, invalidData, notFound, unauthorized } from '../../lib/errors.ts';
import { jsonLimit, parseOrThrow, valid } from '../../lib/validate.ts';
import { drainOutbox } from '../../mail/outbox.ts';
import { UNSUBSCRIBE_TOKEN } from '../../mail/reminders.ts';
import { requireUser } from '../../middleware/auth.ts';
import { writeEvents } from '../../middleware/write-events.ts';
import {
  eventReminder,
  reminderPrefs,
  runReminders,
  setEventReminder,
  setReminderPrefs,
  unsubscribe,
  unsubscribeState,
} from './reminders.service.ts';

const tokenParam = v.object({ token: v.pipe(v.string(), v.regex(UNSUBSCRIBE_TOKEN)) });
const noLink = () => new ApiHttpError(404, 'NOT_FOUND', reminderErrors.UNSUBSCRIBE_LINK_INVALID);
const idParam = v.object({ id: uuidSchema });
const noEvent = () => notFound('EVENT_NOT_FOUND');
/** The scheduler may name the moment it runs for (a catch-up, the e2e's fixed clock); default now. */
const runBody = v.object({ at: v.optional(v.pipe(v.string(), v.isoTimestamp())) });

/**
 * Reminders and notices (README 'Reminders and notices'): the member's choice, the signed
 * unsubscribe link (public: the token is the credential), the event's reminder (write_events) and
 * the scheduler's run (service key only).
 */
export const remindersRoutes = new Hono<AppEnv>()
  .get('/v1/me/reminders', requireUser, async (c) =>
    c.json(await reminderPrefs(c.get('ports').db, c.get('user').id)),
  )
  .put('/v1/me/reminders', requireUser, jsonLimit, valid('json', reminderPrefsSchema), async (c) => {
    const ports = c.get('ports');
    return c.json(await setReminderPrefs(ports.db, c.get('user').id, c.req.valid('json'), ports.clock.now()));
  })
  .get('/v1/reminders/unsubscribe/:token', valid('param', tokenParam, noLink), async (c) => {
    const ports = c.get('ports');
    return c.json(await unsubscribeState(ports.db, ports.env.serviceRoleKey, c.req.valid('param').token));
  })
  // the page's button and a mail client's one-click (List-Unsubscribe-Post: a form body, ignored)
  .post('/v1/reminders/unsubscribe/:token', valid('param', tokenParam, noLink), async (c) => {
    const ports = c.get('ports');
    return c.json(
      await unsubscribe(ports.db, ports.env.serviceRoleKey, c.req.valid('param').token, ports.clock.now()),
    );
  })
  .get(
    '/v1/admin/events/:id/reminder',
    requireUser,
    writeEvents,
    valid('param', idParam, noEvent),
    async (c) => c.json(await eventReminder(c.get('ports').db, c.req.valid('param').id)),
  )
  .put(
    '/v1/admin/events/:id/reminder',
    requireUser,
    writeEvents,
    valid('param', idParam, noEvent),
    jsonLimit,
    valid('json', eventReminderSchema),
    async (c) =>
      c.json(await setEventReminder(c.get('ports').db, c.req.valid('param').id, c.req.valid('json'))),
  )
  .post('/v1/reminders/run', async (c) => {
    const ports = c.get('ports');
    const token = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1] ?? '';
    if (!ports.env.serviceRoleKey || !constantTimeEqual(token, ports.env.serviceRoleKey))
      throw unauthorized();
    const text = (await c.req.text()).trim();
    let json: unknown = {};
    try {
      if (text) json = JSON.parse(text);
    } catch {
      throw invalidData();
    }
    const body = parseOrThrow(runBody, json);
    const result = await runReminders(ports.db, body.at ? new Date(body.at) : ports.clock.now());
    // what was written goes out now (the answer says what was sent: the scheduler's log)
    const sent = await drainOutbox(ports);
    return c.json({ ...result, ...sent });
  });
