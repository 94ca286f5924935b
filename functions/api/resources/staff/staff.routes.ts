import { Hono } from 'hono';
import {
  pwdResetSchema,
  roleParamSchema,
  signupLookupQuerySchema,
  singlePageSignupSchema,
  userParamSchema,
  userSearchQuerySchema,
} from '../../../../src/domain/staff.ts';
import type { AppEnv } from '../../lib/context.ts';
import { ApiHttpError, notFound } from '../../lib/errors.ts';
import { jsonLimit, valid } from '../../lib/validate.ts';
import { requirePermission, requireUser } from '../../middleware/auth.ts';
import { clientAddress, writeAudit, writeAuditForMany } from './audit.ts';
import { lookupPerson, signupEvents, singlePageSignup } from './signup.service.ts';
import {
  grantRole,
  isAdmin,
  peopleScope,
  personDetail,
  resetPassword,
  revokeRole,
  searchUsers,
} from './users.service.ts';

const personParam = valid('param', userParamSchema, () => notFound('USER_NOT_FOUND'));
const roleParam = valid('param', roleParamSchema, () => new ApiHttpError(404, 'ROLE_NOT_FOUND'));

/** Granting and revoking roles is for admins (the `admin` role), whatever else staff may do. */
const requireAdmin = requirePermission('read_confirmations');

/** Where the invitation's link leads: the app's own page for choosing a password. */
function passwordPage(origin: string | undefined): string | undefined {
  if (!origin || !/^https?:\/\/[^/]+$/.test(origin)) return undefined;
  return `${origin}/auth/reset-password`;
}

/**
 * The staff's people tools: user search and a person's page (read_confirmations), roles (admins),
 * third-party signup (read_confirmations or create_user), password reset (write_confirmations).
 */
export const staffRoutes = new Hono<AppEnv>()
  .get(
    '/v1/admin/users/search',
    requireUser,
    requirePermission('read_confirmations'),
    valid('query', userSearchQuerySchema),
    async (c) => {
      const { db } = c.get('ports');
      const viewer = c.get('user').id;
      const query = c.req.valid('query');
      const page = await searchUsers(db, query, await peopleScope(db, viewer, c.get('permissions')));
      // a search is a staff read: recorded with what was asked and, for each person shown, in their audit
      await writeAuditForMany(db, {
        actorId: viewer,
        action: 'person.search',
        details: { q: query.q, temple_id: query.temple_id ?? null, page: query.page, total: page.total },
        clientIp: clientAddress(c),
        subjects: 'select unnest($5::uuid[]) as user_id',
        params: [page.items.map((p) => p.id)],
      });
      await writeAudit(db, {
        actorId: viewer,
        subjectId: null,
        action: 'person.search',
        details: { q: query.q, temple_id: query.temple_id ?? null, page: query.page, total: page.total },
        clientIp: clientAddress(c),
      });
      return c.json(page);
    },
  )
  .get(
    '/v1/admin/users/:id',
    requireUser,
    requirePermission('read_confirmations'),
    personParam,
    async (c) => {
      const { db } = c.get('ports');
      const viewer = c.get('user').id;
      const scope = await peopleScope(db, viewer, c.get('permissions'));
      const sensitive = c.get('permissions').includes('read_sensitive');
      const detail = await personDetail(db, viewer, c.req.valid('param').id, scope, sensitive);
      // a staff read of a person's data is recorded (the person's export lists it)
      await writeAudit(db, {
        actorId: c.get('user').id,
        subjectId: c.req.valid('param').id,
        action: 'person.view',
        clientIp: clientAddress(c),
      });
      return c.json(detail);
    },
  )
  .put('/v1/admin/users/:id/roles/:role', requireUser, requireAdmin, roleParam, async (c) => {
    const { db } = c.get('ports');
    if (!(await isAdmin(db, c.get('user').id))) throw new ApiHttpError(403, 'FORBIDDEN');
    const { id, role } = c.req.valid('param');
    return c.json(await grantRole(db, c.get('user').id, id, role, clientAddress(c)));
  })
  .delete('/v1/admin/users/:id/roles/:role', requireUser, requireAdmin, roleParam, async (c) => {
    const { db } = c.get('ports');
    if (!(await isAdmin(db, c.get('user').id))) throw new ApiHttpError(403, 'FORBIDDEN');
    const { id, role } = c.req.valid('param');
    return c.json(await revokeRole(db, c.get('user').id, id, role, clientAddress(c)));
  })
  .get(
    '/v1/admin/single-page-signup/events',
    requireUser,
    requirePermission('read_confirmations', 'create_user'),
    async (c) => c.json(await signupEvents(c.get('ports').db, c.get('ports').clock.now())),
  )
  .get(
    '/v1/admin/single-page-signup/lookup',
    requireUser,
    requirePermission('read_confirmations', 'create_user'),
    valid('query', signupLookupQuerySchema),
    async (c) => c.json(await lookupPerson(c.get('ports'), c.req.valid('query').email)),
  )
  .post(
    '/v1/admin/single-page-signup',
    requireUser,
    requirePermission('read_confirmations', 'create_user'),
    jsonLimit,
    valid('json', singlePageSignupSchema),
    async (c) =>
      c.json(
        await singlePageSignup(c.get('ports'), c.get('user').id, c.req.valid('json'), {
          clientIp: clientAddress(c),
          redirectTo: passwordPage(c.req.header('origin')),
        }),
        201,
      ),
  )
  .post(
    '/v1/admin/pwd-reset',
    requireUser,
    requirePermission('write_confirmations'),
    jsonLimit,
    valid('json', pwdResetSchema),
    async (c) =>
      c.json(
        await resetPassword(
          c.get('ports').db,
          c.get('ports').authAdmin,
          c.get('user').id,
          c.req.valid('json'),
          clientAddress(c),
        ),
      ),
  );
