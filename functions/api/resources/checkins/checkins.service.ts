import { type Expression, type SqlBool, sql } from 'kysely';
import {
  type CheckinCode,
  type CheckinConflict,
  type CheckinEvent,
  type CheckinOutcome,
  type CheckinSession,
  CPF_TAG_BITS,
  currentSession,
  type DoorTier,
  decide,
  doorWindow,
  type MyCheckin,
  ROSTER_PAGE_SIZE,
  type RosterEntry,
  type RosterPage,
  resultMessage,
  type SyncItem,
  type SyncOutcome,
} from '../../../../src/domain/checkin.ts';
import { qb, run, runOne, runOneOrNull } from '../../db/kysely.ts';
import { iso, isoOrNull } from '../../lib/rows.ts';
import type { Db } from '../../ports/db.ts';

/** Events the door may check people in: started within the last week, or upcoming. */
export async function listCheckinEvents(db: Db, now: Date): Promise<CheckinEvent[]> {
  const rows = await run(
    db,
    qb
      .selectFrom('events')
      .select(['id', 'title', 'starts_at', 'checkin_starts_at', 'checkin_ends_at'])
      .where('deleted_at', 'is', null)
      .where('starts_at', '>=', new Date(now.getTime() - 7 * 24 * 3600_000))
      .orderBy('starts_at')
      .orderBy('id')
      .limit(200),
  );
  const sessions = await eventSessions(
    db,
    rows.map((r) => r.id),
  );
  const tiers = await doorTiers(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    starts_at: iso(r.starts_at),
    // the door asks to confirm a check-in outside this window (src/domain/checkin.ts eventCheckinWindow)
    checkin_starts_at: isoOrNull(r.checkin_starts_at),
    checkin_ends_at: isoOrNull(r.checkin_ends_at),
    sessions: sessions.get(r.id) ?? [],
    door_tiers: tiers.get(r.id) ?? [],
  }));
}

/** Every tier of these events may be sold at the door (a door-only one is never offered online). */
async function doorTiers(db: Db, eventIds: string[]): Promise<Map<string, DoorTier[]>> {
  const byEvent = new Map<string, DoorTier[]>();
  if (eventIds.length === 0) return byEvent;
  const rows = await run(
    db,
    qb
      .selectFrom('pricing_tiers')
      .select(['id', 'event_id', 'name', 'price', 'door_only'])
      .where('event_id', 'in', eventIds)
      .orderBy('order')
      .orderBy('price'),
  );
  for (const r of rows) {
    const list = byEvent.get(r.event_id) ?? [];
    list.push({ id: r.id, name: r.name, price: r.price, door_only: r.door_only });
    byEvent.set(r.event_id, list);
  }
  return byEvent;
}

/** The check-in sessions of these events, by start. */
export async function eventSessions(db: Db, eventIds: string[]): Promise<Map<string, CheckinSession[]>> {
  const bySession = new Map<string, CheckinSession[]>();
  if (eventIds.length === 0) return bySession;
  const rows = await run(
    db,
    qb
      .selectFrom('event_sessions')
      .select(['id', 'event_id', 'name', 'starts_at', 'ends_at'])
      .where('event_id', 'in', eventIds)
      .orderBy('starts_at')
      .orderBy('id'),
  );
  for (const r of rows) {
    const list = bySession.get(r.event_id) ?? [];
    list.push({ id: r.id, name: r.name, starts_at: iso(r.starts_at), ends_at: iso(r.ends_at) });
    bySession.set(r.event_id, list);
  }
  return bySession;
}

/**
 * The event's CPF key (src/domain/checkin.ts rosterCpfTag): made on the first roster download, kept
 * in public.event_roster_keys (no policy: only the API reads it), '' for an event that does not exist.
 */
export async function rosterKey(db: Db, eventId: string): Promise<string> {
  await db.query(
    `insert into public.event_roster_keys (event_id) select id from public.events where id = $1
     on conflict (event_id) do nothing`,
    [eventId],
  );
  const [row] = await db.query<{ key: string }>(
    'select key from public.event_roster_keys where event_id = $1',
    [eventId],
  );
  return row?.key ?? '';
}

