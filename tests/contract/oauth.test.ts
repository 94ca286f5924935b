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

  const refused = (r: Awaited<ReturnType<typeof openLink>>) => {
    expect(r.fragment.access_token).toBeUndefined();
    expect(r.fragment.error_code).toBe('identity_already_exists');
  };

  it('never signs in as an existing password account, nor links Google to it', async () => {
    const email = newEmail('existente');
    const { data: created } = await adminClient(host).auth.admin.createUser({
      email,
      password: 'senha-forte',
      email_confirm: true,
    });
    refused(await openLink(callback((await chooserState(redirectTo())).state, { name: 'Invasor', email })));
    const { data } = await adminClient(host).auth.admin.getUserById(created.user!.id);
    expect(data.user?.identities?.map((i) => i.provider)).toEqual(['email']);
    expect((await client(host).auth.signInWithPassword({ email, password: 'senha-forte' })).error).toBeNull();
  });

  it('refuses anyone holding a role, e.g. admin@congrega.local', async () => {
    const seeded = await startHost({ seed: true });
    try {
      const { data } = await client(seeded).auth.signInWithOAuth({
        provider: 'google',
        options: { redirectTo: `${seeded.url}/auth/callback`, skipBrowserRedirect: true },
      });
      const html = await (await fetch(data.url!)).text();
      const state = /name="state" value="([^"]+)"/.exec(html)![1]!;
      const r = await openLink(
        `${seeded.url}/auth/v1/callback?${new URLSearchParams({ state, name: 'X', email: 'admin@congrega.local' })}`,
      );
      expect(r.fragment.access_token).toBeUndefined();
      expect(r.fragment.error_code).toBe('identity_already_exists');
    } finally {
      await seeded.close();
    }

    // A user the picker created is refused too once it holds a role.
    const email = newEmail('google-papel');
    const first = await openLink(callback((await chooserState(redirectTo())).state, { name: 'Lia', email }));
    const { data: me } = await client(host).auth.getUser(first.fragment.access_token);
    await host.database.db.query("insert into public.user_roles (user_id, role) values ($1, 'lider')", [
      me.user!.id,
    ]);
    refused(await openLink(callback((await chooserState(redirectTo())).state, { name: 'Lia', email })));
  });

  it('pre-account hijack fails: an unconfirmed password signup loses its password to Google', async () => {
    const email = newEmail('vitima');
    const attacker = await client(host).auth.signUp({
      email,
      password: 'senha-do-invasor',
      options: { data: { display_name: 'Invasor' } },
    });
    expect(attacker.error).toBeNull();
    const { fragment } = await openLink(
      callback((await chooserState(redirectTo())).state, { name: 'Vítima Real', email }),
    );
    expect(fragment.access_token).toBeTruthy();
    const { data } = await client(host).auth.getUser(fragment.access_token);
    expect(data.user?.identities?.map((i) => i.provider)).toEqual(['google']);
    expect(data.user?.user_metadata.display_name).toBeUndefined();
    expect(data.user?.user_metadata.full_name).toBe('Vítima Real');

    const login = await client(host).auth.signInWithPassword({ email, password: 'senha-do-invasor' });
    expect(login.error?.code).toBe('invalid_credentials');
    // The attacker's confirmation link (mailed to the victim anyway) no longer works either.
    const [mail] = await host.mailbox.list({ to: email });
    expect((await openLink(mail!.link!)).fragment.error_code).toBe('otp_expired');
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
