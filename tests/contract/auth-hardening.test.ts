import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importJWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Host } from '../../server/host.ts';
import { authMessages } from '../../src/domain/messages/auth.ts';
import { validationMessages } from '../../src/domain/messages/validation.ts';
import { forgotErrorMessage } from '../../src/features/auth/forgot-error.ts';
import { adminClient, client, lastMail, newEmail, openLink, startHost } from './helpers.ts';

/** Issue 6 (auth side): password limits, throttles, odd bytes, token and redirect checks. */

let host: Host;
beforeAll(async () => {
  host = await startHost();
});
afterAll(() => host?.close());

async function post(h: Host, path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${h.url}/auth/v1${path}`, {
    method: 'POST',
    headers: { apikey: h.anonKey, 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
}

async function confirmedUser(h: Host, password = 'segredo123') {
  const email = newEmail('forte');
  await adminClient(h).auth.admin.createUser({ email, password, email_confirm: true });
  return { email, password };
}

describe('password length (bcrypt reads 72 bytes)', () => {
  it('refuses passwords over 72 bytes with the pt-BR message, on signup and update', async () => {
    const long = 'á'.repeat(37); // 37 characters, 74 bytes
    const signup = await client(host).auth.signUp({ email: newEmail(), password: long });
    expect(signup.error?.status).toBe(400);
    expect(signup.error?.code).toBe('validation_failed');
    expect(signup.error?.message).toBe(validationMessages.passwordMax);

    const ok = await client(host).auth.signUp({ email: newEmail(), password: 'a'.repeat(72) });
    expect(ok.error).toBeNull();

    const { email, password } = await confirmedUser(host);
    const sb = client(host);
    await sb.auth.signInWithPassword({ email, password });
    expect((await sb.auth.updateUser({ password: 'x'.repeat(1024 * 1024) })).error?.message).toBe(
      validationMessages.passwordMax,
    );
    // Sign-in with a huge password is just a failed sign-in.
    const huge = await client(host).auth.signInWithPassword({ email, password: 'y'.repeat(100_000) });
    expect(huge.error?.code).toBe('invalid_credentials');
  });
});

describe('throttles', () => {
  it('limits e-mails per recipient (over_email_send_rate_limit) and per address', async () => {
    const h = await startHost({ mailLimits: { perEmail: 2, perIp: 6 } });
    try {
      const email = newEmail('spam');
      expect((await post(h, '/recover', { email })).status).toBe(200);
      expect((await post(h, '/recover', { email })).status).toBe(200);
      const third = await post(h, '/recover', { email });
      expect(third.status).toBe(429);
      expect(third.body.code).toBe('over_email_send_rate_limit');
      // What the forgot-password screen gets from supabase-js, and shows.
      const { error } = await client(h).auth.resetPasswordForEmail(email);
      expect(error?.status).toBe(429);
      expect(forgotErrorMessage(error!)).toBe(authMessages.forgotTooMany);
      // Signup and resend count against the same recipient.
      expect((await post(h, '/resend', { email, type: 'signup' })).status).toBe(429);

      // Per address: 5 requests in the window, whatever the e-mail.
      const other = await post(h, '/signup', { email: newEmail(), password: 'segredo123' });
      expect(other.status).toBe(200);
      const blocked = await post(h, '/signup', { email: newEmail(), password: 'segredo123' });
      expect(blocked.status).toBe(429);
      expect(blocked.body.code).toBe('over_request_rate_limit');
    } finally {
      await h.close();
    }
  });

  it('a locked e-mail still lets its owner in from an address that has not failed', async () => {
    const h = await startHost({ trustProxy: true, loginLimits: { perEmail: 3, perIp: 100 } });
    try {
      const { email, password } = await confirmedUser(h);
      const from = (ip: string) => ({ 'x-forwarded-for': `203.0.113.9, ${ip}` });
      const signIn = (pw: string, ip: string) =>
        post(h, '/token?grant_type=password', { email, password: pw }, from(ip));
      for (let i = 0; i < 3; i++) expect((await signIn(`errada-${i}`, '198.51.100.1')).status).toBe(400);
      const locked = await signIn(password, '198.51.100.1');
      expect(locked.status).toBe(429);
      expect(locked.body.code).toBe('over_request_rate_limit');
      expect(locked.body.message).toMatch(
        /^Muitas tentativas a partir desta conexão\. Tente novamente em \d+ minutos?\.$/,
      );
      expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(200);
      // The owner, elsewhere, is not locked out.
      expect((await signIn(password, '198.51.100.2')).status).toBe(200);
    } finally {
      await h.close();
    }
  });

  it('without TRUST_PROXY, X-Forwarded-For does not change the counted address', async () => {
    const h = await startHost({ loginLimits: { perEmail: 2, perIp: 100 } });
    try {
      const { email, password } = await confirmedUser(h);
      for (const ip of ['198.51.100.1', '198.51.100.2']) {
        await post(h, '/token?grant_type=password', { email, password: 'errada' }, { 'x-forwarded-for': ip });
      }
      const res = await post(
        h,
        '/token?grant_type=password',
        { email, password },
        { 'x-forwarded-for': '198.51.100.3' },
      );
      expect(res.status).toBe(429);
    } finally {
      await h.close();
    }
  });

  it('a full hashing queue answers 429 at once instead of queueing for ever', async () => {
    const h = await startHost({ passwordWorkers: 1, passwordQueue: 2 });
    try {
      const { email, password } = await confirmedUser(h);
      const answers = await Promise.all(
        Array.from({ length: 12 }, () => post(h, '/token?grant_type=password', { email, password })),
      );
      const statuses = answers.map((a) => a.status);
      expect(statuses).toContain(200);
      expect(statuses).toContain(429);
      expect(answers.find((a) => a.status === 429)?.body.code).toBe('over_request_rate_limit');
      expect(statuses.every((s) => s === 200 || s === 429)).toBe(true);
      // pt-BR, and when to come back
      const refused = answers.find((a) => a.status === 429)!;
      expect(refused.body.message).toBe(
        'Muitas pessoas entrando ao mesmo tempo. Tente novamente em 5 segundos.',
      );
      expect(refused.headers.get('retry-after')).toBe('5');
    } finally {
      await h.close();
    }
  });
});

describe('odd bytes: 400 {code, msg}, never 500', () => {
  const NUL = '\u0000';
  const LONE = '\uD800';

  it('in e-mail, password, refresh token, signup data and query', async () => {
    const cases: [string, unknown][] = [
      ['/token?grant_type=password', { email: `a${NUL}@example.com`, password: 'segredo123' }],
      ['/token?grant_type=password', { email: `a${LONE}@example.com`, password: 'segredo123' }],
      ['/token?grant_type=password', { email: 'a@example.com', password: `segredo${NUL}123` }],
      ['/token?grant_type=refresh_token', { refresh_token: `abc${NUL}` }],
      ['/token?grant_type=refresh_token', { refresh_token: `abc${LONE}` }],
      ['/signup', { email: newEmail(), password: 'segredo123', data: { display_name: `Ana${NUL}` } }],
      ['/signup', { email: newEmail(), password: 'segredo123', data: { [`k${LONE}`]: 1 } }],
      ['/recover', { email: `b${NUL}@example.com` }],
      ['/resend', { email: `b${LONE}@example.com`, type: 'signup' }],
    ];
    for (const [path, body] of cases) {
      const res = await post(host, path, body);
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(res.body).toMatchObject({ code: 'validation_failed', msg: expect.any(String) });
    }
    // The raw JSON escape (what a client sends for a lone surrogate), and a NUL in the query.
    const raw = await post(host, '/recover', '{"email":"c\\udc00@example.com"}');
    expect(raw.status).toBe(400);
    const verify = await fetch(`${host.url}/auth/v1/verify?type=signup&token=a%00b`, { redirect: 'manual' });
    expect(verify.status).toBe(400);
  });

  it('in user_metadata (updateUser and admin)', async () => {
    const { email, password } = await confirmedUser(host);
    const sb = client(host);
    await sb.auth.signInWithPassword({ email, password });
    const upd = await sb.auth.updateUser({ data: { display_name: `X${NUL}` } });
    expect(upd.error?.status).toBe(400);
    const admin = await adminClient(host).auth.admin.createUser({
      email: newEmail(),
      user_metadata: { name: `Y${LONE}` },
    });
    expect(admin.error?.status).toBe(400);
  });

  it('a malformed Host on an auth path is a 400', async () => {
    const port = host.port;
    const status = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () =>
        socket.write(
          'POST /auth/v1/token?grant_type=password HTTP/1.1\r\nHost: a b\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}',
        ),
      );
      let data = '';
      socket.on('data', (d) => {
        data += d.toString();
      });
      socket.on('end', () => resolve(data.split('\r\n')[0] ?? ''));
      socket.on('error', reject);
    });
    expect(status).toMatch(/^HTTP\/1\.1 400 /);
  });
});

describe('tokens and redirects', () => {
  it('an access token without exp is refused by the host and by the API', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'congrega-exp-'));
    const h = await startHost({ dataDir: dir });
    try {
      const { email, password } = await confirmedUser(h);
      const { data } = await client(h).auth.signInWithPassword({ email, password });
      const session = data.session!;
      const claims = JSON.parse(Buffer.from(session.access_token.split('.')[1]!, 'base64url').toString());
      const { kid, privateJwk } = JSON.parse(readFileSync(join(dir, 'keys.json'), 'utf8'));
      const { exp: _exp, ...noExp } = claims;
      const forged = await new SignJWT(noExp)
        .setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' })
        .sign(await importJWK(privateJwk, 'ES256'));
      const withExp = await new SignJWT(claims)
        .setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' })
        .sign(await importJWK(privateJwk, 'ES256'));

      const user = await client(h).auth.getUser(forged);
      expect(user.error?.code).toBe('bad_jwt');
      expect((await client(h).auth.getUser(withExp)).error).toBeNull();

      const me = (token: string) =>
        fetch(`${h.url}/functions/v1/api/v1/me`, { headers: { Authorization: `Bearer ${token}` } });
      expect((await me(forged)).status).toBe(401);
      expect((await me(withExp)).status).not.toBe(401);
    } finally {
      await h.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('redirect_to on another port of the same machine falls back to the site URL', async () => {
    const email = newEmail();
    const port = new URL(host.url).port;
    const otherPort = String(Number(port) === 65535 ? 1 : Number(port) + 1);
    await client(host).auth.signUp({
      email,
      password: 'segredo123',
      options: { emailRedirectTo: `http://localhost:${otherPort}/roubar` },
    });
    const link = new URL((await lastMail(host, email)).link!);
    expect(link.searchParams.get('redirect_to')).toBe(host.url);
    const { location } = await openLink(link.toString());
    expect(location.origin).toBe(host.url);

    const same = newEmail();
    await client(host).auth.signUp({
      email: same,
      password: 'segredo123',
      options: { emailRedirectTo: `http://127.0.0.1:${port}/auth/welcome` },
    });
    expect(new URL((await lastMail(host, same)).link!).searchParams.get('redirect_to')).toBe(
      `http://127.0.0.1:${port}/auth/welcome`,
    );
  });
});

