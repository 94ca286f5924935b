/**
 * Realtime on the local host, with the real supabase-js client: a member subscribed to inserts on
 * `checkins` gets their own check-in the moment a door makes it, and nobody else's (RLS
 * checkins_own_read), over both protocol versions; heartbeats, token updates and bad tokens on a raw
 * socket.
 */
import type { RealtimePostgresInsertPayload, SupabaseClient } from '@supabase/supabase-js';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Host } from '../../server/host.ts';
import { DEMO_ATTENDEES } from '../../server/seed/checkin.ts';
import { DEMO_EVENTS, DEMO_PASSWORD, DEMO_REGISTRATIONS, DEMO_USERS } from '../../server/seed/demo.ts';
import { startHost } from './helpers.ts';

let host: Host;
const clients: SupabaseClient[] = [];
beforeAll(async () => {
  host = await startHost({ seed: true });
}, 120_000);
afterAll(async () => {
  for (const c of clients) await c.removeAllChannels();
  await host?.close();
});

function connect(vsn: '1.0.0' | '2.0.0'): SupabaseClient {
  const c = createClient(host.url, host.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never, vsn } as never,
  });
  clients.push(c);
  return c;
}

async function signedIn(vsn: '1.0.0' | '2.0.0', email: string) {
  const c = connect(vsn);
  const { data, error } = await c.auth.signInWithPassword({ email, password: DEMO_PASSWORD });
  if (error) throw error;
  return { c, token: data.session!.access_token, userId: data.user!.id };
}

/** Subscribes to check-in inserts (optionally filtered) and collects them. */
async function watch(c: SupabaseClient, name: string, filter?: string) {
  const got: RealtimePostgresInsertPayload<Record<string, unknown>>[] = [];
  await new Promise<void>((ok, fail) => {
    c.channel(name)
      .on(
        'postgres_changes',
        { event: 'INSERT', schema: 'public', table: 'checkins', ...(filter ? { filter } : {}) },
        (p) => got.push(p as RealtimePostgresInsertPayload<Record<string, unknown>>),
      )
      .subscribe((status, err) => {
        if (status === 'SUBSCRIBED') ok();
        else if (status !== 'CLOSED') fail(err ?? new Error(status));
      });
  });
  return got;
}

