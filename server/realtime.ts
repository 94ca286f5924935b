/**
 * The subset of Supabase Realtime the app uses, on the local host: `/realtime/v1/websocket` with the
 * Phoenix channel protocol as realtime-js speaks it (vsn 1.0.0 JSON objects, 2.0.0 JSON arrays),
 * `postgres_changes` subscriptions with filters, heartbeats and access-token updates
 * (contract-tested with the real client: tests/contract/realtime.test.ts). Changes come from Postgres with LISTEN on
 * 'realtime_changes' (a trigger's pg_notify: supabase/migrations/*_checkins_realtime_notify.sql) and
 * are delivered only to subscribers whose verified token may select the row, as the table's RLS
 * policy says (ROW_ACCESS below mirrors it).
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { JWTPayload } from 'jose';
import { type WebSocket, WebSocketServer } from 'ws';
import { clientIp, type TrustProxy } from './auth/client-ip.ts';
import type { Database } from './db.ts';
import { ANON_KEY, type Keys } from './keys.ts';

export const REALTIME_PATH = '/realtime/v1/websocket';
const NOTIFY_CHANNEL = 'realtime_changes';

type Claims = JWTPayload & { role?: string };
type Row = Record<string, unknown>;

/**
 * Who may see which row, per table: the select policies of the tables in the publication. A rule
 * answers at once, or names the policy's SQL (`sql`, the row's values as `params`), which runs as
 * the subscriber (auth.uid() = their id) in a transaction of its own. A table not listed is delivered
 * to the service role only.
 */
type Access = (row: Row, claims: Claims) => boolean | { sql: string; params: unknown[] };
const ROW_ACCESS: Record<string, Access> = {
  // checkins_own_read: user_id = auth.uid(); checkins_watch_read: staff with checkin or reports,
  // the leader of the person's caravan (supabase/migrations/*_live_attendance.sql)
  'public.checkins': (row, claims) =>
    claims.role === 'authenticated' &&
    (row.user_id === claims.sub || {
      sql: 'select public.watches_attendance() or public.leads_registration($1::uuid) as ok',
      params: [row.registration_id],
    }),
  // checkin_conflicts_watch_read: staff with checkin or reports
  'public.checkin_conflicts': (_row, claims) =>
    claims.role === 'authenticated' && { sql: 'select public.watches_attendance() as ok', params: [] },
};

interface Binding {
  event: string;
  schema: string;
  table?: string;
  filter?: string;
  id: number;
}

interface Channel {
  topic: string;
  joinRef: string | null;
  bindings: Binding[];
  claims: Claims;
}

