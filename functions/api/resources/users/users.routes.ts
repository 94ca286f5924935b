import { Hono } from 'hono';
import { userSearchQuerySchema } from '../../../../src/domain/validation.ts';
import type { AppEnv } from '../../lib/context.ts';
import { valid } from '../../lib/validate.ts';
import { requirePermission, requireUser } from '../../middleware/auth.ts';
import { searchUsers } from './users.service.ts';

/** GET /v1/admin/users/search?q=&temple_id=&page= (read_confirmations): 20 users a page. */
export const usersRoutes = new Hono<AppEnv>().get(
  '/v1/admin/users/search',
  requireUser,
  requirePermission('read_confirmations'),
  valid('query', userSearchQuerySchema),
  async (c) => {
    const query = c.req.valid('query');
    return c.json(
      await searchUsers(c.get('ports').db, {
        q: query.q,
        templeId: query.temple_id || null,
        page: query.page,
      }),
    );
  },
);