async function checkIn(registrationId: string) {
  const staff = connect('2.0.0');
  const { data } = await staff.auth.signInWithPassword({
    email: DEMO_USERS.voluntario.email,
    password: DEMO_PASSWORD,
  });
  const res = await fetch(`${host.url}/functions/v1/api/v1/admin/checkin`, {
    method: 'POST',
    headers: { authorization: `Bearer ${data.session!.access_token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      scanned: `checkin:${registrationId}`,
      device: 'Porta 1',
      eventId: DEMO_EVENTS.happeningNow.id,
    }),
  });
  expect(res.status).toBe(200);
  return res.json();
}

const until = async (check: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe.each(['2.0.0', '1.0.0'] as const)('supabase-js realtime, vsn %s', (vsn) => {
  it("delivers the member's own check-in insert, and nobody else's", async () => {
    const member = await signedIn(vsn, DEMO_USERS.membro.email);
    expect(member.c.realtime.vsn).toBe(vsn);
    const mine = await watch(member.c, `mine-${vsn}`, `user_id=eq.${member.userId}`);
    const allMine = await watch(member.c, `all-${vsn}`);
    // secretaria@ holds neither checkin nor reports: another user to realtime
    const other = await signedIn(vsn, DEMO_USERS.secretaria.email);
    const others = await watch(other.c, `other-${vsn}`);
    // lider@ holds reports: staff who watch an event's arrivals (Presença ao vivo)
    const staff = await signedIn(vsn, DEMO_USERS.lider.email);
    const staffSees = await watch(staff.c, `staff-${vsn}`, `event_id=eq.${DEMO_EVENTS.happeningNow.id}`);
    const guest = connect(vsn);
    const guests = await watch(guest, `guest-${vsn}`);

    const attendee = DEMO_ATTENDEES[vsn === '2.0.0' ? 0 : 1]!;
    if (vsn === '2.0.0') {
      // the member's own check-in
      await checkIn(DEMO_REGISTRATIONS.membroHappeningNow.id);
      await until(() => mine.length === 1 && allMine.length === 1);
      expect(mine[0]).toMatchObject({
        eventType: 'INSERT',
        schema: 'public',
        table: 'checkins',
        new: {
          user_id: DEMO_USERS.membro.id,
          event_id: DEMO_EVENTS.happeningNow.id,
          registration_id: DEMO_REGISTRATIONS.membroHappeningNow.id,
          device: 'Porta 1',
        },
        errors: null,
      });
      expect(mine[0]!.commit_timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    }
    // someone else's check-in reaches staff who watch the event, but neither the member, nor another user, nor a guest
    await checkIn(attendee.registrationId);
    await until(() => staffSees.some((p) => p.new.registration_id === attendee.registrationId));
    await new Promise((r) => setTimeout(r, 400));
    expect(mine.length).toBe(vsn === '2.0.0' ? 1 : 0);
    expect(allMine.every((p) => p.new.user_id === DEMO_USERS.membro.id)).toBe(true);
    expect(others).toEqual([]);
    expect(guests).toEqual([]);
  });
});

describe('raw protocol', () => {
  const open = async (vsn: string, apikey = host.anonKey) => {
    const ws = new WebSocket(
      `${host.url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${apikey}&vsn=${vsn}`,
    );
    const inbox: unknown[] = [];
    ws.on('message', (d) => inbox.push(JSON.parse(d.toString())));
    await new Promise<void>((ok, fail) => {
      ws.once('open', () => ok());
      ws.once('error', fail);
      ws.once('unexpected-response', (_req, res) => fail(new Error(`HTTP ${res.statusCode}`)));
    });
    return { ws, inbox };
  };

  it('answers heartbeats in both framings', async () => {
    const v2 = await open('2.0.0');
    v2.ws.send(JSON.stringify([null, '1', 'phoenix', 'heartbeat', {}]));
    await until(() => v2.inbox.length === 1);
    expect(v2.inbox[0]).toEqual([null, '1', 'phoenix', 'phx_reply', { status: 'ok', response: {} }]);
    v2.ws.close();
    const v1 = await open('1.0.0');
    v1.ws.send(JSON.stringify({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: '7' }));
    await until(() => v1.inbox.length === 1);
    expect(v1.inbox[0]).toMatchObject({
      topic: 'phoenix',
      event: 'phx_reply',
      ref: '7',
      payload: { status: 'ok' },
    });
    v1.ws.close();
  });

  it('refuses a socket without a valid apikey', async () => {
    await expect(open('2.0.0', 'nope')).rejects.toThrow(/401/);
  });

  it('refuses a join with a bad token, and closes a channel whose new token does not verify', async () => {
    const { ws, inbox } = await open('2.0.0');
    const join = (ref: string, token: string) =>
      ws.send(
        JSON.stringify([
          ref,
          ref,
          'realtime:x',
          'phx_join',
          {
            config: { postgres_changes: [{ event: 'INSERT', schema: 'public', table: 'checkins' }] },
            access_token: token,
          },
        ]),
      );
    join('1', 'not-a-jwt');
    await until(() => inbox.length === 1);
    expect(inbox[0]).toMatchObject(['1', '1', 'realtime:x', 'phx_reply', { status: 'error' }]);
    const member = await signedIn('2.0.0', DEMO_USERS.membro.email);
    join('2', member.token);
    await until(() => inbox.length === 3);
    expect(inbox[1]).toMatchObject(['2', '2', 'realtime:x', 'phx_reply', { status: 'ok' }]);
    expect(inbox[2]).toMatchObject(['2', null, 'realtime:x', 'system', { status: 'ok' }]);
    ws.send(JSON.stringify(['2', '3', 'realtime:x', 'access_token', { access_token: member.token }]));
    ws.send(JSON.stringify(['2', '4', 'realtime:x', 'access_token', { access_token: 'expired.or.forged' }]));
    await until(() => inbox.length === 5);
    expect(inbox[3]).toMatchObject(['2', null, 'realtime:x', 'system', { status: 'error' }]);
    expect(inbox[4]).toMatchObject(['2', null, 'realtime:x', 'phx_close', {}]);
    ws.close();
  });
});
