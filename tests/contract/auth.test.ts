import { AuthApiError, isAuthApiError, isAuthWeakPasswordError } from '@supabase/supabase-js';
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Host } from '../../server/host.ts';
import { client, lastMail, newEmail, openLink, startHost } from './helpers.ts';

let host: Host;
beforeAll(async () => {
  host = await startHost({ signupLimit: 1000 }); // many signups from this one client
});
afterAll(() => host?.close());

/** Signs up and confirms through the mailed link; returns the fragment of the redirect. */
async function confirmedUser(password = 'segredo123') {
  const email = newEmail();
  const { error } = await client(host).auth.signUp({ email, password });
  expect(error).toBeNull();
  const { fragment } = await openLink((await lastMail(host, email)).link!);
  expect(fragment.access_token).toBeTruthy();
  return { email, password, fragment };
}

describe('signup with e-mail confirmation', () => {
  it('returns a bare user, no session, and mails a verify link', async () => {
    const email = newEmail();
    const redirectTo = `${host.url}/auth/welcome`;
    const { data, error } = await client(host).auth.signUp({
      email,
      password: 'segredo123',
      options: { emailRedirectTo: redirectTo, data: { display_name: 'Maria Silva' } },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.email_confirmed_at).toBeUndefined();
    expect(data.user?.user_metadata.display_name).toBe('Maria Silva');
    expect(data.user?.identities).toHaveLength(1);

    const mail = await lastMail(host, email);
    expect(mail.subject).toBe('Confirme seu cadastro no Congrega');
    const link = new URL(mail.link!);
    expect(link.origin + link.pathname).toBe(`${host.url}/auth/v1/verify`);
    expect(link.searchParams.get('type')).toBe('signup');
    expect(link.searchParams.get('redirect_to')).toBe(redirectTo);
    expect(link.searchParams.get('token')!.length).toBeGreaterThanOrEqual(32);
    expect(mail.text).toContain(mail.link);
  });

  it('refuses password sign-in until the e-mail is confirmed', async () => {
    const email = newEmail();
    await client(host).auth.signUp({ email, password: 'segredo123' });
    const { data, error } = await client(host).auth.signInWithPassword({ email, password: 'segredo123' });
    expect(data.session).toBeNull();
    expect(error).toBeInstanceOf(AuthApiError);
    expect(error?.status).toBe(400);
    expect(error?.code).toBe('email_not_confirmed');
  });

  it('verify link redirects with a session whose token verifies against the JWKS', async () => {
    const email = newEmail();
    const redirectTo = `${host.url}/auth/welcome`;
    const { data } = await client(host).auth.signUp({
      email,
      password: 'segredo123',
      options: { emailRedirectTo: redirectTo },
    });
    const { status, location, fragment } = await openLink((await lastMail(host, email)).link!);
    expect(status).toBe(303);
    expect(location.origin + location.pathname).toBe(redirectTo);
    expect(fragment).toMatchObject({ token_type: 'bearer', type: 'signup', expires_in: '3600' });
    expect(fragment.refresh_token).toBeTruthy();

    const jwks = createRemoteJWKSet(new URL(`${host.url}/auth/v1/.well-known/jwks.json`));
    const { payload } = await jwtVerify(fragment.access_token!, jwks, {
      issuer: `${host.url}/auth/v1`,
      audience: 'authenticated',
    });
    expect(decodeProtectedHeader(fragment.access_token!)).toMatchObject({ alg: 'ES256' });
    expect(decodeProtectedHeader(fragment.access_token!).kid).toBeTruthy();
    expect(payload).toMatchObject({ sub: data.user!.id, email, role: 'authenticated', aal: 'aal1' });
    expect(payload.exp! - payload.iat!).toBe(3600);
    expect(Number(fragment.expires_at)).toBe(payload.exp);
    expect(payload.session_id).toBeTruthy();
    expect((payload.amr as { method: string }[])[0]?.method).toBe('otp');

    // Confirmed now: the password works.
    const signIn = await client(host).auth.signInWithPassword({ email, password: 'segredo123' });
    expect(signIn.error).toBeNull();
    expect(signIn.data.user?.email_confirmed_at).toBeTruthy();
  });

  it('a link works once; a reused, unknown or expired link redirects with otp_expired', async () => {
    const email = newEmail();
    await client(host).auth.signUp({ email, password: 'segredo123' });
    const link = (await lastMail(host, email)).link!;
    expect((await openLink(link)).fragment.access_token).toBeTruthy();
    const again = await openLink(link);
    expect(again.fragment).toMatchObject({ error: 'access_denied', error_code: 'otp_expired' });
    expect(again.fragment.access_token).toBeUndefined();

    const bogus = link.replace(/token=[^&]+/, 'token=nao-existe');
    expect((await openLink(bogus)).fragment.error_code).toBe('otp_expired');

    const late = newEmail();
    await client(host).auth.signUp({ email: late, password: 'segredo123' });
    await host.database.db.query(
      "update auth.users set confirmation_sent_at = now() - interval '25 hours' where email = $1",
      [late],
    );
    expect((await openLink((await lastMail(host, late)).link!)).fragment.error_code).toBe('otp_expired');
  });

  it('redirect_to on a foreign host falls back to the site URL', async () => {
    const email = newEmail();
    await client(host).auth.signUp({
      email,
      password: 'segredo123',
      options: { emailRedirectTo: 'https://evil.example/steal' },
    });
    const { location, fragment } = await openLink((await lastMail(host, email)).link!);
    expect(location.host).toBe(new URL(host.url).host);
    expect(fragment.access_token).toBeTruthy();
  });

  it('signing up again with a confirmed e-mail answers an obfuscated user and sends nothing', async () => {
    const { email } = await confirmedUser();
    const before = (await host.mailbox.list({ to: email })).length;
    const { data, error } = await client(host).auth.signUp({ email, password: 'outra-senha' });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.identities).toEqual([]);
    expect((await host.mailbox.list({ to: email })).length).toBe(before);
    // The original password still works.
    expect((await client(host).auth.signInWithPassword({ email, password: 'segredo123' })).error).toBeNull();
  });

  it('rejects a short password and a malformed e-mail', async () => {
    const weak = await client(host).auth.signUp({ email: newEmail(), password: '123' });
    expect(isAuthWeakPasswordError(weak.error)).toBe(true);
    expect(weak.error?.status).toBe(422);
    const bad = await client(host).auth.signUp({ email: 'sem-arroba', password: 'segredo123' });
    expect(bad.error?.code).toBe('validation_failed');
  });
});

