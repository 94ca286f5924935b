/**
 * Realtime checks the session as the API does: a token whose auth session ended (sign-out, a staff
 * password reset, a deleted account) cannot join, and channels joined with it are closed once the
 * session ends, instead of living until the token expires.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Host } from '../../server/host.ts';
import { adminClient, client, newEmail, startHost } from './helpers.ts';

type Frame = [string | null, string | null, string, string, Record<string, unknown>];

async function open(host: Host) {
  const url = `${host.url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${host.anonKey}&vsn=2.0.0`;
  const ws = new WebSocket(url);
  const frames: Frame[] = [];
  ws.on('message', (data) => frames.push(JSON.parse(data.toString()) as Frame));
  await new Promise((ok, fail) => {
    ws.once('open', ok);
    ws.once('error', fail);
  });
  return { ws, frames };
}

const join = (topic: string, token: string) =>
  JSON.stringify([
    topic,
    topic,
    topic,
    'phx_join',
    {
      access_token: token,
      config: { postgres_changes: [{ event: 'INSERT', schema: 'public', table: 'checkins' }] },
    },
  ]);

const until = async (check: () => boolean, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

const replyTo = (frames: Frame[], topic: string) =>
  frames.find((f) => f[2] === topic && f[3] === 'phx_reply') as Frame | undefined;
const statusOf = (f: Frame | undefined) => (f?.[4] as { status?: string } | undefined)?.status;

async function member(host: Host) {
  const email = newEmail('rt');
  const password = 'segredo-forte-1';
  const { data } = await adminClient(host).auth.admin.createUser({ email, password, email_confirm: true });
  const supabase = client(host);
  const { data: signedIn, error } = await supabase.auth.signInWithPassword({ email, password });
  expect(error).toBeNull();
  return { id: data.user!.id, token: signedIn.session!.access_token, supabase };
}

describe('realtime and ended sessions', () => {
  let host: Host;
  beforeAll(async () => {
    host = await startHost({ realtimeLimits: { sessionCheckMs: 200 } });
  }, 120_000);
  afterAll(() => host?.close());

  it('a signed-out token’s channels are closed, and it cannot join again', async () => {
    const m = await member(host);
    const s = await open(host);
    try {
      s.ws.send(join('realtime:mine', m.token));
      await until(() => replyTo(s.frames, 'realtime:mine') !== undefined);
      expect(statusOf(replyTo(s.frames, 'realtime:mine'))).toBe('ok');
      expect(host.realtime.stats().channels).toBe(1);

      await m.supabase.auth.signOut();
      await until(() => s.frames.some((f) => f[2] === 'realtime:mine' && f[3] === 'phx_close'));
      expect(host.realtime.stats().channels).toBe(0);

      s.ws.send(join('realtime:again', m.token));
      await until(() => replyTo(s.frames, 'realtime:again') !== undefined);
      const refused = replyTo(s.frames, 'realtime:again')!;
      expect(statusOf(refused)).toBe('error');
      expect((refused[4] as { response: { reason: string } }).response.reason).toBe('Invalid JWT');
      expect(host.realtime.stats().channels).toBe(0);
    } finally {
      s.ws.close();
    }
  });

  it('a deleted account’s token cannot join', async () => {
    const m = await member(host);
    const { error } = await adminClient(host).auth.admin.deleteUser(m.id, true);
    expect(error).toBeNull();
    const s = await open(host);
    try {
      s.ws.send(join('realtime:deleted', m.token));
      await until(() => replyTo(s.frames, 'realtime:deleted') !== undefined);
      expect(statusOf(replyTo(s.frames, 'realtime:deleted'))).toBe('error');
      expect(host.realtime.stats().channels).toBe(0);
    } finally {
      s.ws.close();
    }
  });
});