/** The roster rows of one event, with the person's first check-in there; `where` narrows them. */
function rosterQuery(eventId: string, cpfKey = '') {
  return (
    qb
      .selectFrom('registrations as r')
      .leftJoin('profiles as p', 'p.id', 'r.user_id')
      .leftJoin('temples as t', 't.id', 'p.temple_id')
      // a minor's guardian consent (guardians.service.ts): the ticket is valid once authorized
      .leftJoin('guardian_consents as g', 'g.registration_id', 'r.id')
      // a member's check-in is per account, a caravan guest's per registration (caravans.ts); with
      // sessions, the latest one (the door tells its session from it: domain/checkin.ts inSession)
      .leftJoinLateral(
        (eb) =>
          eb
            .selectFrom('checkins as k')
            .select(['k.scanned_at', 'k.device', 'k.session_id', 'k.created_at'])
            .whereRef('k.event_id', '=', 'r.event_id')
            .where(sql<boolean>`case when r.guest_name is null then k.user_id = r.user_id and not k.guest
            else k.registration_id = r.id and k.guest end`)
            .orderBy('k.scanned_at', 'desc')
            .orderBy('k.created_at', 'desc')
            .limit(1)
            .as('c'),
        (join) => join.onTrue(),
      )
      .select([
        'r.id',
        'r.event_id',
        'r.seq',
        'r.status',
        'r.group_id',
        sql<string>`coalesce(r.guest_name, p.name, '')`.as('name'),
        sql<string | null>`coalesce(t.name, p.other_church)`.as('congregation'),
        // the CPF never leaves the database: only its short keyed tag, which ~15,000 CPFs share
        // (src/domain/checkin.ts rosterCpfTag; profiles.cpf holds the 11 digits alone, a check constraint)
        sql<
          string | null
        >`case when ${cpfKey} = '' then null else left(encode(sha256(convert_to(${cpfKey} || ':' || case when r.guest_name is null then p.cpf else r.guest_cpf end, 'UTF8')), 'hex'), ${CPF_TAG_BITS / 4}) end`.as(
          'cpf_hash',
        ),
        'c.scanned_at as checked_in_at',
        'c.device as checked_in_device',
        'g.state as guardian_state',
        'g.guardian_name',
        'c.session_id as checked_in_session',
        // a pending cash registration: what the door may take (door-sales.service.ts)
        sql<number | null>`case when r.status = 'pending' and (
          select x.strategy from public.registration_confirmations x where x.registration_id = r.id
          order by x.created_at desc, x.id desc limit 1) = 'cash' then r.frozen_value end`.as('cash_due'),
      ])
      .where('r.event_id', '=', eventId)
      // a deleted account leaves the door's roster (its registration stays in the accounts); the
      // guests of a caravan it registered are other people and stay
      .where((eb) => eb.or([eb('p.deleted_at', 'is', null), eb('r.guest_name', 'is not', null)]))
  );
}

type RosterRow = Awaited<ReturnType<typeof run<ReturnType<typeof rosterQuery>>>>[number];

function toEntry(r: RosterRow): RosterEntry {
  return {
    id: r.id,
    event_id: r.event_id,
    seq: r.seq.trim(),
    name: r.name,
    congregation: r.congregation,
    cpf_hash: r.cpf_hash,
    // a minor waiting for (or refused by) their guardian is not admitted, whatever the payment
    paid: r.status === 'paid' && (r.guardian_state === null || r.guardian_state === 'authorized'),
    guardian: r.guardian_state === 'authorized' ? r.guardian_name : null,
    checked_in_at: isoOrNull(r.checked_in_at),
    checked_in_device: r.checked_in_device,
    ...(r.checked_in_session ? { checked_in_session: r.checked_in_session } : {}),
    group_id: r.group_id,
    ...(r.cash_due !== null ? { cash_due: Number(r.cash_due) } : {}),
  };
}

/**
 * A page of the event's roster (every registration, paid or not, so that the door can say "not
 * paid" offline), or with `since` the rows changed after that cursor: a registration updated (paid,
 * canceled) or a check-in made by another door.
 */
