import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.stubEnv('VITE_SUPABASE_URL', 'https://abcd.supabase.co');
vi.stubEnv('VITE_SUPABASE_ANON_KEY', 'anon-key');
const auth = {
  getSession: vi.fn(),
  getUser: vi.fn(),
  refreshSession: vi.fn(),
  signOut: vi.fn(),
  _removeSession: vi.fn(),
};
vi.mock('./supabase.ts', () => ({ supabaseAuth: vi.fn(async () => auth) }));

const { sessionRejected, signOutHere, signOutWasUnexpected } = await import('./session-end.ts');
const { apiFetch } = await import('./api-fetch.ts');

const SESSION = { access_token: 'token', user: { id: 'u1' } };
const missing = { name: 'AuthSessionMissingError', status: 400, message: 'Auth session missing!' };
const offline = { name: 'AuthRetryableFetchError', status: 0, message: 'Failed to fetch' };
const refused = { name: 'AuthApiError', status: 400, message: 'Invalid Refresh Token' };

beforeEach(() => {
  for (const fn of Object.values(auth)) fn.mockReset();
  auth.getSession.mockResolvedValue({ data: { session: SESSION }, error: null });
  auth.getUser.mockResolvedValue({ data: { user: SESSION.user }, error: null });
  auth.refreshSession.mockResolvedValue({ data: { session: SESSION }, error: null });
  auth.signOut.mockResolvedValue({ error: null });
});

describe('sessionRejected (the API answered 401 to the user’s token)', () => {
  it('signs out on this device when the auth server no longer knows the session or the user', async () => {
    auth.getUser.mockResolvedValue({ data: { user: null }, error: missing });
    await sessionRejected();
    expect(auth.signOut).toHaveBeenCalledWith({ scope: 'local' });

    auth.signOut.mockClear();
    auth.getUser.mockResolvedValue({
      data: { user: null },
      error: { name: 'AuthApiError', status: 403, message: 'User not found' },
    });
    await sessionRejected();
    expect(auth.signOut).toHaveBeenCalledWith({ scope: 'local' });
  });

  it('a live session whose token was refused gets one refresh; a refused refresh signs out', async () => {
    await sessionRejected();
    expect(auth.refreshSession).toHaveBeenCalledTimes(1);
    expect(auth.signOut).not.toHaveBeenCalled();

    auth.refreshSession.mockResolvedValue({ data: { session: null }, error: refused });
    await sessionRejected();
    expect(auth.signOut).toHaveBeenCalledWith({ scope: 'local' });
  });

  it('changes nothing when the auth server cannot be reached, or nobody is signed in', async () => {
    auth.getUser.mockResolvedValue({ data: { user: null }, error: offline });
    await sessionRejected();
    auth.getUser.mockResolvedValue({ data: { user: SESSION.user }, error: null });
    auth.refreshSession.mockResolvedValue({ data: { session: null }, error: offline });
    await sessionRejected();
    auth.getSession.mockResolvedValue({ data: { session: null }, error: null });
    await sessionRejected();
    expect(auth.signOut).not.toHaveBeenCalled();
  });

  it('several 401s at once make one check', async () => {
    auth.getUser.mockResolvedValue({ data: { user: null }, error: missing });
    await Promise.all([sessionRejected(), sessionRejected(), sessionRejected()]);
    expect(auth.getUser).toHaveBeenCalledTimes(1);
  });

  it('apiFetch starts it on a 401 to a request that carried a bearer token, not to a public read', async () => {
    const fetchMock = vi.fn(async () => new Response('{}', { status: 401 }));
    vi.stubGlobal('fetch', fetchMock);
    await apiFetch('https://abcd.supabase.co/functions/v1/api/v1/events/upcoming');
    await Promise.resolve();
    expect(auth.getSession).not.toHaveBeenCalled();
    await apiFetch('https://abcd.supabase.co/functions/v1/api/v1/me', {
      headers: { Authorization: 'Bearer token' },
    });
    await vi.waitFor(() => expect(auth.getUser).toHaveBeenCalledTimes(1));
    vi.unstubAllGlobals();
  });
});

describe('signOutHere (a sign-out this tab asked for)', () => {
  it('is not an ended session while it runs, and the next sign-out is', async () => {
    vi.useFakeTimers();
    let during: boolean | null = null;
    auth.signOut.mockImplementation(async () => {
      during = signOutWasUnexpected();
      return { error: null };
    });
    await signOutHere();
    expect(during).toBe(false);
    expect(auth.signOut).toHaveBeenCalledWith({ scope: 'local' });
    vi.runAllTimers();
    expect(signOutWasUnexpected()).toBe(true);
    vi.useRealTimers();
  });

  it('forgets the session on this device when the server cannot be told (offline)', async () => {
    auth.signOut.mockResolvedValueOnce({ error: offline });
    await signOutHere();
    expect(auth._removeSession).toHaveBeenCalledTimes(1);
  });

  it('does not forget it twice when the server answered', async () => {
    await signOutHere();
    expect(auth._removeSession).not.toHaveBeenCalled();
  });
});
