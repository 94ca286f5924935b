import { type Context, Hono } from 'hono';
import * as v from 'valibot';
import { answersSchema, questionBodySchema, questionOrderSchema } from '../../../../src/domain/questions.ts';
import { uuidSchema } from '../../../../src/domain/validation.ts';
import type { AppEnv } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { jsonLimit, valid } from '../../lib/validate.ts';
import { loadPermissions, requirePermission, requireUser } from '../../middleware/auth.ts';
import { writeEvents } from '../../middleware/write-events.ts';
import {
  answerCounts,
  createQuestion,
  deleteQuestion,
  editAnswers,
  eventQuestions,
  listQuestions,
  readAnswers,
  reorderQuestions,
  updateQuestion,
} from './questions.service.ts';

/** Whether this staff member holds read_sensitive (the permissions requirePermission loaded). */
async function mayReadSensitive(c: Context<AppEnv>): Promise<boolean> {
  const permissions = c.get('permissions') ?? (await loadPermissions(c.get('ports').db, c.get('user').id));
  return permissions.includes('read_sensitive');
}

const eventParam = v.object({ id: uuidSchema });
const questionParam = v.object({ id: uuidSchema, questionId: uuidSchema });
const registrationParam = v.object({ id: uuidSchema });
const answersBody = v.object({ answers: answersSchema });
const noEvent = () => notFound('EVENT_NOT_FOUND');
const noQuestion = () => notFound('QUESTION_NOT_FOUND');
const noRegistration = () => notFound('REGISTRATION_NOT_FOUND');

/**
 * Registration questions: the editor's (write_events), what a member answers and edits until the
 * event (their own registrations), and the staff's view and edits of a registration's answers
 * (read_confirmations / write_confirmations; sensitive ones need read_sensitive).
 */
export const questionsRoutes = new Hono<AppEnv>()
  .get('/v1/events/:id/questions', requireUser, valid('param', eventParam, noEvent), async (c) =>
    c.json(await eventQuestions(c.get('ports').db, c.req.valid('param').id)),
  )
  .get(
    '/v1/registrations/:id/answers',
    requireUser,
    valid('param', registrationParam, noRegistration),
    async (c) => {
      const { db, clock } = c.get('ports');
      const reader = { userId: c.get('user').id, staff: false, sensitive: true };
      return c.json(await readAnswers(db, c.req.valid('param').id, reader, clock.now()));
    },
  )
  .put(
    '/v1/registrations/:id/answers',
    requireUser,
    valid('param', registrationParam, noRegistration),
    jsonLimit,
    valid('json', answersBody),
    async (c) => {
      const { db, clock } = c.get('ports');
      const reader = { userId: c.get('user').id, staff: false, sensitive: true };
      return c.json(
        await editAnswers(db, c.req.valid('param').id, reader, c.req.valid('json').answers, clock.now()),
      );
    },
  )
  .get(
    '/v1/admin/registrations/:id/answers',
    requireUser,
    requirePermission('read_confirmations'),
    valid('param', registrationParam, noRegistration),
    async (c) => {
      const { db, clock } = c.get('ports');
      const reader = { userId: c.get('user').id, staff: true, sensitive: await mayReadSensitive(c) };
      return c.json(await readAnswers(db, c.req.valid('param').id, reader, clock.now()));
    },
  )
  .put(
    '/v1/admin/registrations/:id/answers',
    requireUser,
    requirePermission('write_confirmations'),
    valid('param', registrationParam, noRegistration),
    jsonLimit,
    valid('json', answersBody),
    async (c) => {
      const { db, clock } = c.get('ports');
      const reader = { userId: c.get('user').id, staff: true, sensitive: await mayReadSensitive(c) };
      return c.json(
        await editAnswers(db, c.req.valid('param').id, reader, c.req.valid('json').answers, clock.now()),
      );
    },
  )
  .get(
    '/v1/admin/reports/answers',
    requireUser,
    requirePermission('reports'),
    valid('query', v.object({ event: uuidSchema }), noEvent),
    async (c) =>
      c.json(await answerCounts(c.get('ports').db, c.req.valid('query').event, await mayReadSensitive(c))),
  )
  .get(
    '/v1/admin/events/:id/questions',
    requireUser,
    writeEvents,
    valid('param', eventParam, noEvent),
    async (c) => c.json(await listQuestions(c.get('ports').db, c.req.valid('param').id)),
  )
  .post(
    '/v1/admin/events/:id/questions',
    requireUser,
    writeEvents,
    valid('param', eventParam, noEvent),
    jsonLimit,
    valid('json', questionBodySchema),
    async (c) =>
      c.json(await createQuestion(c.get('ports').db, c.req.valid('param').id, c.req.valid('json')), 201),
  )
  .put(
    '/v1/admin/events/:id/questions/order',
    requireUser,
    writeEvents,
    valid('param', eventParam, noEvent),
    jsonLimit,
    valid('json', questionOrderSchema),
    async (c) => {
      await reorderQuestions(c.get('ports').db, c.req.valid('param').id, c.req.valid('json').ids);
      return c.json({ ok: true as const }, 200);
    },
  )
  .put(
    '/v1/admin/events/:id/questions/:questionId',
    requireUser,
    writeEvents,
    valid('param', questionParam, noQuestion),
    jsonLimit,
    valid('json', questionBodySchema),
    async (c) => {
      const { id, questionId } = c.req.valid('param');
      return c.json(await updateQuestion(c.get('ports').db, id, questionId, c.req.valid('json')), 200);
    },
  )
  .delete(
    '/v1/admin/events/:id/questions/:questionId',
    requireUser,
    writeEvents,
    valid('param', questionParam, noQuestion),
    async (c) => {
      const { id, questionId } = c.req.valid('param');
      await deleteQuestion(c.get('ports').db, id, questionId);
      return c.json({ ok: true as const }, 200);
    },
  );
