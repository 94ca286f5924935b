/** The host's auth and API as the tests call them beside the browser: a token, the API through a page. */
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../../server/seed/demo.ts';

/** The local host's publishable key (server/keys.ts ANON_KEY). */
export const ANON_KEY = 'sb_publishable_congrega_local';

/** A user's access token (password grant). */
export async function tokenOf(
  request: APIRequestContext,
  email: string,
  password = DEMO_PASSWORD,
): Promise<string> {
  const res = await request.post('/auth/v1/token?grant_type=password', {
    headers: { apikey: ANON_KEY },
    data: { email, password },
  });
  expect(res.ok(), `sign-in of ${email}`).toBe(true);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** The API through the signed-in page (its stored access token), as the app calls it. */
export async function apiAsPage(
  page: Page,
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<{ status: number; body: unknown }> {
  return page.evaluate(
    async ({ path, init }) => {
      const key = Object.keys(localStorage).find((k) => k.startsWith('sb-') && k.endsWith('-auth-token'));
      const token = key
        ? (JSON.parse(localStorage.getItem(key)!) as { access_token: string }).access_token
        : '';
      const res = await fetch(`/functions/v1/api${path}`, {
        method: init.method ?? 'GET',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
      return { status: res.status, body: await res.json().catch(() => null) };
    },
    { path, init },
  );
}