export async function rosterPage(
  db: Db,
  eventId: string,
  opts: { after?: string; since?: string },
): Promise<RosterPage> {
  const [clock] = await db.query<{ cursor: Date | string }>(
    // a little before now: a transaction still open at the server's clock commits inside the overlap
    "select now() - interval '30 seconds' as cursor",
  );
  const cursor = clock!.cursor;
  const cpfKey = await rosterKey(db, eventId);
  if (opts.since) {
    const since = new Date(opts.since);
    const rows = await run(
      db,
      rosterQuery(eventId, cpfKey)
        .where((eb) => eb.or([eb('r.updated_at', '>', since), eb('c.created_at', '>', since)]))
        .orderBy('r.id'),
    );
    return { entries: rows.map(toEntry), cpf_key: cpfKey, cursor: iso(cursor), total: null, next: null };
  }
  // the page's ids first (registrations alone, by index), so that the joins and the hashes run
  // on the page's rows only, not on the whole roster before a sort
  let ids = qb
    .selectFrom('registrations')
    .select('id')
    .where('event_id', '=', eventId)
    .orderBy('id')
    .limit(ROSTER_PAGE_SIZE + 1);
  if (opts.after) ids = ids.where('id', '>', opts.after);
  const rows = await run(db, rosterQuery(eventId, cpfKey).where('r.id', 'in', ids).orderBy('r.id'));
  const more = rows.length > ROSTER_PAGE_SIZE;
  const page = rows.slice(0, ROSTER_PAGE_SIZE);
  const total = opts.after
    ? null
    : Number(
        (
          await runOne(
            db,
            qb
              .selectFrom('registrations')
              .select((eb) => eb.fn.countAll().as('n'))
              .where('event_id', '=', eventId),
          )
        ).n,
      );
  return {
    entries: page.map(toEntry),
    cpf_key: cpfKey,
    cursor: iso(cursor),
    total,
    next: more ? page[page.length - 1]!.id : null,
  };
}

/**
 * Applies a door's check-ins, idempotent on each item's client UUID: one insert for the batch
 * (`on conflict do nothing` on both unique keys: (event, user) and client_id), then one read of
 * the check-ins that count. Per item: `created` when its own check-in is the one stored (first
 * time or a replay), `conflict` when another check-in of that person came first (with when and
 * which device), `not_found` / `not_paid` from the registration.
 */
