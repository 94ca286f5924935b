import { Hono } from 'hono';
import { adminRoutes } from './admin.ts';
import type { AuthContext } from './context.ts';
import { API_VERSION, AuthError, authErrorResponse } from './errors.ts';
import { oauthRoutes } from './oauth.ts';
import { type AuthEnv, userRoutes } from './routes.ts';

/** `/auth/v1/*`: the GoTrue subset supabase-js uses (see reference/supabase-protocol.md §1). */
export function authApp(ctx: AuthContext, log: (line: string) => void) {
  const app = new Hono<AuthEnv>();
  app.use('*', async (c, next) => {
    await next();
    c.res.headers.set('x-supabase-api-version', API_VERSION);
  });
  app.route('/', userRoutes(ctx));
  app.route('/', adminRoutes(ctx));
  app.route('/', oauthRoutes(ctx));
  app.notFound(() => authErrorResponse(new AuthError(404, 'not_found', 'Not Found')));
  app.onError((err) => {
    if (err instanceof AuthError) return authErrorResponse(err);
    log(`auth: ${(err as Error).stack ?? err}`);
    return authErrorResponse(
      new AuthError(500, 'unexpected_failure', 'Unexpected failure, please check server logs'),
    );
  });
  return app;
}