/** Issue 26: metadata and tokens stay small; an address is its owner's once proven. */
describe('user metadata and token size', () => {
  const bigName = 'Ana '.repeat(1500); // 6,000 bytes

  it('refuses metadata over 4 KB on signup, PUT /user and the admin routes; the token carries only what the app reads', async () => {
    const signup = await post(host, '/signup', {
      email: newEmail('grande'),
      password: 'segredo123',
      data: { display_name: bigName },
    });
    expect(signup.status).toBe(400);
    expect(signup.body).toMatchObject({
      code: 'validation_failed',
      msg: 'Os dados do perfil passam do limite de 4 KB.',
    });

    const { email, password } = await confirmedUser(host);
    const sb = client(host);
    await sb.auth.signInWithPassword({ email, password });
    // 8 × 5 MB was the probe; two 3 KB halves merge past the bound too
    const half = 'x'.repeat(3000);
    expect((await sb.auth.updateUser({ data: { a: half } })).error).toBeNull();
    const second = await sb.auth.updateUser({ data: { b: half } });
    expect(second.error?.status).toBe(400);
    expect(second.error?.message).toBe('Os dados do perfil passam do limite de 4 KB.');
    // what the app keeps there fits, and only the keys the app reads reach the token
    expect(
      (await sb.auth.updateUser({ data: { display_name: 'Ana Souza', welcome: true } })).error,
    ).toBeNull();
    const { data } = await client(host).auth.signInWithPassword({ email, password });
    const token = data.session!.access_token;
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    expect(claims.user_metadata).toMatchObject({ display_name: 'Ana Souza', welcome: true });
    expect(claims.user_metadata.a).toBeUndefined();
    expect(token.length).toBeLessThan(2048);
    // the account itself still has it
    expect(data.user!.user_metadata.a).toBe(half);

    const admin = adminClient(host).auth.admin;
    const created = await admin.createUser({ email: newEmail(), user_metadata: { display_name: bigName } });
    expect(created.error?.status).toBe(400);
    const invited = await admin.inviteUserByEmail(newEmail(), { data: { display_name: bigName } });
    expect(invited.error?.status).toBe(400);
    const updated = await admin.updateUserById(data.user!.id, { user_metadata: { big: bigName } });
    expect(updated.error?.status).toBe(400);
  });

  it('refuses a sign-in whose token would pass 8 KB, and leaves no session behind', async () => {
    const { email, password } = await confirmedUser(host);
    const { data: user } = await adminClient(host).auth.admin.listUsers({ page: 1, perPage: 1000 });
    const id = user.users.find((u) => u.email === email)!.id;
    // app_metadata is the service role's: the one part of a token not bounded on the way in
    await adminClient(host).auth.admin.updateUserById(id, { app_metadata: { roles: 'r'.repeat(10_000) } });
    const res = await post(host, '/token?grant_type=password', { email, password });
    expect(res.status).toBe(422);
    expect(res.body.msg).toBe(
      'Os dados desta conta passam do tamanho permitido para entrar. Procure a secretaria.',
    );
    const [n] = await host.database.db.query<{ n: number }>(
      'select count(*)::int as n from auth.sessions where user_id = $1',
      [id],
    );
    expect(n!.n).toBe(0);
  });
});

