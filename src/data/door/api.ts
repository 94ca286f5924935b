/**
 * The door's talk with the server: the calls it makes, the roster download (pages, with progress)
 * and pulls since a cursor (the queue's upload is queue.ts). React-free.
 */
import type {
  CheckinConflict,
  CheckinEvent,
  RosterEntry,
  RosterPage,
  SyncBody,
  SyncOutcome,
} from '../../domain/checkin.ts';
import type { DoorSalesBody } from '../../domain/door-sales.ts';
import { apiClient, unwrap } from '../../lib/api.ts';
import { type CongregaDb, db as defaultDb } from '../db.ts';
import { tracked } from './connection.ts';
import { finishRosterDownload, mergeRoster, rosterCount, storeRosterPage } from './roster.ts';

/** The server calls the door makes (the typed API client by default; tests give the real app). */
export interface DoorApi {
  events(): Promise<CheckinEvent[]>;
  roster(eventId: string, query: { after?: string; since?: string }): Promise<RosterPage>;
  sync(body: SyncBody, signal?: AbortSignal): Promise<{ results: SyncOutcome[] }>;
  /** the event's conflicts between doors, as the server keeps them */
  conflicts(eventId: string): Promise<CheckinConflict[]>;
  /** walk-ins and cash received (src/domain/door-sales.ts); absent: a door that sells nothing (tests) */
  doorSales?(body: DoorSalesBody, signal?: AbortSignal): Promise<{ results: SyncOutcome[] }>;
}

/** Each call's outcome tells the door whether the server answers (connection.ts). */
export const httpDoorApi: DoorApi = {
  events: () => tracked(unwrap(apiClient().v1.admin.checkin.events.$get())),
  roster: (eventId, query) =>
    tracked(
      unwrap(apiClient().v1.admin.checkin.events[':eventId'].roster.$get({ param: { eventId }, query })),
    ),
  sync: (body, signal) =>
    tracked(unwrap(apiClient().v1.admin.checkin.sync.$post({ json: body }, { init: { signal } }))),
  conflicts: (eventId) =>
    tracked(unwrap(apiClient().v1.admin.checkin.events[':eventId'].conflicts.$get({ param: { eventId } }))),
  doorSales: (body, signal) =>
    tracked(unwrap(apiClient().v1.admin.checkin['door-sales'].$post({ json: body }, { init: { signal } }))),
};

/**
 * Downloads an event's whole roster, page by page, reporting (done, total): each page stored as one
 * record while the next one downloads; the roster switches to the new pages once all are here.
 */
export async function downloadRoster(
  event: CheckinEvent,
  onProgress: (done: number, total: number) => void = () => {},
  { api = httpDoorApi, db = defaultDb }: { api?: DoorApi; db?: CongregaDb } = {},
): Promise<number> {
  const download = crypto.randomUUID();
  let page = await api.roster(event.id, {});
  const total = page.total ?? page.entries.length;
  const cursor = page.cursor;
  const entries = new Map<string, RosterEntry>();
  for (;;) {
    // the next page downloads while this one is stored
    const next = page.next ? api.roster(event.id, { after: page.next }) : null;
    await storeRosterPage(event.id, download, page.entries, db);
    for (const entry of page.entries) entries.set(entry.id, entry);
    onProgress(entries.size, total);
    if (!next) break;
    page = await next;
  }
  await finishRosterDownload(
    {
      event_id: event.id,
      download,
      title: event.title,
      starts_at: event.starts_at,
      checkin_starts_at: event.checkin_starts_at,
      checkin_ends_at: event.checkin_ends_at,
      sessions: event.sessions ?? [],
      door_tiers: event.door_tiers ?? [],
      cursor,
      cpf_key: page.cpf_key,
      updated_at: Date.now(),
      count: entries.size,
    },
    entries,
    db,
  );
  return entries.size;
}

/** What changed since the last download or pull: new or changed registrations, other doors' check-ins. */
export async function pullRoster(
  eventId: string,
  { api = httpDoorApi, db = defaultDb }: { api?: DoorApi; db?: CongregaDb } = {},
): Promise<number> {
  const meta = await db.rosterMeta.get(eventId);
  if (!meta) return 0;
  const page = await api.roster(eventId, { since: meta.cursor });
  await mergeRoster(page.entries, db);
  const count = await rosterCount(eventId, db);
  await db.rosterMeta.update(eventId, {
    cursor: page.cursor,
    cpf_key: page.cpf_key,
    updated_at: Date.now(),
    count,
  });
  return page.entries.length;
}
