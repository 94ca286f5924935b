/**
 * The door as one sync engine (React-free): `createDoor()` owns the door's state — the chosen event,
 * its roster on this device, the queue, the answers, whether the server answers (connection.ts) and
 * whether the door would work offline — and its sync: `sync()` = upload the queue, then download the
 * roster (none here yet) or pull what changed since the last one (every PULL_EVERY_MS), with its own
 * timers and backoff, the way pretix's SyncManager does. The screen renders it through one hook
 * (use-door.ts); tests drive it with a fake API and fake-indexeddb.
 *
 * When it syncs: at start, when the chosen event changes, after each admission, on 'Enviar agora',
 * when the server answers (again), on the browser's `online` event, on a Background Sync
 * wake-up relayed by the service worker, and on a timer: every 2 s while the browser says it has no
 * network (no request made), with a short backoff after a failed upload (2 s doubling to
 * RETRY_MAX_MS: a venue Wi-Fi with no way out still says online, so the queue leaves within seconds
 * of the connection returning), and when the next pull is due.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { parseGroupCode } from '../../domain/caravans.ts';
import {
  type CheckinConflict,
  type CheckinEvent,
  type CheckinSession,
  currentSession,
  outsideCheckinWindow,
  type RosterEntry,
} from '../../domain/checkin.ts';
import { checkinMessages } from '../../domain/messages/checkin.ts';
import { type CheckinIssue, type CongregaDb, db as defaultDb, liveQuery, type RosterMeta } from '../db.ts';
import { type DoorApi, downloadRoster, httpDoorApi, pullRoster } from './api.ts';
import { storeAppForOffline } from './app-offline.ts';
import { connection, type Reach, watchConnection } from './connection.ts';
import { upload } from './queue.ts';
import {
  checkInLocally,
  type DoorFeedback,
  doorDeviceName,
  keepDoorEvent,
  payCashLocally,
  previewCheckin,
  readDoorEvent,
  readIssues,
  rosterPagesIndex,
  setDoorDeviceName,
  type WalkInInput,
  walkInLocally,
} from './roster.ts';

/** Other doors' check-ins and new registrations are pulled this often while the server answers. */
export const PULL_EVERY_MS = 20_000;
/** Upload retries: the first wait, doubled after each failure up to RETRY_MAX_MS. */
export const RETRY_FIRST_MS = 2000;
export const RETRY_MAX_MS = 8000;
/** The app-offline check is repeated this often until the app is stored (the service worker installs). */
const APP_CHECK_MS = 2000;

/** The door's answer to the last code. */
export type DoorAnswer =
  | { kind: 'feedback'; feedback: DoorFeedback }
  /** a paid person outside the event's check-in window: admitted only once the volunteer confirms */
  | { kind: 'confirm'; raw: string; entry: RosterEntry }
  /** a caravan leader's QR: the group's list, admitted from there */
  | { kind: 'group'; groupId: string };

export interface DoorState {
  /** the chosen event ('' none) */
  eventId: string;
  /** the chosen session of an event with sessions (today's by default; '' none) */
  sessionId: string;
  /** this device's name, as conflicts between doors show it */
  device: string;
  /** whether the server answers: the door's 'Online' / 'Sem internet' */
  reach: Reach;
  /** the events the API offers, null until it answered */
  events: CheckinEvent[] | null;
  /** the rosters kept on this device (the events to choose from offline) */
  stored: RosterMeta[];
  /** the chosen event's roster here: undefined while reading, null when none is kept */
  meta: RosterMeta | null | undefined;
  /** items queued, not yet answered by the server */
  pending: number;
  /** queued check-ins the server did not take as this door's */
  issues: CheckinIssue[];
  /** the chosen event's conflicts between doors as the server keeps them (any door's), newest first */
  conflicts: CheckinConflict[];
  /** a download under way: rows done of total */
  progress: { done: number; total: number } | null;
  downloadFailed: boolean;
  /** 'Enviar agora' pressed and not yet answered */
  sending: boolean;
  /** the last upload failed with items still queued */
  sendFailed: boolean;
  /** whether the app is stored for offline use here: undefined until first known */
  appStored: boolean | undefined;
  answer: DoorAnswer | null;
}

export interface DoorOptions {
  api?: DoorApi;
  db?: CongregaDb;
  /** whether the app would open offline (app-offline.ts) */
  appCheck?: () => Promise<boolean>;
  /** keeps `connection` current (connection.ts); tests give their own */
  watch?: () => () => void;
  /** the default device name's words (checkinMessages.defaultDevice) */
  deviceLabel?: (tag: string) => string;
  now?: () => Date;
}