describe('pre-account takeover: an address is its owner’s once proven', () => {
  it('an invitation clears the password someone set before the e-mail was confirmed', async () => {
    const h = await startHost();
    try {
      const victim = newEmail('vitima');
      // the attacker signs up the victim's address with their own password (never confirmed)
      expect((await post(h, '/signup', { email: victim, password: 'atacante1' })).status).toBe(200);
      // staff register the victim at the desk: GoTrue's invite
      const invited = await adminClient(h).auth.admin.inviteUserByEmail(victim);
      expect(invited.error).toBeNull();
      // the attacker signs up again: the password is not taken, the invitation is mailed again
      expect((await post(h, '/signup', { email: victim, password: 'atacante2' })).status).toBe(200);
      const mail = await lastMail(h, victim);
      expect(new URL(mail.link!).searchParams.get('type')).toBe('invite');
      // and asks a signup link again: the invitation once more, never a link that replaces it
      expect((await post(h, '/resend', { email: victim, type: 'signup' })).status).toBe(200);
      const again = await lastMail(h, victim);
      expect(new URL(again.link!).searchParams.get('type')).toBe('invite');
      // the victim opens the invitation: signed in, the e-mail confirmed
      const opened = await openLink(again.link!);
      expect(opened.fragment.access_token).toBeTruthy();
      for (const pw of ['atacante1', 'atacante2']) {
        const res = await post(h, '/token?grant_type=password', { email: victim, password: pw });
        expect(res.status).toBe(400);
        expect(res.body.code).toBe('invalid_credentials');
      }
      // the victim chooses a password and signs in with it
      const sb = client(h);
      await sb.auth.setSession({
        access_token: opened.fragment.access_token!,
        refresh_token: opened.fragment.refresh_token!,
      });
      expect((await sb.auth.updateUser({ password: 'vitima123' })).error).toBeNull();
      expect(
        (await post(h, '/token?grant_type=password', { email: victim, password: 'vitima123' })).status,
      ).toBe(200);
    } finally {
      await h.close();
    }
  });

  it('a recovery link on an unconfirmed address clears the password set before and its sessions', async () => {
    const h = await startHost();
    try {
      const victim = newEmail('vitima');
      expect((await post(h, '/signup', { email: victim, password: 'atacante1' })).status).toBe(200);
      expect((await post(h, '/recover', { email: victim })).status).toBe(200);
      const opened = await openLink((await lastMail(h, victim)).link!);
      expect(opened.fragment.type).toBe('recovery');
      const res = await post(h, '/token?grant_type=password', { email: victim, password: 'atacante1' });
      expect(res.body.code).toBe('invalid_credentials');
    } finally {
      await h.close();
    }
  });

  it('a signup link still confirms the password it was sent for', async () => {
    const email = newEmail('normal');
    expect((await post(host, '/signup', { email, password: 'segredo123' })).status).toBe(200);
    await openLink((await lastMail(host, email)).link!);
    expect((await post(host, '/token?grant_type=password', { email, password: 'segredo123' })).status).toBe(
      200,
    );
  });

  it('setting a new password ends every other session of the account, not this one', async () => {
    const { email, password } = await confirmedUser(host);
    const mine = client(host);
    const theirs = client(host);
    await mine.auth.signInWithPassword({ email, password });
    const { data: other } = await theirs.auth.signInWithPassword({ email, password });
    expect((await mine.auth.updateUser({ password: 'novasenha1' })).error).toBeNull();
    // the other session is gone: its refresh token and its access token (on the API) no longer work
    const refreshed = await post(host, '/token?grant_type=refresh_token', {
      refresh_token: other.session!.refresh_token,
    });
    expect(refreshed.status).toBe(400);
    const me = await fetch(`${host.url}/functions/v1/api/v1/me`, {
      headers: { authorization: `Bearer ${other.session!.access_token}` },
    });
    expect(me.status).toBe(401);
    // this one goes on
    expect((await mine.auth.getUser()).error).toBeNull();
  });
});
