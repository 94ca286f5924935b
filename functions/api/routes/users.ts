import { Hono } from 'hono';
import { userSearchQuerySchema } from '../../../src/domain/validation.ts';
import type { AppEnv } from '../lib/context.ts';
import { parseOrThrow } from '../lib/validate.ts';
import { requirePermission } from '../middleware/auth.ts';
import { searchUsers } from '../services/users.ts';
import type { RouteDeps } from './deps.ts';

/** GET /v1/admin/users/search?q=&temple_id=&page= (read_confirmations): 20 users a page. */
export function usersRoutes({ requireUser }: RouteDeps) {
  return new Hono<AppEnv>().get(
    '/v1/admin/users/search',
    requireUser,
    requirePermission('read_confirmations'),
    async (c) => {
      const query = parseOrThrow(userSearchQuerySchema, c.req.query());
      const users = await searchUsers(c.get('ports').db, {
        q: query.q,
        templeId: query.temple_id || null,
        page: query.page,
      });
      return c.json(users);
    },
  );
}