describe('password sign-in and sessions', () => {
  it('wrong password or unknown e-mail → invalid_credentials (400)', async () => {
    const { email } = await confirmedUser();
    for (const creds of [
      { email, password: 'errada!!' },
      { email: newEmail('ninguem'), password: 'segredo123' },
    ]) {
      const { error } = await client(host).auth.signInWithPassword(creds);
      expect(isAuthApiError(error)).toBe(true);
      expect(error?.status).toBe(400);
      expect(error?.code).toBe('invalid_credentials');
      expect(error?.message).toBe('Invalid login credentials');
    }
  });

  it('error responses carry the 2024-01-01 body and headers, exposed to CORS', async () => {
    const res = await fetch(`${host.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: host.anonKey, 'content-type': 'application/json', origin: 'http://localhost:9999' },
      body: JSON.stringify({ email: newEmail(), password: 'x' }),
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(res.headers.get('x-sb-error-code')).toBe('invalid_credentials');
    expect(res.headers.get('access-control-expose-headers')).toMatch(/x-supabase-api-version/i);
    expect(await res.json()).toMatchObject({
      code: 'invalid_credentials',
      error_code: 'invalid_credentials',
      message: 'Invalid login credentials',
      msg: 'Invalid login credentials',
    });

    const pre = await fetch(`${host.url}/auth/v1/token?grant_type=password`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:9999', 'access-control-request-method': 'POST' },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-headers')).toMatch(/x-supabase-api-version/);
    expect(pre.headers.get('access-control-allow-headers')).toMatch(/x-client-info/);
  });

  it('refresh rotates the token; replaying the old one after the grace window ends the session', async () => {
    const { email, password } = await confirmedUser();
    const sb = client(host);
    const { data: signIn } = await sb.auth.signInWithPassword({ email, password });
    const first = signIn.session!;

    const { data: refreshed, error } = await sb.auth.refreshSession({ refresh_token: first.refresh_token });
    expect(error).toBeNull();
    const second = refreshed.session!;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.access_token).not.toBe(first.access_token);
    expect(second.user.email).toBe(email);

    // Two tabs refreshing at once: within 10 s the late one gets the session's current token.
    const twin = await client(host).auth.refreshSession({ refresh_token: first.refresh_token });
    expect(twin.error).toBeNull();
    expect(twin.data.session?.refresh_token).toBe(second.refresh_token);

    await host.database.db.query(
      "update auth.refresh_tokens set created_at = now() - interval '11 seconds' where parent = $1",
      [first.refresh_token],
    );
    const replay = await client(host).auth.refreshSession({ refresh_token: first.refresh_token });
    expect(replay.error?.code).toBe('refresh_token_already_used');
    expect(replay.error?.status).toBe(400);
    // Reuse means the token leaked: the whole session is revoked, the rotated token included.
    const after = await client(host).auth.refreshSession({ refresh_token: second.refresh_token });
    expect(after.error?.code).toBe('refresh_token_not_found');

    const unknown = await client(host).auth.refreshSession({ refresh_token: 'nao-existe' });
    expect(unknown.error?.code).toBe('refresh_token_not_found');
  });

  it('getUser returns the user for a valid token and rejects a bad one', async () => {
    const { email, fragment } = await confirmedUser();
    const { data, error } = await client(host).auth.getUser(fragment.access_token);
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.identities?.[0]?.provider).toBe('email');

    const bad = await client(host).auth.getUser(`${fragment.access_token!.slice(0, -4)}AAAA`);
    expect(bad.error?.status).toBe(403);
    expect(bad.error?.code).toBe('bad_jwt');
  });

  it('updateUser merges data (null deletes) and changes the password', async () => {
    const { email, password } = await confirmedUser();
    const sb = client(host);
    await sb.auth.signInWithPassword({ email, password });

    const first = await sb.auth.updateUser({ data: { display_name: 'João', welcome: true } });
    expect(first.error).toBeNull();
    const second = await sb.auth.updateUser({ data: { welcome: null, hasUser: true } });
    expect(second.data.user?.user_metadata).toMatchObject({ display_name: 'João', hasUser: true });
    expect(second.data.user?.user_metadata).not.toHaveProperty('welcome');

    const same = await sb.auth.updateUser({ password });
    expect(same.error?.code).toBe('same_password');
    expect(same.error?.status).toBe(422);
    const weak = await sb.auth.updateUser({ password: '12345' });
    expect(weak.error?.code).toBe('weak_password');

    expect((await sb.auth.updateUser({ password: 'nova-senha-1' })).error).toBeNull();
    expect((await client(host).auth.signInWithPassword({ email, password })).error?.code).toBe(
      'invalid_credentials',
    );
    expect(
      (await client(host).auth.signInWithPassword({ email, password: 'nova-senha-1' })).error,
    ).toBeNull();
  });

  it('signOut ends the session: its access and refresh tokens stop working', async () => {
    const { email, password } = await confirmedUser();
    const sb = client(host);
    const { data } = await sb.auth.signInWithPassword({ email, password });
    const { access_token, refresh_token } = data.session!;
    expect((await sb.auth.signOut()).error).toBeNull();
    expect((await sb.auth.getSession()).data.session).toBeNull();

    const user = await client(host).auth.getUser(access_token);
    expect(user.data.user).toBeNull();
    expect(user.error).toBeTruthy();
    expect((await client(host).auth.refreshSession({ refresh_token })).error?.code).toBe(
      'refresh_token_not_found',
    );
  });
});

describe('password recovery', () => {
  it('mails a recovery link that signs in with type=recovery; unknown e-mails get the same answer', async () => {
    const { email } = await confirmedUser();
    const redirectTo = `${host.url}/auth/reset-password`;
    const { data, error } = await client(host).auth.resetPasswordForEmail(email, { redirectTo });
    expect(error).toBeNull();
    expect(data).toEqual({});

    const mail = await lastMail(host, email);
    expect(mail.subject).toBe('Redefinição de senha');
    expect(new URL(mail.link!).searchParams.get('type')).toBe('recovery');
    const { location, fragment } = await openLink(mail.link!);
    expect(location.origin + location.pathname).toBe(redirectTo);
    expect(fragment.type).toBe('recovery');

    // The recovery session can set a new password.
    const sb = client(host);
    await sb.auth.setSession({
      access_token: fragment.access_token!,
      refresh_token: fragment.refresh_token!,
    });
    expect((await sb.auth.updateUser({ password: 'recuperada-1' })).error).toBeNull();
    expect(
      (await client(host).auth.signInWithPassword({ email, password: 'recuperada-1' })).error,
    ).toBeNull();

    const stranger = newEmail('desconhecido');
    const other = await client(host).auth.resetPasswordForEmail(stranger, { redirectTo });
    expect(other.error).toBeNull();
    expect(await host.mailbox.list({ to: stranger })).toEqual([]);
  });

  it('a recovery link expires after an hour', async () => {
    const { email } = await confirmedUser();
    await client(host).auth.resetPasswordForEmail(email);
    await host.database.db.query(
      "update auth.users set recovery_sent_at = now() - interval '61 minutes' where email = $1",
      [email],
    );
    expect((await openLink((await lastMail(host, email)).link!)).fragment.error_code).toBe('otp_expired');
  });
});

describe('login rate limit', () => {
  it('after 10 failures for one e-mail from one address answers 429 there, even with the right password', async () => {
    const { email, password } = await confirmedUser();
    for (let i = 0; i < 10; i++) {
      const { error } = await client(host).auth.signInWithPassword({ email, password: `errada-${i}` });
      expect(error?.code).toBe('invalid_credentials');
    }
    const { error } = await client(host).auth.signInWithPassword({ email, password });
    expect(error?.status).toBe(429);
    expect(error?.code).toBe('over_request_rate_limit');

    // Other accounts are not locked out by it.
    const other = await confirmedUser();
    expect(
      (await client(host).auth.signInWithPassword({ email: other.email, password: other.password })).error,
    ).toBeNull();
  });

  it('limits failures per IP across e-mails', async () => {
    const small = await startHost({ loginLimits: { perEmail: 100, perIp: 3 } });
    try {
      for (let i = 0; i < 3; i++) {
        const { error } = await client(small).auth.signInWithPassword({ email: newEmail(), password: 'x' });
        expect(error?.status).toBe(400);
      }
      const { error } = await client(small).auth.signInWithPassword({ email: newEmail(), password: 'x' });
      expect(error?.status).toBe(429);
    } finally {
      await small.close();
    }
  });
});