export async function syncCheckins(
  db: Db,
  input: { eventId: string; device: string; checkedBy: string; items: SyncItem[]; now: Date },
): Promise<SyncOutcome[]> {
  const { eventId, items } = input;
  const ids = [...new Set(items.map((i) => i.registrationId))];
  const event = await runOneOrNull(
    db,
    qb
      .selectFrom('events')
      .select(['starts_at', 'checkin_starts_at', 'checkin_ends_at'])
      .where('id', '=', eventId),
  );
  const window = event
    ? doorWindow(
        {
          starts_at: iso(event.starts_at),
          checkin_starts_at: isoOrNull(event.checkin_starts_at),
          checkin_ends_at: isoOrNull(event.checkin_ends_at),
        },
        input.now,
      )
    : { from: input.now.getTime(), to: input.now.getTime() };
  /** The item's time inside the door window (never after the server's clock); whether it had to be moved there. */
  const clampedAt = (scannedAt: string) => {
    const t = new Date(scannedAt).getTime();
    const at = Math.min(Math.max(t, window.from), window.to);
    return { at: new Date(at), moved: at !== t && (t < window.from || t > window.to + 60_000) };
  };
  const regs = new Map(
    (
      await run(
        db,
        qb
          .selectFrom('registrations as r')
          .leftJoin('guardian_consents as g', 'g.registration_id', 'r.id')
          // a minor not (yet) authorized by their guardian counts as not admitted
          .select([
            'r.id',
            'r.user_id',
            sql<string>`case when g.state is null or g.state = 'authorized' then r.status else 'pending' end`.as(
              'status',
            ),
            'r.guest_name',
          ])
          .where('r.event_id', '=', eventId)
          .where('r.id', 'in', ids),
      )
    ).map((r) => [r.id, r]),
  );
  // an event with sessions admits once per session: the item's, else the one under way when scanned
  const sessions = (await eventSessions(db, [eventId])).get(eventId) ?? [];
  const sessionOf = (item: SyncItem): string | null | undefined => {
    if (sessions.length === 0) return null;
    if (item.sessionId) return sessions.some((x) => x.id === item.sessionId) ? item.sessionId : undefined;
    return currentSession(sessions, new Date(item.scannedAt))!.id;
  };
  const admitted = items.filter(
    (i) => regs.get(i.registrationId)?.status === 'paid' && sessionOf(i) !== undefined,
  );
  if (admitted.length > 0) {
    await run(
      db,
      qb
        .insertInto('checkins')
        .values(
          admitted.map((i) => ({
            event_id: eventId,
            user_id: regs.get(i.registrationId)!.user_id,
            registration_id: i.registrationId,
            guest: regs.get(i.registrationId)!.guest_name !== null,
            client_id: i.clientId,
            session_id: sessionOf(i) ?? null,
            device: input.device || null,
            checked_by: input.checkedBy,
            // a door's clock far off (1970, or ahead of the server's) is clamped into the event's window,
            // and a check-in before the window opens to now: never a time that has not come
            scanned_at: clampedAt(i.scannedAt).at,
          })),
        )
        .onConflict((oc) => oc.doNothing()),
    );
  }
  const users = [...new Set(admitted.map((i) => regs.get(i.registrationId)!.user_id))];
  const admittedIds = admitted.map((i) => i.registrationId);
  const clientIds = admitted.map((i) => i.clientId);
  const stored =
    admitted.length === 0
      ? []
      : await run(
          db,
          qb
            .selectFrom('checkins')
            .select([
              'user_id',
              'registration_id',
              'guest',
              'client_id',
              'scanned_at',
              'device',
              'session_id',
            ])
            .where(
              (eb) =>
                eb.or([
                  eb.and([eb('event_id', '=', eventId), eb('user_id', 'in', users)]),
                  eb('registration_id', 'in', admittedIds),
                  eb('client_id', 'in', clientIds),
                ]) as Expression<SqlBool>,
            ),
        );
  // the person a check-in counts for: a member's account, or a caravan guest's registration
  const person = (c: { guest: boolean; user_id: string; registration_id: string }) =>
    c.guest ? `r:${c.registration_id}` : `u:${c.user_id}`;
  const personOf = (reg: { id: string; user_id: string; guest_name: string | null }) =>
    person({ guest: reg.guest_name !== null, user_id: reg.user_id, registration_id: reg.id });
  // one check-in counts per person and session
  const byUser = new Map(stored.map((c) => [`${person(c)}|${c.session_id ?? ''}`, c]));
  const byClient = new Map(stored.map((c) => [c.client_id, c]));
  const outcomes = items.map((item): SyncOutcome => {
    const reg = regs.get(item.registrationId);
    const session = sessionOf(item);
    // a session of another event (or removed) is no place to admit anyone: not found
    if (!reg || session === undefined)
      return { clientId: item.clientId, kind: 'not_found', at: null, device: null };
    if (reg.status !== 'paid') return { clientId: item.clientId, kind: 'not_paid', at: null, device: null };
    const own = byClient.get(item.clientId);
    if (own && person(own) === personOf(reg) && (own.session_id ?? null) === session) {
      return {
        clientId: item.clientId,
        kind: 'created',
        at: iso(own.scanned_at),
        device: own.device,
        ...(clampedAt(item.scannedAt).moved ? { clamped: true as const } : {}),
      };
    }
    // the person's check-in came from elsewhere, or this client id was already used for someone else
    const winner = byUser.get(`${personOf(reg)}|${session ?? ''}`) ?? own;
    return {
      clientId: item.clientId,
      kind: 'conflict',
      at: winner ? iso(winner.scanned_at) : null,
      device: winner?.device ?? null,
    };
  });
  // conflicts are kept for staff (both doors, both times); a replay of the same item adds nothing
  const conflicts = items.filter((_, i) => outcomes[i]!.kind === 'conflict');
  if (conflicts.length > 0) {
    await run(
      db,
      qb
        .insertInto('checkin_conflicts')
        .values(
          conflicts.map((item) => {
            const won = outcomes[items.indexOf(item)]!;
            return {
              event_id: eventId,
              registration_id: item.registrationId,
              session_id: sessionOf(item) ?? null,
              client_id: item.clientId,
              device: input.device || null,
              scanned_at: clampedAt(item.scannedAt).at,
              winner_device: won.device,
              winner_at: won.at ? new Date(won.at) : null,
            };
          }),
        )
        .onConflict((oc) => oc.column('client_id').doNothing()),
    );
  }
  return outcomes;
}

