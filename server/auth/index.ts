import { Hono } from 'hono';
import { hasForbiddenCharacters, jsonComplexity } from '../../src/domain/text.ts';
import { adminRoutes } from './admin.ts';
import type { AuthContext } from './context.ts';
import { API_VERSION, AuthError, authErrorResponse, errors } from './errors.ts';
import { oauthRoutes } from './oauth.ts';
import { PasswordBusyError } from './password-pool.ts';
import { type AuthEnv, userRoutes } from './routes.ts';

/** `/auth/v1/*`: the GoTrue subset supabase-js uses (contract-tested with the real client: tests/contract/auth.test.ts). */
export function authApp(ctx: AuthContext, log: (line: string) => void) {
  const app = new Hono<AuthEnv>();
  app.use('*', async (c, next) => {
    await next();
    c.res.headers.set('x-supabase-api-version', API_VERSION);
  });
  // NUL or a lone surrogate anywhere (path, query, JSON body) is refused up front: PostgreSQL cannot
  // store it, and it would otherwise surface as a 500 from deep inside a query.
  app.use('*', async (c, next) => {
    const url = new URL(c.req.url);
    let path = url.pathname;
    try {
      path = decodeURIComponent(path);
    } catch {
      // not percent-encoded text: the routes answer it
    }
    let bad = hasForbiddenCharacters([path, ...[...url.searchParams].flat()]);
    if (!bad && c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      // Hono keeps the body, so the route parses the same text (or answers bad_json). Nesting and
      // string count are bounded before anything parses or walks it (6,000 `[` would overflow the walk).
      const text = await c.req.text().catch(() => '');
      if (jsonComplexity(text)) throw errors.tooComplex();
      let parsed: unknown = null;
      try {
        parsed = JSON.parse(text);
      } catch {
        // the route answers bad_json
      }
      bad = hasForbiddenCharacters(parsed);
    }
    if (bad) throw errors.forbiddenCharacters();
    await next();
  });
  app.route('/', userRoutes(ctx));
  app.route('/', adminRoutes(ctx));
  app.route('/', oauthRoutes(ctx));
  app.notFound(() => authErrorResponse(new AuthError(404, 'not_found', 'Not Found')));
  app.onError((err) => {
    if (err instanceof AuthError) return authErrorResponse(err);
    if (err instanceof PasswordBusyError) return authErrorResponse(errors.busy());
    log(`auth: ${(err as Error).stack ?? err}`);
    return authErrorResponse(
      new AuthError(500, 'unexpected_failure', 'Unexpected failure, please check server logs'),
    );
  });
  return app;
}
