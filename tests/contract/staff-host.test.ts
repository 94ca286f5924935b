import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Host } from '../../server/host.ts';
import { legacyRedirect } from '../../server/legacy-hosts.ts';
import { adminClient, client, lastMail, newEmail, openLink, startHost } from './helpers.ts';

let host: Host;
beforeAll(async () => {
  host = await startHost({ legacyHosts: ['antigo.example.org', 'velho.example.org:8080'] });
});
afterAll(() => host?.close());

/** A GET naming another Host than the one connected to (fetch will not send its own Host). */
function getWithHost(path: string, hostHeader: string): Promise<{ status: number; location: string }> {
  const { hostname, port } = new URL(host.url);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path, headers: { host: hostHeader } }, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, location: res.headers.location ?? '' });
    });
    req.on('error', reject);
    req.end();
  });
}

describe('legacy host names (LEGACY_HOSTS)', () => {
  it('redirect to the public URL with the path and query kept, before the app loads', async () => {
    for (const name of ['antigo.example.org', 'ANTIGO.example.org:443', 'velho.example.org:8080']) {
      const res = await getWithHost('/events/123?x=1&y=%C3%A1', name);
      expect(res, name).toEqual({ status: 301, location: `${host.url}/events/123?x=1&y=%C3%A1` });
    }
    // the API and auth paths too: nothing is served under the old name
    expect((await getWithHost('/functions/v1/api/health', 'antigo.example.org')).status).toBe(301);
  });

  it('leave every other host name alone', async () => {
    const { host: current } = new URL(host.url);
    expect((await getWithHost('/functions/v1/api/health', current)).status).toBe(200);
    expect((await getWithHost('/functions/v1/api/health', 'velho.example.org')).status).toBe(200);
    expect(legacyRedirect(new Request('http://x/a'), new Set(['localhost']), 'http://localhost')).toBeNull();
  });
});

describe('invitation (third-party signup): POST /auth/v1/invite', () => {
  it('creates the account without a password, mails a link that confirms it and signs the person in', async () => {
    const email = newEmail('convite');
    const redirectTo = `${host.url}/auth/reset-password`;
    const { data, error } = await adminClient(host).auth.admin.inviteUserByEmail(email, {
      redirectTo,
      data: { display_name: 'Pessoa Convidada' },
    });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.email_confirmed_at ?? null).toBeNull();

    const mail = await lastMail(host, email);
    expect(mail.subject).toContain('crie sua senha');
    const opened = await openLink(mail.link!);
    expect(opened.status).toBe(303);
    expect(opened.location.pathname).toBe('/auth/reset-password');
    expect(opened.fragment.type).toBe('invite');

    // signed in from the link, the person chooses a password and then signs in with it
    const browser = client(host);
    const { error: setError } = await browser.auth.setSession({
      access_token: opened.fragment.access_token!,
      refresh_token: opened.fragment.refresh_token!,
    });
    expect(setError).toBeNull();
    expect((await browser.auth.updateUser({ password: 'minhasenha' })).error).toBeNull();
    const signIn = await client(host).auth.signInWithPassword({ email, password: 'minhasenha' });
    expect(signIn.error).toBeNull();

    // a confirmed account is not invited again
    const again = await adminClient(host).auth.admin.inviteUserByEmail(email);
    expect(again.error?.code).toBe('email_exists');
  });

  it('is for the service role only', async () => {
    const res = await fetch(`${host.url}/auth/v1/invite`, {
      method: 'POST',
      headers: {
        apikey: host.anonKey,
        authorization: `Bearer ${host.anonKey}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ email: newEmail('x') }),
    });
    expect(res.status).toBe(403);
  });
});
