/** The host's auth and API as the tests call them beside the browser: a token, the API through a page. */
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS } from '../../server/seed/demo.ts';
import { randomCpf } from './cpf.ts';

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

/** A mail as the dev mailbox lists it (/_dev/mail.json). */
export interface Mail {
  id: number;
  to: string;
  subject: string;
  text: string;
  link: string | null;
  attachments: { filename: string; contentType: string; content: string }[];
}

/** The dev mailbox's mails to `to` (newest first). */
export async function mailsTo(request: APIRequestContext, to: string): Promise<Mail[]> {
  const res = await request.get(`/_dev/mail.json?to=${encodeURIComponent(to)}`);
  return (await res.json()) as Mail[];
}

/** The mail to `to` whose subject matches, once it arrived. */
export async function mailTo(request: APIRequestContext, to: string, subject: RegExp): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailsTo(request, to)).find((m) => subject.test(m.subject));
        return found?.subject ?? null;
      },
      { message: `mail "${subject}" to ${to}` },
    )
    .not.toBeNull();
  return found!;
}

/**
 * A new member, confirmed through the link of their confirmation e-mail, with the first access done
 * (CPF, WhatsApp, another church with its consent): a complete profile, as checkout needs.
 */
export async function newMember(request: APIRequestContext, name = 'Marta Lima'): Promise<string> {
  const first = name.split(' ')[0]!.toLowerCase();
  const email = `${first}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@exemplo.com`;
  const res = await request.post('/auth/v1/signup', {
    headers: { apikey: ANON_KEY },
    data: { email, password: DEMO_PASSWORD, data: { display_name: name, welcome: true } },
  });
  expect(res.ok()).toBe(true);
  const confirm = await mailTo(request, email, /Confirme seu cadastro/);
  expect((await request.get(confirm.link!)).ok()).toBe(true);
  const welcome = await request.post('/functions/v1/api/v1/welcome', {
    headers: { apikey: ANON_KEY, authorization: `Bearer ${await tokenOf(request, email)}` },
    data: {
      congregacao: null,
      fromOtherChurch: true,
      otherChurch: `Igreja de ${name}`,
      consentCongregation: true,
      phone: '11987654321',
      cpf: randomCpf(),
    },
  });
  expect(welcome.status(), await welcome.text()).toBeLessThan(300);
  return email;
}

/** The API as `token`'s holder calls it from outside a page. */
export async function callApi<T = unknown>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  data?: unknown,
): Promise<{ status: number; body: T }> {
  const res = await request.fetch(`/functions/v1/api${path}`, {
    method,
    headers: { apikey: ANON_KEY, authorization: `Bearer ${token}` },
    ...(data === undefined ? {} : { data }),
  });
  return { status: res.status(), body: (await res.json().catch(() => null)) as T };
}

/**
 * An event of a spec's own, made as admin@ through the API as the editor does (so no other spec's
 * registration is in the way): at the first venue, registration required, starting in `days` (9
 * unless said), with `tiers` made in order. Answers the ids, the start and admin@'s headers.
 */
export async function ownEvent(
  request: APIRequestContext,
  event: { title: string; methods: string[]; days?: number },
  tiers: Record<string, unknown>[],
): Promise<{ eventId: string; tierIds: string[]; startsAt: Date; headers: Record<string, string> }> {
  const headers = {
    apikey: ANON_KEY,
    authorization: `Bearer ${await tokenOf(request, DEMO_USERS.admin.email)}`,
  };
  const venues = (await (await request.get('/functions/v1/api/v1/admin/venues', { headers })).json()) as {
    id: string;
  }[];
  const startsAt = new Date(Date.now() + (event.days ?? 9) * 86_400_000);
  const created = await request.post('/functions/v1/api/v1/admin/events', {
    headers,
    data: {
      title: event.title,
      starts_at: startsAt.toISOString(),
      registration_policy: 'requires',
      allowed_payment_methods: event.methods,
      venue_ids: [venues[0]!.id],
      speaker_ids: [],
      tag_ids: [],
    },
  });
  expect(created.status()).toBe(201);
  const { id: eventId } = (await created.json()) as { id: string };
  const tierIds: string[] = [];
  for (const tier of tiers) {
    const made = await request.post(`/functions/v1/api/v1/admin/events/${eventId}/tiers`, {
      headers,
      data: tier,
    });
    expect(made.status()).toBe(201);
    tierIds.push(((await made.json()) as { id: string }).id);
  }
  return { eventId, tierIds, startsAt, headers };
}
