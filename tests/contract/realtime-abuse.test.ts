/**
 * Realtime under abuse, on the local host: a client with only the public anon key cannot make the
 * host keep more than a bounded amount per socket and per address (channels, joins per second,
 * filter and topic length, frame size, event rate, sockets per address), is answered with Phoenix
 * error replies or a closed socket, and what it held is released when its sockets close. During
 * the attack a member still gets their own check-in over realtime.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Host } from '../../server/host.ts';
import { REALTIME_LIMITS } from '../../server/realtime.ts';
import { DEMO_EVENTS, DEMO_PASSWORD, DEMO_REGISTRATIONS, DEMO_USERS } from '../../server/seed/demo.ts';
import { client, startHost } from './helpers.ts';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

type Frame = [string | null, string | null, string, string, Record<string, unknown>];

function open(host: Host): Promise<{ ws: WebSocket; frames: Frame[]; closed: Promise<number> }> {
  const url = `${host.url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${host.anonKey}&vsn=2.0.0`;
  const ws = new WebSocket(url);
  const frames: Frame[] = [];
  ws.on('message', (data) => frames.push(JSON.parse(data.toString()) as Frame));
  const closed = new Promise<number>((ok) => ws.on('close', (code) => ok(code)));
  return new Promise((ok, fail) => {
    ws.once('open', () => ok({ ws, frames, closed }));
    ws.once('unexpected-response', (_req, res) => fail(new Error(`HTTP ${res.statusCode}`)));
    ws.once('error', fail);
  });
}

const join = (topic: string, filter?: string): string =>
  JSON.stringify([
    topic,
    topic,
    topic,
    'phx_join',
    {
      config: {
        broadcast: { ack: false, self: false },
        presence: { key: '' },
        postgres_changes: [
          { event: 'INSERT', schema: 'public', table: 'checkins', ...(filter ? { filter } : {}) },
        ],
        private: false,
      },
    },
  ]);

const replies = (frames: Frame[]) => frames.filter((f) => f[3] === 'phx_reply');
const statusOf = (f: Frame) => (f[4] as { status: string }).status;
const reasonOf = (f: Frame) => (f[4] as { response: { reason?: string } }).response.reason;

const until = async (check: () => boolean, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('realtime limits, each answered as Supabase Realtime does', () => {
  let host: Host;
  beforeAll(async () => {
    // joins and events per second raised so the channel cap is reached at once
    host = await startHost({ realtimeLimits: { joinsPerSecond: 1000, eventsPerSecond: 1000 } });
  }, 120_000);
  afterAll(() => host?.close());

  it('100 channels per socket, then a Phoenix error reply; a rejoin of a held topic still works', async () => {
    const s = await open(host);
    for (let i = 0; i < 130; i++) s.ws.send(join(`realtime:c${i}`));
    await until(() => replies(s.frames).length === 130);
    const all = replies(s.frames);
    expect(all.filter((f) => statusOf(f) === 'ok')).toHaveLength(100);
    const refused = all.filter((f) => statusOf(f) === 'error');
    expect(refused).toHaveLength(30);
    expect(new Set(refused.map(reasonOf))).toEqual(new Set(['ChannelRateLimitReached: Too many channels']));
    s.ws.send(join('realtime:c5'));
    await until(() => replies(s.frames).length === 131);
    expect(statusOf(replies(s.frames)[130]!)).toBe('ok');
    expect(host.realtime.stats().channels).toBe(100);
    s.ws.close();
    await s.closed;
    await until(() => host.realtime.stats().channels === 0);
  });

  it('a filter over 512 characters, a long topic or too many bindings are refused and nothing is kept', async () => {
    const s = await open(host);
    s.ws.send(join('realtime:long', `user_id=eq.${'x'.repeat(600)}`));
    s.ws.send(join(`realtime:${'t'.repeat(300)}`));
    s.ws.send(
      JSON.stringify([
        '1',
        '1',
        'realtime:many',
        'phx_join',
        { config: { postgres_changes: Array.from({ length: 6 }, () => ({ event: '*', schema: 'public' })) } },
      ]),
    );
    await until(() => replies(s.frames).length === 3);
    expect(replies(s.frames).map((f) => [statusOf(f), reasonOf(f)])).toEqual([
      ['error', 'Filter too long'],
      ['error', 'Topic too long'],
      ['error', 'Too many postgres_changes in one join'],
    ]);
    expect(host.realtime.stats().channels).toBe(0);
    s.ws.close();
  });

  it('a frame over 32 KB closes the socket (1009)', async () => {
    const s = await open(host);
    s.ws.send(join('realtime:big', `user_id=eq.${'x'.repeat(40 * 1024)}`));
    expect(await s.closed).toBe(1009);
    expect(host.realtime.stats().channels).toBe(0);
  });

  it(`at most ${REALTIME_LIMITS.socketsPerAddress} sockets per client address (HTTP 429), freed on close`, async () => {
    const held = [];
    for (let i = 0; i < REALTIME_LIMITS.socketsPerAddress; i++) held.push(await open(host));
    await expect(open(host)).rejects.toThrow('HTTP 429');
    held[0]!.ws.close();
    await held[0]!.closed;
    await until(() => host.realtime.connections === REALTIME_LIMITS.socketsPerAddress - 1);
    const again = await open(host);
    again.ws.close();
    for (const s of held.slice(1)) s.ws.close();
    await until(() => host.realtime.stats().addresses === 0);
  });
});

describe('default limits: joins and events per second', () => {
  let host: Host;
  beforeAll(async () => {
    host = await startHost();
  }, 120_000);
  afterAll(() => host?.close());

  it('a burst of joins gets ClientJoinRateLimitReached past 10 a second', async () => {
    const s = await open(host);
    for (let i = 0; i < 25; i++) s.ws.send(join(`realtime:j${i}`));
    await until(() => replies(s.frames).length === 25);
    const ok = replies(s.frames).filter((f) => statusOf(f) === 'ok').length;
    // one second window, or two if the burst straddles a second
    expect(ok).toBeGreaterThanOrEqual(10);
    expect(ok).toBeLessThanOrEqual(20);
    expect(reasonOf(replies(s.frames).find((f) => statusOf(f) === 'error')!)).toBe(
      'ClientJoinRateLimitReached: Too many joins per second',
    );
    s.ws.close();
  });

  it('more than 100 frames a second closes the socket (1008)', async () => {
    const s = await open(host);
    const heartbeat = JSON.stringify([null, '1', 'phoenix', 'heartbeat', {}]);
    for (let i = 0; i < 150; i++) s.ws.send(heartbeat);
    expect(await s.closed).toBe(1008);
  });
});

describe('a client trying thousands of joins', () => {
  let host: Host;
  const clients: SupabaseClient[] = [];
  beforeAll(async () => {
    host = await startHost({ seed: true });
  }, 120_000);
  afterAll(async () => {
    for (const c of clients) await c.removeAllChannels();
    await host?.close();
  });

  /** Heap the host's process keeps (after a full collection), in MB. */
  const heapMb = () => {
    gc();
    return process.memoryUsage().heapUsed / 2 ** 20;
  };

  it('keeps the heap within 24 MB of where it started, and the member still gets their check-in', async () => {
    // the member, subscribed to their own check-ins before the attack
    const member = client(host);
    clients.push(member);
    const { data } = await member.auth.signInWithPassword({
      email: DEMO_USERS.membro.email,
      password: DEMO_PASSWORD,
    });
    const got: unknown[] = [];
    await new Promise<void>((ok, fail) => {
      member
        .channel('mine')
        .on(
          'postgres_changes',
          { event: 'INSERT', schema: 'public', table: 'checkins', filter: `user_id=eq.${data.user!.id}` },
          (p) => got.push(p),
        )
        .subscribe((status, err) => (status === 'SUBSCRIBED' ? ok() : status !== 'CLOSED' && fail(err)));
    });
    const before = heapMb();
    let peak = 0;
    let channelsPeak = 0;

    // the attacker: waves of as many sockets as it can open, each bursting 100 joins on new topics
    // with 8 KB filters (under the frame cap): without limits the host kept every one of them
    const filter = `user_id=eq.${'f'.repeat(8 * 1024)}`;
    let attempts = 0;
    let refusedSockets = 0;
    const attack = (async () => {
      for (let wave = 0; wave < 4; wave++) {
        const sockets = await Promise.all(
          Array.from({ length: 40 }, () =>
            open(host).catch(() => {
              refusedSockets += 1;
              return null;
            }),
          ),
        );
        for (const s of sockets) {
          if (!s) continue;
          for (let i = 0; i < 100; i++) {
            s.ws.send(join(`realtime:w${wave}-${attempts}`, filter));
            attempts += 1;
          }
        }
        // every join answered (or the socket closed) before the host's heap is weighed
        const answered = (s: NonNullable<(typeof sockets)[number]>) =>
          s.ws.readyState !== WebSocket.OPEN || replies(s.frames).length >= 100;
        await until(() => sockets.every((s) => !s || answered(s)), 60_000);
        channelsPeak = Math.max(channelsPeak, host.realtime.stats().channels);
        peak = Math.max(peak, heapMb());
        for (const s of sockets) s?.ws.terminate();
        await until(() => host.realtime.connections === 1);
      }
    })();

    // meanwhile the door admits the member
    await sleep(200);
    const staff = client(host);
    const staffSession = await staff.auth.signInWithPassword({
      email: DEMO_USERS.voluntario.email,
      password: DEMO_PASSWORD,
    });
    expect(staffSession.error).toBeNull();
    const res = await fetch(`${host.url}/functions/v1/api/v1/admin/checkin`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${staffSession.data.session!.access_token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        scanned: `checkin:${DEMO_REGISTRATIONS.membroHappeningNow.id}`,
        device: 'Porta 1',
        eventId: DEMO_EVENTS.happeningNow.id,
      }),
    });
    expect(res.status).toBe(200);
    await until(() => got.length === 1);
    await attack;

    expect(attempts).toBeGreaterThanOrEqual(3000);
    expect(refusedSockets).toBeGreaterThan(0); // the per-address cap held
    expect(channelsPeak).toBeLessThanOrEqual(REALTIME_LIMITS.socketsPerAddress * 10);
    expect(peak - before).toBeLessThan(24);
    // everything the attacker held is gone once its sockets are
    expect(host.realtime.stats()).toMatchObject({ sockets: 1, channels: 1, addresses: 1 });
    expect(heapMb() - before).toBeLessThan(8);
  }, 120_000);
});
