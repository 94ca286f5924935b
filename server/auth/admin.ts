import type { MiddlewareHandler } from 'hono';
import { Hono } from 'hono';
import type { Keys } from '../keys.ts';
import type { AuthContext } from './context.ts';
import { errors } from './errors.ts';
import { safeRedirect } from './redirect.ts';
import {
  type AuthEnv,
  boundedMetadata,
  isObject,
  jsonBody,
  requireEmail,
  requirePassword,
  sendLink,
} from './routes.ts';
import {
  confirmEmail,
  createEmailUser,
  findUserByEmail,
  findUserById,
  type IdentityRow,
  loadUserJson,
  mergeMetadata,
  type UserRow,
  userJson,
} from './users.ts';

/** True when the bearer is a token we signed with role service_role (the service-role key). */
export async function isServiceRole(keys: Keys, authorization: string | undefined): Promise<boolean> {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  if (!match) return false;
  try {
    const claims = await keys.verify(match[1]!);
    return claims.role === 'service_role';
  } catch {
    return false;
  }
}

/** GoTrue's /admin/users subset, for the API (service-role key only). */
export function adminRoutes(ctx: AuthContext) {
  const app = new Hono<AuthEnv>();

  const serviceRoleOnly: MiddlewareHandler = async (c, next) => {
    const header = c.req.header('authorization');
    if (!header) throw errors.noAuthorization();
    if (!(await isServiceRole(ctx.keys, header))) throw errors.notAdmin();
    await next();
  };
  app.use('/admin/*', serviceRoleOnly);
  app.use('/invite', serviceRoleOnly);

  // GoTrue's invite: creates the account (no password, e-mail unconfirmed) or takes an unconfirmed
  // one, and mails a link that confirms the e-mail and signs the person in to choose a password.
  app.post('/invite', async (c) => {
    const body = await jsonBody(c);
    const email = requireEmail(body.email);
    const data = boundedMetadata(isObject(body.data) ? body.data : {});
    let user = await findUserByEmail(ctx.db, email);
    if (user?.email_confirmed_at) throw errors.emailExists();
    user ??= await createEmailUser(ctx.db, {
      email,
      passwordHash: null,
      confirmed: false,
      userMetadata: data,
      appMetadata: {},
    });
    // remembered: a later signup or resend for this address mails the invitation again and takes
    // no password (see routes.ts signup), and the invitation's link clears any set before
    await ctx.db.query('update auth.users set invited_at = now() where id = $1', [user.id]);
    await sendLink(ctx, user, 'invite', safeRedirect(ctx, c.req.query('redirect_to')));
    return c.json(await loadUserJson(ctx.db, (await findUserById(ctx.db, user.id))!));
  });

  const notFound = () => errors.userNotFound(404);

  app.post('/admin/users', async (c) => {
    const body = await jsonBody(c);
    const email = requireEmail(body.email);
    const password =
      body.password === undefined || body.password === null ? null : requirePassword(body.password);
    if (await findUserByEmail(ctx.db, email)) throw errors.emailExists();
    const user = await createEmailUser(ctx.db, {
      email,
      passwordHash: password ? await ctx.passwords.hash(password) : null,
      confirmed: body.email_confirm === true,
      userMetadata: boundedMetadata(isObject(body.user_metadata) ? body.user_metadata : {}),
      appMetadata: isObject(body.app_metadata) ? body.app_metadata : {},
    });
    return c.json(await loadUserJson(ctx.db, user));
  });

  app.get('/admin/users', async (c) => {
    // GoTrue matches the filter against e-mail and name; exact e-mail matches come first here.
    const filter = (c.req.query('filter') ?? '').trim().toLowerCase();
    const perPage = Math.min(Math.max(Number(c.req.query('per_page')) || 50, 1), 1000);
    const page = Math.max(Number(c.req.query('page')) || 1, 1);
    const like = `%${filter.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    const where = `$1 = '' or lower(email) like $2 or lower(raw_user_meta_data->>'full_name') like $2`;
    const rows = await ctx.db.query<UserRow>(
      `select * from auth.users where ${where}
       order by (lower(email) = $1) desc, created_at desc limit $3 offset $4`,
      [filter, like, perPage, (page - 1) * perPage],
    );
    const [count] = await ctx.db.query<{ n: number }>(
      `select count(*)::int as n from auth.users where ${where}`,
      [filter, like],
    );
    const identities = rows.length
      ? await ctx.db.query<IdentityRow>(
          'select * from auth.identities where user_id = any($1::uuid[]) order by created_at',
          [rows.map((r) => r.id)],
        )
      : [];
    const users = rows.map((r) =>
      userJson(
        r,
        identities.filter((i) => i.user_id === r.id),
      ),
    );
    return c.json({ users, aud: 'authenticated' }, 200, { 'x-total-count': String(count?.n ?? 0) });
  });

  app.get('/admin/users/:id', async (c) => {
    const user = await findUserById(ctx.db, c.req.param('id'));
    if (!user) throw notFound();
    return c.json(await loadUserJson(ctx.db, user));
  });

  app.put('/admin/users/:id', async (c) => {
    const user = await findUserById(ctx.db, c.req.param('id'));
    if (!user) throw notFound();
    const body = await jsonBody(c);
    const passwordHash =
      body.password === undefined
        ? user.encrypted_password
        : await ctx.passwords.hash(requirePassword(body.password));
    const userMetadata = isObject(body.user_metadata)
      ? boundedMetadata(mergeMetadata(user.raw_user_meta_data, body.user_metadata))
      : user.raw_user_meta_data;
    const appMetadata = isObject(body.app_metadata)
      ? mergeMetadata(user.raw_app_meta_data, body.app_metadata)
      : user.raw_app_meta_data;
    await ctx.db.query(
      `update auth.users set encrypted_password = $2, raw_user_meta_data = $3::jsonb, raw_app_meta_data = $4::jsonb,
         updated_at = now() where id = $1`,
      [user.id, passwordHash, userMetadata, appMetadata],
    );
    if (body.email_confirm === true) await confirmEmail(ctx.db, user.id);
    return c.json(await loadUserJson(ctx.db, (await findUserById(ctx.db, user.id))!));
  });

  app.delete('/admin/users/:id', async (c) => {
    const user = await findUserById(ctx.db, c.req.param('id'));
    if (!user) throw notFound();
    // GoTrue's soft delete: the row stays (history references it) without e-mail, password,
    // identities or metadata, and every session ends, so nobody can sign in to it again
    const body = (await c.req.json().catch(() => ({}))) as { should_soft_delete?: unknown };
    if (body && body.should_soft_delete === true) {
      await ctx.db.transaction(async (tx) => {
        await tx.query('delete from auth.sessions where user_id = $1', [user.id]);
        await tx.query('delete from auth.identities where user_id = $1', [user.id]);
        await tx.query(
          `update auth.users set email = null, encrypted_password = null, confirmation_token = null,
             recovery_token = null, raw_user_meta_data = '{}'::jsonb, updated_at = now() where id = $1`,
          [user.id],
        );
      });
      return c.json({});
    }
    try {
      await ctx.db.query('delete from auth.users where id = $1', [user.id]);
    } catch (error) {
      // registrations and check-ins restrict the delete: the history is kept, the caller told why
      const code = (error as { code?: string }).code;
      if (code === '23001' || code === '23503') throw errors.userHasHistory();
      throw error;
    }
    return c.json({});
  });

  return app;
}