interface SocketState {
  vsn: string;
  channels: Map<string, Channel>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The auth session a user token names, or null (the anon key, the service role). */
function sessionOf(claims: Claims): string | null {
  const id = (claims as { session_id?: unknown }).session_id;
  return typeof id === 'string' && id ? id : null;
}

interface Change {
  schema: string;
  table: string;
  type: 'INSERT' | 'UPDATE' | 'DELETE';
  commit_timestamp: string;
  record: Row;
}

type Message = { joinRef: string | null; ref: string | null; topic: string; event: string; payload: Row };

function decode(vsn: string, text: string): Message | null {
  try {
    const data: unknown = JSON.parse(text);
    if (vsn === '2.0.0') {
      if (!Array.isArray(data) || data.length !== 5) return null;
      const [joinRef, ref, topic, event, payload] = data;
      return { joinRef, ref, topic, event, payload: payload ?? {} };
    }
    const o = data as Record<string, unknown>;
    return {
      joinRef: (o.join_ref as string) ?? null,
      ref: (o.ref as string) ?? null,
      topic: String(o.topic),
      event: String(o.event),
      payload: (o.payload as Row) ?? {},
    };
  } catch {
    return null;
  }
}

function encode(vsn: string, m: Message): string {
  if (vsn === '2.0.0') return JSON.stringify([m.joinRef, m.ref, m.topic, m.event, m.payload]);
  return JSON.stringify({
    topic: m.topic,
    event: m.event,
    payload: m.payload,
    ref: m.ref,
    join_ref: m.joinRef,
  });
}

/** The id the server gives a binding: a stable 31-bit hash of its params (clients match by position). */
function bindingId(b: Omit<Binding, 'id'>): number {
  const text = JSON.stringify([b.event, b.schema, b.table ?? '', b.filter ?? '']);
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 1 || 1;
}

const OPS: Record<string, (a: string, b: string) => boolean> = {
  eq: (a, b) => a === b,
  neq: (a, b) => a !== b,
  lt: (a, b) => compare(a, b) < 0,
  lte: (a, b) => compare(a, b) <= 0,
  gt: (a, b) => compare(a, b) > 0,
  gte: (a, b) => compare(a, b) >= 0,
  in: (a, b) =>
    b
      .replace(/^\(|\)$/g, '')
      .split(',')
      .map((x) => x.trim().replace(/^"|"$/g, ''))
      .includes(a),
};

function compare(a: string, b: string): number {
  const x = Number(a);
  const y = Number(b);
  if (a !== '' && b !== '' && !Number.isNaN(x) && !Number.isNaN(y)) return x - y;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** `column=op.value`, or null when it is not a filter the server supports. */
function parseFilter(filter: string): { column: string; op: string; value: string } | null {
  const m = /^([A-Za-z_][A-Za-z0-9_]*)=(eq|neq|lt|lte|gt|gte|in)\.(.*)$/s.exec(filter);
  return m ? { column: m[1]!, op: m[2]!, value: m[3]! } : null;
}

function matches(b: Binding, c: Change): boolean {
  if (b.event !== '*' && b.event !== c.type) return false;
  if (b.schema !== '*' && b.schema !== c.schema) return false;
  if (b.table && b.table !== '*' && b.table !== c.table) return false;
  if (b.filter) {
    const f = parseFilter(b.filter);
    const value = c.record[f?.column ?? ''];
    if (!f || value === undefined || value === null) return false;
    return OPS[f.op]!(String(value), f.value);
  }
  return true;
}

/**
 * What one socket and one client address may hold, after Supabase Realtime's defaults (100 channels
 * per client, joins and events per second, bounded messages). With these, what realtime keeps for
 * one client address is bounded: sockets × channels × (topic + bindings × filter) ≈ 32 × 100 ×
 * (256 + 5 × 512) characters, about 9 MB at worst, and it is all released when the sockets close.
 */
export interface RealtimeLimits {
  channelsPerSocket: number;
  joinsPerSecond: number;
  /** Every frame counts; past it the socket is closed (1008). */
  eventsPerSecond: number;
  bindingsPerJoin: number;
  filterLength: number;
  topicLength: number;
  /** A larger frame closes the socket (1009). */
  messageBytes: number;
  /** Open (and opening) sockets per client address; more get HTTP 429 at the upgrade. */
  socketsPerAddress: number;
  /** How often channels are checked for a session that ended (their rows stop at once regardless). */
  sessionCheckMs: number;
}

export const REALTIME_LIMITS: RealtimeLimits = {
  channelsPerSocket: 100,
  joinsPerSecond: 10,
  eventsPerSecond: 100,
  bindingsPerJoin: 5,
  filterLength: 512,
  topicLength: 256,
  messageBytes: 32 * 1024,
  socketsPerAddress: 32,
  sessionCheckMs: 5_000,
};

export interface Realtime {
  /** Connected sockets (for tests). */
  readonly connections: number;
  /** Channels joined over all sockets, and the characters their topics and filters keep (for tests). */
  stats(): { sockets: number; channels: number; retainedChars: number; addresses: number };
  close(): Promise<void>;
}

/** Counts events in the current one-second window. */
class PerSecond {
  private second = 0;
  private n = 0;
  constructor(private readonly max: number) {}
  take(now = Date.now()): boolean {
    const second = Math.floor(now / 1000);
    if (second !== this.second) {
      this.second = second;
      this.n = 0;
    }
    this.n += 1;
    return this.n <= this.max;
  }
}

/**
 * Serves realtime on `httpServer`'s upgrades to REALTIME_PATH, fed by LISTEN on the database.
 * Column types of each table are read once from the catalog (the payload's `columns`).
 */
export async function attachRealtime(opts: {
  httpServer: Server;
  database: Database;
  keys: Keys;
  log?: (line: string) => void;
  /** Which peers' X-Forwarded-For names the client (TRUST_PROXY, see auth/client-ip.ts). */
  trustProxy?: TrustProxy;
  limits?: Partial<RealtimeLimits>;
}): Promise<Realtime> {
  const { httpServer, database, keys } = opts;
  const limits = { ...REALTIME_LIMITS, ...opts.limits };
  const wss = new WebSocketServer({ noServer: true, maxPayload: limits.messageBytes });
  const sockets = new Map<WebSocket, SocketState>();
  /** Open or opening sockets per client address; an address leaves the map with its last socket. */
  const perAddress = new Map<string, number>();
  const release = (address: string) => {
    const n = (perAddress.get(address) ?? 1) - 1;
    if (n > 0) perAddress.set(address, n);
    else perAddress.delete(address);
  };
  const columnCache = new Map<string, Promise<{ name: string; type: string }[]>>();

  const columnsOf = (schema: string, table: string) => {
    const key = `${schema}.${table}`;
    let cols = columnCache.get(key);
    if (!cols) {
      cols = database.db.query<{ name: string; type: string }>(
        `select a.attname as name, t.typname as type
           from pg_attribute a join pg_type t on t.oid = a.atttypid
          where a.attrelid = ($1 || '.' || $2)::regclass and a.attnum > 0 and not a.attisdropped
          order by a.attnum`,
        [schema, table],
      );
      columnCache.set(key, cols);
    }
    return cols;
  };

  /**
   * The sessions among `ids` that still exist. A token names its auth session (`session_id`);
   * signing out, a staff password reset and deleting the account delete it, so a token whose session
   * is gone is refused here at once, as the API refuses it (functions/api/middleware/auth.ts),
   * instead of living until it expires.
   */
  async function liveSessions(ids: string[]): Promise<Set<string>> {
    const valid = ids.filter((id) => UUID.test(id));
    if (valid.length === 0) return new Set();
    const rows = await database.db.query<{ id: string }>(
      'select id::text as id from auth.sessions where id = any($1::uuid[])',
      [valid],
    );
    return new Set(rows.map((r) => r.id));
  }

  async function verify(token: unknown): Promise<Claims | null> {
    if (typeof token !== 'string' || !token) return null;
    if (token === ANON_KEY) return { role: 'anon' };
    let claims: Claims;
    try {
      claims = (await keys.verify(token)) as Claims;
    } catch {
      return null;
    }
    if (typeof claims.role !== 'string') return null;
    const session = sessionOf(claims);
    if (session !== null && !(await liveSessions([session])).has(session)) return null;
    return claims;
  }

  /** Closes every channel whose token's session ended (sign-out elsewhere, reset, deleted account). */
  async function closeEnded(): Promise<void> {
    const named = new Set<string>();
    for (const state of sockets.values()) {
      for (const channel of state.channels.values()) {
        const session = sessionOf(channel.claims);
        if (session) named.add(session);
      }
    }
    if (named.size === 0) return;
    const live = await liveSessions([...named]);
    for (const [ws, state] of sockets) {
      for (const channel of [...state.channels.values()]) {
        const session = sessionOf(channel.claims);
        if (session !== null && !live.has(session)) closeChannel(ws, state, channel, 'Session ended');
      }
    }
  }

  const unlisten = await database.listen(NOTIFY_CHANNEL, (text) => {
    let change: Change;
    try {
      change = JSON.parse(text) as Change;
    } catch {
      return;
    }
    void deliver(change);
  });

  /** Whether `claims` may read the row, as its table's select policy says (ROW_ACCESS). */
  async function mayRead(claims: Claims, c: Change): Promise<boolean> {
    if (typeof claims.exp === 'number' && claims.exp * 1000 < Date.now()) return false;
    if (claims.role === 'service_role') return true;
    const rule = ROW_ACCESS[`${c.schema}.${c.table}`];
    const answer = rule ? rule(c.record, claims) : false;
    if (typeof answer === 'boolean') return answer;
    if (typeof claims.sub !== 'string' || !UUID.test(claims.sub)) return false;
    const sub = claims.sub;
    return database.db
      .transaction(async (tx) => {
        await tx.query("select set_config('request.jwt.claim.sub', $1, true)", [sub]);
        const [row] = await tx.query<{ ok: boolean }>(answer.sql, answer.params);
        return row?.ok === true;
      })
      .catch(() => false);
  }

  async function deliver(change: Change) {
    // a row never reaches a channel whose session ended since it joined
    await closeEnded().catch(() => {});
    const columns = await columnsOf(change.schema, change.table).catch(() => []);
    for (const [ws, state] of sockets) {
      for (const channel of state.channels.values()) {
        const ids = channel.bindings.filter((b) => matches(b, change)).map((b) => b.id);
        if (ids.length === 0 || !(await mayRead(channel.claims, change))) continue;
        const data = {
          schema: change.schema,
          table: change.table,
          commit_timestamp: change.commit_timestamp,
          type: change.type,
          columns,
          record: change.type === 'DELETE' ? {} : change.record,
          errors: null,
        };
        ws.send(
          encode(state.vsn, {
            joinRef: channel.joinRef,
            ref: null,
            topic: channel.topic,
            event: 'postgres_changes',
            payload: { ids, data },
          }),
        );
      }
    }
  }

  /** Tells the client its channel is over (as Supabase Realtime does for a bad token) and forgets it. */
  function closeChannel(ws: WebSocket, state: SocketState, channel: Channel, message: string) {
    state.channels.delete(channel.topic);
    if (ws.readyState !== ws.OPEN) return;
    const base = { joinRef: channel.joinRef, ref: null, topic: channel.topic };
    ws.send(
      encode(state.vsn, {
        ...base,
        event: 'system',
        payload: { extension: 'system', status: 'error', message, channel: channel.topic },
      }),
    );
    ws.send(encode(state.vsn, { ...base, event: 'phx_close', payload: {} }));
  }

  // sessions end without a word to realtime: look every few seconds, close what they held
  const sessionSweep = setInterval(() => void closeEnded().catch(() => {}), limits.sessionCheckMs);
  sessionSweep.unref();

  function onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== REALTIME_PATH) return; // not ours: another upgrade handler may take it
    const apikey = url.searchParams.get('apikey');
    const vsn = url.searchParams.get('vsn') ?? '1.0.0';
    const forwarded = req.headers['x-forwarded-for'];
    const address = clientIp(
      req.socket.remoteAddress ?? '',
      Array.isArray(forwarded) ? forwarded.join(',') : forwarded,
      opts.trustProxy ?? false,
    );
    if ((perAddress.get(address) ?? 0) >= limits.socketsPerAddress) {
      socket.end('HTTP/1.1 429 Too Many Requests\r\nRetry-After: 10\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    perAddress.set(address, (perAddress.get(address) ?? 0) + 1);
    let served = false;
    void (async () => {
      try {
        const allowed = vsn === '1.0.0' || vsn === '2.0.0';
        if (!allowed || !(await verify(apikey))) {
          socket.end(`HTTP/1.1 ${allowed ? 401 : 400} ${allowed ? 'Unauthorized' : 'Bad Request'}\r\n\r\n`);
          return;
        }
        wss.handleUpgrade(req, socket, head, (ws) => {
          served = true;
          serve(ws, vsn, address);
        });
      } finally {
        if (!served) release(address);
      }
    })();
  }

  function serve(ws: WebSocket, vsn: string, address: string) {
    const state: SocketState = { vsn, channels: new Map<string, Channel>() };
    sockets.set(ws, state);
    const joins = new PerSecond(limits.joinsPerSecond);
    const events = new PerSecond(limits.eventsPerSecond);
    /** Joins whose token is being verified: they count against the channel limit already. */
    let joining = 0;
    const send = (m: Message) => {
      if (ws.readyState === ws.OPEN) ws.send(encode(vsn, m));
    };
    const reply = (m: Message, status: 'ok' | 'error', response: Row) =>
      send({
        joinRef: m.joinRef,
        ref: m.ref,
        topic: m.topic,
        event: 'phx_reply',
        payload: { status, response },
      });

    // a frame over the size limit (ws closes with 1009) or a broken socket: never an uncaught error
    ws.on('error', () => ws.terminate());
    ws.on('close', () => {
      sockets.delete(ws);
      state.channels.clear();
      release(address);
    });
    ws.on('message', (raw, isBinary) => {
      if (!events.take()) {
        // as Supabase Realtime does with a client over its event rate: the socket goes
        ws.close(1008, 'ClientMessageRateLimitReached');
        return;
      }
      if (isBinary) return; // binary frames are user broadcasts: not served here
      const m = decode(vsn, raw.toString());
      if (!m) return;
      void handle(m);
    });

    /** The join's bindings, or the reason it is refused; checked before anything is kept. */
    function bindingsOf(m: Message): Binding[] | string {
      if (typeof m.topic !== 'string' || m.topic.length > limits.topicLength) return 'Topic too long';
      if (!state.channels.has(m.topic) && state.channels.size + joining >= limits.channelsPerSocket) {
        return 'ChannelRateLimitReached: Too many channels';
      }
      if (!joins.take()) return 'ClientJoinRateLimitReached: Too many joins per second';
      const config = (m.payload?.config ?? {}) as { postgres_changes?: unknown };
      const requested = Array.isArray(config.postgres_changes) ? config.postgres_changes : [];
      if (requested.length > limits.bindingsPerJoin) return 'Too many postgres_changes in one join';
      const bindings: Binding[] = [];
      for (const r of requested as Row[]) {
        const b = {
          event: String(r?.event ?? '*').slice(0, 16),
          schema: String(r?.schema ?? 'public').slice(0, 63),
          ...(r?.table !== undefined ? { table: String(r.table).slice(0, 63) } : {}),
          ...(r?.filter !== undefined ? { filter: String(r.filter) } : {}),
        };
        if (b.filter && b.filter.length > limits.filterLength) return 'Filter too long';
        if (b.filter && !parseFilter(b.filter)) return `Invalid filter: ${b.filter}`;
        bindings.push({ ...b, id: bindingId(b) });
      }
      return bindings;
    }

    async function handle(m: Message) {
      if (m.topic === 'phoenix' && m.event === 'heartbeat') return reply(m, 'ok', {});
      if (m.event === 'phx_join') {
        const bindings = bindingsOf(m);
        if (typeof bindings === 'string') return reply(m, 'error', { reason: bindings });
        joining += 1;
        let claims: Claims | null;
        try {
          claims = await verify(m.payload.access_token ?? ANON_KEY);
        } finally {
          joining -= 1;
        }
        if (!claims) return reply(m, 'error', { reason: 'Invalid JWT' });
        if (ws.readyState !== ws.OPEN) return; // closed while the token was checked: keep nothing
        state.channels.set(m.topic, { topic: m.topic, joinRef: m.joinRef ?? m.ref, bindings, claims });
        reply(m, 'ok', bindings.length ? { postgres_changes: bindings } : {});
        if (bindings.length) {
          send({
            joinRef: m.joinRef ?? m.ref,
            ref: null,
            topic: m.topic,
            event: 'system',
            payload: {
              extension: 'postgres_changes',
              status: 'ok',
              message: 'Subscribed to PostgreSQL',
              channel: m.topic.replace(/^realtime:/, ''),
            },
          });
        }
        return;
      }
      const channel = state.channels.get(m.topic);
      if (m.event === 'access_token') {
        if (!channel) return;
        const claims = await verify(m.payload.access_token);
        if (claims) {
          channel.claims = claims;
          return;
        }
        // a token that no longer verifies closes the channel (as Supabase Realtime does)
        closeChannel(ws, state, channel, 'Invalid JWT');
        return;
      }
      if (m.event === 'phx_leave') {
        state.channels.delete(m.topic);
        return reply(m, 'ok', {});
      }
      // broadcast / presence are not used by the app: acknowledged, not relayed
      if (m.ref) reply(m, 'ok', {});
    }
  }

  httpServer.on('upgrade', onUpgrade);
  opts.log?.(`realtime: ${REALTIME_PATH}`);
  return {
    get connections() {
      return sockets.size;
    },
    stats() {
      let channels = 0;
      let retainedChars = 0;
      for (const state of sockets.values()) {
        for (const channel of state.channels.values()) {
          channels += 1;
          retainedChars += channel.topic.length;
          for (const b of channel.bindings) retainedChars += (b.filter?.length ?? 0) + (b.table?.length ?? 0);
        }
      }
      return { sockets: sockets.size, channels, retainedChars, addresses: perAddress.size };
    },
    async close() {
      clearInterval(sessionSweep);
      httpServer.off('upgrade', onUpgrade);
      for (const ws of sockets.keys()) ws.terminate();
      sockets.clear();
      await new Promise<void>((ok) => wss.close(() => ok()));
      await unlisten();
    },
  };
}
