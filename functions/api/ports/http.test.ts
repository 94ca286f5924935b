import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHttpAuthAdmin, createHttpStorage, UpstreamError } from './http.ts';

const env = { supabaseUrl: 'https://proj.supabase.co/', anonKey: 'anon', serviceRoleKey: 'service' };

function stubFetch(status: number, body: unknown) {
  const calls: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url: String(url), init });
      return new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const user = { id: 'u1', email: 'a@b.com', email_confirmed_at: null, user_metadata: {}, app_metadata: {} };

describe('createHttpAuthAdmin.signUp', () => {
  it('posts to /auth/v1/signup with redirect_to and service headers', async () => {
    const calls = stubFetch(200, { ...user, identities: [{ id: 'i1' }] });
    const out = await createHttpAuthAdmin(env).signUp({
      email: 'a@b.com',
      password: 'x',
      data: { display_name: 'A B' },
      redirectTo: 'http://localhost:5173/auth/welcome',
    });
    expect(out?.id).toBe('u1');
    expect(calls[0]!.url).toBe(
      'https://proj.supabase.co/auth/v1/signup?redirect_to=http%3A%2F%2Flocalhost%3A5173%2Fauth%2Fwelcome',
    );
    const headers = calls[0]!.init.headers as Record<string, string>;
    expect(headers.apikey).toBe('service');
    expect(headers.authorization).toBe('Bearer service');
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({
      email: 'a@b.com',
      password: 'x',
      data: { display_name: 'A B' },
    });
  });

  it('reads the user out of a session (auto-confirm)', async () => {
    stubFetch(200, {
      access_token: 't',
      refresh_token: 'r',
      expires_in: 3600,
      user: { ...user, identities: [{}] },
    });
    expect((await createHttpAuthAdmin(env).signUp({ email: 'a@b.com', password: 'x', data: {} }))?.id).toBe(
      'u1',
    );
  });

  it('returns null for an obfuscated user (identities: [])', async () => {
    stubFetch(200, { ...user, identities: [] });
    expect(await createHttpAuthAdmin(env).signUp({ email: 'a@b.com', password: 'x', data: {} })).toBeNull();
  });

  it('returns null for 422 user_already_exists', async () => {
    stubFetch(422, { code: 'user_already_exists', message: 'User already registered' });
    expect(await createHttpAuthAdmin(env).signUp({ email: 'a@b.com', password: 'x', data: {} })).toBeNull();
  });

  it('throws UpstreamError for other failures', async () => {
    stubFetch(422, { code: 'weak_password', message: 'weak' });
    await expect(
      createHttpAuthAdmin(env).signUp({ email: 'a@b.com', password: 'x', data: {} }),
    ).rejects.toBeInstanceOf(UpstreamError);
  });
});

describe('createHttpAuthAdmin admin calls', () => {
  it('updateUser sends user_metadata with PUT', async () => {
    const calls = stubFetch(200, user);
    await createHttpAuthAdmin(env).updateUser('u1', { userMetadata: { welcome: true } });
    expect(calls[0]!.url).toBe('https://proj.supabase.co/auth/v1/admin/users/u1');
    expect(calls[0]!.init.method).toBe('PUT');
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ user_metadata: { welcome: true } });
  });

  it('findUserByEmail matches exactly, case-insensitively', async () => {
    stubFetch(200, {
      users: [
        { ...user, email: 'xa@b.com' },
        { ...user, id: 'u2', email: 'A@B.com' },
      ],
    });
    expect((await createHttpAuthAdmin(env).findUserByEmail('a@b.com'))?.id).toBe('u2');
  });
});

describe('createHttpStorage', () => {
  it('makes a relative signed URL absolute', async () => {
    const calls = stubFetch(200, { signedURL: '/object/sign/event-files/a%20b/c.pdf?token=t' });
    const url = await createHttpStorage(env).signedUrl('event-files', 'a b/c.pdf', 600);
    expect(url).toBe('https://proj.supabase.co/storage/v1/object/sign/event-files/a%20b/c.pdf?token=t');
    expect(calls[0]!.url).toBe('https://proj.supabase.co/storage/v1/object/sign/event-files/a%20b/c.pdf');
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ expiresIn: 600 });
  });

  it('keeps an absolute signed URL', async () => {
    stubFetch(200, { signedURL: 'http://x/storage/v1/object/sign/b/p?token=t' });
    expect(await createHttpStorage(env).signedUrl('b', 'p', 60)).toBe(
      'http://x/storage/v1/object/sign/b/p?token=t',
    );
  });

  it('uploads with upsert', async () => {
    const calls = stubFetch(200, { Key: 'images/x.svg' });
    await createHttpStorage(env).upload('images', 'events/x.svg', new Uint8Array([1]), 'image/svg+xml');
    expect(calls[0]!.url).toBe('https://proj.supabase.co/storage/v1/object/images/events/x.svg');
    expect((calls[0]!.init.headers as Record<string, string>)['x-upsert']).toBe('true');
  });
});