/** GET …/events/:eventId/conflicts: the event's sync conflicts, newest first, with both doors and times. */
export async function listConflicts(db: Db, eventId: string): Promise<CheckinConflict[]> {
  const rows = await run(
    db,
    qb
      .selectFrom('checkin_conflicts as x')
      .innerJoin('registrations as r', 'r.id', 'x.registration_id')
      .leftJoin('profiles as p', 'p.id', 'r.user_id')
      .leftJoin('event_sessions as s', 's.id', 'x.session_id')
      .select([
        'x.id',
        'x.registration_id',
        sql<string>`coalesce(r.guest_name, p.name, '')`.as('name'),
        's.name as session',
        'x.device',
        'x.scanned_at',
        'x.winner_device',
        'x.winner_at',
        'x.kind',
        'x.walk_in_name',
      ])
      .where('x.event_id', '=', eventId)
      .orderBy('x.created_at', 'desc')
      .limit(500),
  );
  return rows.map((r) => ({
    id: r.id,
    registration_id: r.registration_id,
    name: r.name,
    session: r.session,
    device: r.device,
    at: iso(r.scanned_at),
    winner_device: r.winner_device,
    winner_at: isoOrNull(r.winner_at),
    ...(r.kind === 'walk_in' ? { walk_in: r.walk_in_name ?? '' } : {}),
  }));
}

/** The registration a code names at this event (QR: any event, checked by the caller). */
async function findRegistration(db: Db, code: CheckinCode, eventId: string) {
  if (code.kind === 'registration') {
    const rows = await run(
      db,
      qb.selectFrom('registrations').select(['id', 'event_id']).where('id', '=', code.registrationId),
    );
    const row = rows[0];
    // a QR of another event is not this door's: not found
    return row && row.event_id === eventId ? row : null;
  }
  let query = qb
    .selectFrom('registrations as r')
    .select(['r.id', 'r.event_id'])
    .where('r.event_id', '=', eventId)
    // the active registration first (a canceled one may share the person)
    .orderBy(sql`case r.status when 'paid' then 0 when 'canceled' then 2 when 'rejected' then 2 else 1 end`)
    .limit(1);
  if (code.kind === 'seq') query = query.where('r.seq', '=', code.seq);
  else
    query = query
      .innerJoin('profiles as p', 'p.id', 'r.user_id')
      // a walk-in known by phone alone has no CPF (never the account's who sold it)
      .where(
        sql<string>`regexp_replace(case when r.guest_name is null then p.cpf else r.guest_cpf end, '\\D', '', 'g')`,
        '=',
        code.cpf,
      );
  return (await run(db, query))[0] ?? null;
}

/** One check-in at the door, online (POST /v1/admin/checkin): the same rule as a synced one. */
export async function checkInOne(
  db: Db,
  input: { code: CheckinCode; eventId: string; device: string; checkedBy: string; now: Date },
): Promise<CheckinOutcome> {
  const reg = await findRegistration(db, input.code, input.eventId);
  if (!reg) return outcome(decide(undefined));
  const [outcomeRow] = await syncCheckins(db, {
    eventId: reg.event_id,
    device: input.device,
    checkedBy: input.checkedBy,
    items: [{ clientId: crypto.randomUUID(), registrationId: reg.id, scannedAt: input.now.toISOString() }],
    now: input.now,
  });
  const [row] = await run(db, rosterQuery(reg.event_id).where('r.id', '=', reg.id));
  const entry = toEntry(row!);
  if (outcomeRow!.kind === 'created') return outcome({ kind: 'created', entry }, outcomeRow!.at);
  // with sessions: whether the person is in the session under way (the sync picked it too)
  const sessions = (await eventSessions(db, [reg.event_id])).get(reg.event_id);
  return outcome(decide(entry, currentSession(sessions, input.now)));
}

function outcome(result: ReturnType<typeof decide>, at?: string | null): CheckinOutcome {
  const entry = 'entry' in result ? result.entry : null;
  return {
    kind: result.kind,
    registration_id: entry?.id ?? null,
    name: entry?.name ?? null,
    at: at ?? (result.kind === 'already' ? result.at : null),
    device: result.kind === 'already' ? result.device : (entry?.checked_in_device ?? null),
    message: resultMessage(result),
  };
}

/** The signed-in member's own check-ins (event and when): the event page hides the overlay after one. */
export async function listMyCheckins(db: Db, userId: string): Promise<MyCheckin[]> {
  const rows = await run(
    db,
    qb
      .selectFrom('checkins')
      .select(['event_id', 'scanned_at'])
      .where('user_id', '=', userId)
      .where('guest', '=', false)
      .orderBy('scanned_at', 'desc'),
  );
  return rows.map((r) => ({ event_id: r.event_id, at: iso(r.scanned_at) }));
}