export interface Door {
  store: StoreApi<DoorState>;
  /** starts watching and syncing; answers stop (may be started again) */
  start(): () => void;
  /** upload, then download or pull; resolves once this run (or the one it joined) ended */
  sync(): Promise<void>;
  choose(eventId: string): void;
  /** another session of the chosen event */
  chooseSession(sessionId: string): void;
  /** downloads the chosen event's roster again (staff's 'Baixar lista') */
  download(): void;
  /** 'Enviar agora' */
  sendNow(): void;
  /** a scan or a typed code; `confirmed` admits outside the check-in window */
  admit(raw: string, confirmed?: boolean): Promise<DoorAnswer | null>;
  /** a walk-in registered and admitted (permission door_sales), offline too */
  walkIn(input: WalkInInput): Promise<DoorAnswer | null>;
  /** a pending cash registration: the cash received, the person admitted, offline too */
  payCash(registrationId: string): Promise<DoorAnswer | null>;
  /** a caravan's people admitted at the door (door-group): the queue leaves now */
  admitted(count: number): void;
  showAnswer(answer: DoorAnswer | null): void;
  nameDevice(name: string): void;
  /** checks again whether the app is stored offline (a chunk fetched since) */
  checkApp(): void;
}

/** The events to choose from: the API's, and the rosters kept here that it does not list. */
export function doorChoices(events: CheckinEvent[] | null, stored: RosterMeta[]): CheckinEvent[] {
  return [
    ...(events ?? []),
    ...stored
      .filter((r) => !events?.some((e) => e.id === r.event_id))
      .map((r) => ({
        id: r.event_id,
        title: r.title,
        starts_at: r.starts_at,
        checkin_starts_at: r.checkin_starts_at ?? null,
        checkin_ends_at: r.checkin_ends_at ?? null,
        sessions: r.sessions ?? [],
        door_tiers: r.door_tiers ?? [],
      })),
  ];
}

/** The chosen session of the chosen event, if it has sessions. */
export function doorSession(state: DoorState): CheckinSession | undefined {
  if (!state.sessionId) return undefined;
  const event = doorChoices(state.events, state.stored).find((e) => e.id === state.eventId);
  return event?.sessions?.find((s) => s.id === state.sessionId);
}

