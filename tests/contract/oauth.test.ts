import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Host } from '../../server/host.ts';
import { adminClient, client, newEmail, openLink, startHost } from './helpers.ts';

let host: Host;
beforeAll(async () => {
  host = await startHost();
});
afterAll(() => host?.close());

/** The URL supabase-js would navigate to for Google sign-in. */
async function authorizeUrl(redirectTo: string): Promise<string> {
  const { data, error } = await client(host).auth.signInWithOAuth({
    provider: 'google',
    options: { redirectTo, skipBrowserRedirect: true },
  });
  expect(error).toBeNull();
  return data.url!;
}

async function chooserState(redirectTo: string): Promise<{ html: string; state: string }> {
  const res = await fetch(await authorizeUrl(redirectTo));
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/text\/html/);
  const html = await res.text();
  const state = /name="state" value="([^"]+)"/.exec(html)?.[1];
  expect(state).toBeTruthy();
  return { html, state: state! };
}

function callback(state: string, params: Record<string, string>): string {
  return `${host.url}/auth/v1/callback?${new URLSearchParams({ state, ...params })}`;
}

describe('Google sign-in (local chooser)', () => {
  const redirectTo = () => `${host.url}/auth/callback`;

  it('authorize shows a pt-BR page with three demo identities and a custom form', async () => {
    const { html } = await chooserState(redirectTo());
    expect(html).toContain('lang="pt-BR"');
    expect(html).toContain('Escolha uma conta');
    expect(html.match(/@example\.com/g)!.length).toBeGreaterThanOrEqual(3);
    expect(html).toContain('name="email"');
    expect(html).toContain('name="name"');
  });

  it('callback creates a confirmed Google user and redirects with the session in the fragment', async () => {
    const { state } = await chooserState(redirectTo());
    const email = newEmail('google');
    const { status, location, fragment } = await openLink(callback(state, { name: 'Rita Lopes', email }));
    expect(status).toBe(302);
    expect(location.origin + location.pathname).toBe(redirectTo());
    expect(fragment).toMatchObject({ token_type: 'bearer', expires_in: '3600' });
    expect(fragment.provider_token).toBeTruthy();
    expect(fragment.refresh_token).toBeTruthy();
    expect(Number(fragment.expires_at)).toBeGreaterThan(Date.now() / 1000);

    const { data } = await client(host).auth.getUser(fragment.access_token);
    const user = data.user!;
    expect(user.email).toBe(email);
    expect(user.email_confirmed_at).toBeTruthy();
    expect(user.user_metadata).toMatchObject({
      full_name: 'Rita Lopes',
      name: 'Rita Lopes',
      email,
      email_verified: true,
    });
    expect(user.user_metadata.avatar_url).toMatch(/^http/);
    expect(user.app_metadata.providers).toContain('google');
    expect(user.identities?.map((i) => i.provider)).toEqual(['google']);

    const avatar = await fetch(user.user_metadata.avatar_url);
    expect(avatar.headers.get('content-type')).toBe('image/svg+xml');

    // Signing in again reuses the same user and identity.
    const second = await openLink(
      callback((await chooserState(redirectTo())).state, { name: 'Rita Lopes', email }),
    );
    const again = await client(host).auth.getUser(second.fragment.access_token);
    expect(again.data.user?.id).toBe(user.id);
    expect(again.data.user?.identities).toHaveLength(1);
  });

  it('links Google to an existing e-mail account', async () => {
    const email = newEmail('existente');
    const { data: created } = await adminClient(host).auth.admin.createUser({
      email,
      password: 'senha-forte',
      email_confirm: true,
    });
    const { state } = await chooserState(redirectTo());
    const { fragment } = await openLink(callback(state, { name: 'Conta Existente', email }));
    const { data } = await client(host).auth.getUser(fragment.access_token);
    expect(data.user?.id).toBe(created.user!.id);
    expect(data.user?.app_metadata.providers).toEqual(expect.arrayContaining(['email', 'google']));
    expect(data.user?.identities?.map((i) => i.provider).sort()).toEqual(['email', 'google']);
    expect((await client(host).auth.signInWithPassword({ email, password: 'senha-forte' })).error).toBeNull();
  });

  it('a forged state goes to the site URL with an error; cancel returns an error to redirect_to', async () => {
    const forged = await openLink(callback('forjado', { name: 'X', email: newEmail() }));
    expect(forged.location.origin).toBe(host.url);
    expect(forged.query).toMatchObject({ error: 'access_denied', error_code: 'bad_oauth_state' });
    expect(forged.fragment.access_token).toBeUndefined();

    const { state } = await chooserState(redirectTo());
    const cancel = await openLink(callback(state, { error: 'access_denied' }));
    expect(cancel.location.origin + cancel.location.pathname).toBe(redirectTo());
    expect(cancel.fragment.error).toBe('access_denied');
  });

  it('only google is offered', async () => {
    const res = await fetch(`${host.url}/auth/v1/authorize?provider=github`);
    expect(res.status).toBe(400);
    expect(res.headers.get('x-sb-error-code')).toBe('validation_failed');
  });
});