export function createDoor({
  api = httpDoorApi,
  db = defaultDb,
  appCheck = storeAppForOffline,
  watch = watchConnection,
  deviceLabel = checkinMessages.defaultDevice,
  now = () => new Date(),
}: DoorOptions = {}): Door {
  const store = createStore<DoorState>(() => ({
    eventId: readDoorEvent(),
    sessionId: '',
    device: doorDeviceName(deviceLabel),
    reach: connection.getState().reach,
    events: null,
    stored: [],
    meta: undefined,
    pending: 0,
    issues: [],
    conflicts: [],
    progress: null,
    downloadFailed: false,
    sending: false,
    sendFailed: false,
    appStored: undefined,
    answer: null,
  }));
  const get = store.getState;
  const set = store.setState;

  let stopped = true;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let retry = RETRY_FIRST_MS;
  let running: Promise<void> | null = null;
  let again = false;
  /** 'Baixar lista' pressed: the next run downloads even with a roster here */
  let forceDownload = false;
  let teardown: (() => void)[] = [];
  let eventWatch: { unsubscribe(): void } | undefined;
  let appTimer: ReturnType<typeof setTimeout> | undefined;

  function schedule(ms: number) {
    clearTimeout(timer);
    if (!stopped) timer = setTimeout(() => void sync(), ms);
  }

  async function download(event: CheckinEvent): Promise<void> {
    set({ downloadFailed: false, progress: { done: 0, total: 0 } });
    try {
      await downloadRoster(event, (done, total) => set({ progress: { done, total } }), { api, db });
    } catch {
      set({ downloadFailed: true });
    } finally {
      set({ progress: null });
    }
  }

  /** The roster's turn: a download when none is here (or asked for), else a pull when due. Answers the wait. */
  async function down(): Promise<number> {
    const { eventId, events, stored } = get();
    if (!eventId || connection.getState().reach !== 'online') return PULL_EVERY_MS;
    const meta = await db.rosterMeta.get(eventId);
    if (!meta || forceDownload) {
      forceDownload = false;
      const event = doorChoices(events, stored).find((e) => e.id === eventId);
      if (event) await download(event);
      await refreshConflicts(eventId);
      return PULL_EVERY_MS;
    }
    const due = meta.updated_at + PULL_EVERY_MS - Date.now();
    if (due > 0) return due;
    await pullRoster(eventId, { api, db }).catch(() => {});
    await refreshConflicts(eventId);
    return PULL_EVERY_MS;
  }

  /** The conflicts between doors the server keeps for the event (with each pull). */
  async function refreshConflicts(eventId: string) {
    try {
      const conflicts = await api.conflicts(eventId);
      if (get().eventId === eventId) set({ conflicts });
    } catch {
      // kept as they were: the next pull asks again
    }
  }

  async function run(): Promise<void> {
    let wait = PULL_EVERY_MS;
    try {
      const browserOnline = (globalThis.navigator as Navigator | undefined)?.onLine ?? true;
      if (!browserOnline) {
        // no network at all: nothing is asked; looked at again soon
        set({ sending: false });
        wait = RETRY_FIRST_MS;
        return;
      }
      const up = await upload(api, { db });
      set({ sending: false, sendFailed: Boolean(up.error) && up.remaining > 0 });
      const failed = (up.error || up.skipped) && up.remaining > 0;
      // the roster's turn either way: an item the server refuses never holds the roster back
      const next = await down();
      if (failed) {
        wait = Math.min(retry, next);
        retry = Math.min(retry * 2, RETRY_MAX_MS);
      } else {
        retry = RETRY_FIRST_MS;
        wait = next;
      }
    } finally {
      schedule(wait);
    }
  }

  function sync(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    clearTimeout(timer);
    running = (async () => {
      try {
        do {
          again = false;
          await run();
        } while (again && !stopped);
      } finally {
        running = null;
      }
    })();
    return running;
  }

  /** Live reads of the chosen event's roster and answers; an event this door no longer offers is let go. */
  function watchEvent() {
    eventWatch?.unsubscribe();
    eventWatch = undefined;
    const { eventId } = get();
    set({ meta: eventId ? undefined : null, issues: [] });
    if (!eventId || stopped) return;
    // the downloaded pages indexed in memory before the first code, not during it
    void rosterPagesIndex(eventId, db);
    eventWatch = liveQuery(async () => ({
      meta: (await db.rosterMeta.get(eventId)) ?? null,
      issues: await readIssues(eventId, db),
    })).subscribe({
      next: (v) => {
        if (get().eventId !== eventId) return;
        if (v.meta?.download !== get().meta?.download && v.meta) void rosterPagesIndex(eventId, db);
        set(v);
        letGoOfGone();
        pickSession();
      },
      error: (error: unknown) => console.error('[door]', error),
    });
  }

  /** The chosen event's session: kept while it is one of the event's, else today's. */
  function pickSession() {
    const state = get();
    const event = doorChoices(state.events, state.stored).find((x) => x.id === state.eventId);
    const sessions = event?.sessions ?? [];
    if (sessions.some((x) => x.id === state.sessionId)) return;
    const sessionId = currentSession(sessions, now())?.id ?? '';
    if (sessionId !== state.sessionId) set({ sessionId });
  }

  function letGoOfGone() {
    const { eventId, events, meta } = get();
    if (eventId && events !== null && meta === null && !events.some((e) => e.id === eventId)) choose('');
  }

  async function refreshEvents() {
    try {
      set({ events: await api.events() });
      letGoOfGone();
      pickSession();
    } catch {
      // offline: the rosters kept here are the choices
    }
  }

  function checkApp() {
    clearTimeout(appTimer);
    void appCheck().then((ok) => {
      if (stopped) return;
      set({ appStored: ok });
      if (!ok) appTimer = setTimeout(checkApp, APP_CHECK_MS);
    });
  }

  function choose(eventId: string) {
    keepDoorEvent(eventId);
    set({ eventId, sessionId: '', answer: null, conflicts: [], downloadFailed: false, progress: null });
    pickSession();
    watchEvent();
    void sync();
  }

  function start(): () => void {
    if (!stopped) return stop;
    stopped = false;
    const all = liveQuery(async () => ({
      stored: await db.rosterMeta.orderBy('event_id').toArray(),
      pending: await db.outbox.count(),
    })).subscribe({
      next: (v) => {
        set(v);
        pickSession();
      },
      error: (error: unknown) => console.error('[door]', error),
    });
    const onOnline = () => {
      retry = RETRY_FIRST_MS;
      void sync();
    };
    const onMessage = (e: MessageEvent) => {
      if (e.data?.type === 'outbox-sync') void sync();
    };
    const sw = (globalThis.navigator as Navigator | undefined)?.serviceWorker;
    globalThis.addEventListener?.('online', onOnline);
    sw?.addEventListener('message', onMessage);
    sw?.addEventListener('controllerchange', checkApp);
    teardown = [
      () => all.unsubscribe(),
      connection.subscribe((now, before) => {
        set({ reach: now.reach });
        if (now.reach !== 'online' || before.reach === 'online') return;
        // the server answers (again): the queue sent and the roster's turn, without a reload; after
        // a time without it, the event list asked again
        if (before.reach === 'offline') void refreshEvents();
        retry = RETRY_FIRST_MS;
        void sync();
      }),
      watch(),
      () => globalThis.removeEventListener?.('online', onOnline),
      () => sw?.removeEventListener('message', onMessage),
      () => sw?.removeEventListener('controllerchange', checkApp),
    ];
    set({ reach: connection.getState().reach });
    watchEvent();
    checkApp();
    void requestBackgroundSync();
    void refreshEvents().then(() => sync());
    return stop;
  }

  function stop() {
    stopped = true;
    clearTimeout(timer);
    clearTimeout(appTimer);
    eventWatch?.unsubscribe();
    eventWatch = undefined;
    for (const undo of teardown) undo();
    teardown = [];
  }

  /** The queue leaves now: a new item, or staff's 'Enviar agora'. */
  function poke() {
    retry = RETRY_FIRST_MS;
    void requestBackgroundSync();
    void sync();
  }

  async function admit(raw: string, confirmed = false): Promise<DoorAnswer | null> {
    const { eventId, events, stored, device } = get();
    if (!eventId) return null;
    const session = doorSession(get());
    const show = (answer: DoorAnswer) => {
      // an answer about an event left meanwhile is not shown
      if (get().eventId === eventId) set({ answer });
      return answer;
    };
    const groupId = parseGroupCode(raw);
    if (groupId) return show({ kind: 'group', groupId });
    // feedback at once from a read; the recording transaction follows and has the last word
    const preview = await previewCheckin(eventId, raw, db, session);
    const event = doorChoices(events, stored).find((e) => e.id === eventId);
    if (preview.kind === 'created' && !confirmed && event && outsideCheckinWindow(event, now())) {
      return show({ kind: 'confirm', raw, entry: preview.entry });
    }
    show({ kind: 'feedback', feedback: preview });
    const result = await checkInLocally(eventId, raw, device, db, now(), session);
    if (result.kind === 'created') poke();
    return show({ kind: 'feedback', feedback: result });
  }

  /** Door sales (walk-ins, cash): recorded here at once, then the queue leaves. */
  async function sale(record: (eventId: string, session?: CheckinSession) => Promise<DoorFeedback>) {
    const { eventId } = get();
    if (!eventId) return null;
    const feedback = await record(eventId, doorSession(get()));
    if (feedback.kind === 'created') poke();
    const answer: DoorAnswer = { kind: 'feedback', feedback };
    if (get().eventId === eventId) set({ answer });
    return answer;
  }

  return {
    store,
    start,
    sync,
    walkIn: (input) =>
      sale((eventId, session) => walkInLocally(eventId, input, get().device, db, now(), session)),
    payCash: (registrationId) =>
      sale((eventId, session) => payCashLocally(eventId, registrationId, get().device, db, now(), session)),
    choose,
    chooseSession(sessionId) {
      set({ sessionId, answer: null });
    },
    download() {
      forceDownload = true;
      void sync();
    },
    sendNow() {
      set({ sending: true, sendFailed: false });
      poke();
    },
    admit,
    admitted(count) {
      if (count > 0) poke();
    },
    showAnswer(answer) {
      set({ answer });
    },
    nameDevice(name) {
      setDoorDeviceName(name);
      set({ device: doorDeviceName(deviceLabel) });
    },
    checkApp,
  };
}

/** Asks for a Background Sync wake-up (Chromium); the service worker relays it to open tabs. */
async function requestBackgroundSync(): Promise<void> {
  try {
    const sw = globalThis.navigator?.serviceWorker;
    if (!sw?.controller) return;
    const registration = (await sw.ready) as ServiceWorkerRegistration & {
      sync?: { register(tag: string): Promise<void> };
    };
    await registration.sync?.register('outbox');
  } catch {
    // not supported or not allowed: the online event and the timer still sync
  }
}
