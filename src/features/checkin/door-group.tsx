/**
 * The leader's group QR at the door: the caravan's list from this device's roster (offline too),
 * with who is already in. 'Admit all present' admits every paid person not in yet; or tick who is
 * here (each row is a touch target of the whole width, at least 48 px tall). Each admitted person is
 * one check-in queued in the outbox, so the sync and the conflict report count each person once.
 * The title, what happened and the buttons come first, so they are in view above a long list.
 */
import { useCallback, useEffect, useState } from 'react';
import { checkInGroupLocally, groupEntries } from '../../data/door/roster.ts';
import { admittable } from '../../domain/caravans.ts';
import type { CheckinSession, RosterEntry } from '../../domain/checkin.ts';
import { formatTime } from '../../domain/dates.ts';
import { caravanMessages as m } from '../../domain/messages/caravans.ts';

export function DoorGroup({
  eventId,
  groupId,
  device,
  session,
  outsideWindow,
  onAdmitted,
  onClose,
}: {
  eventId: string;
  groupId: string;
  device: string;
  /** the door's session (events with sessions): who is in means in this session */
  session?: CheckinSession;
  /** outside the event's check-in window: said above the buttons (pressing one is the confirmation) */
  outsideWindow: string | null;
  onAdmitted(count: number): void;
  onClose(): void;
}) {
  const [people, setPeople] = useState<RosterEntry[] | null>(null);
  const [ticked, setTicked] = useState<Set<string>>(new Set());
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const read = useCallback(async () => {
    const rows = await groupEntries(eventId, groupId, undefined, session);
    setPeople(rows);
    return rows;
  }, [eventId, groupId, session]);
  useEffect(() => {
    void read();
  }, [read]);

  if (!people) return null;
  const open = admittable(people);

  async function admit(ids: string[]) {
    if (busy || ids.length === 0) return;
    setBusy(true);
    try {
      const admitted = await checkInGroupLocally(eventId, ids, device, undefined, new Date(), session);
      setTicked(new Set());
      setMessage(m.doorAdmitted(admitted.length));
      onAdmitted(admitted.length);
      await read();
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="door-group" aria-labelledby="door-group-title" data-testid="door-group">
      <h2 id="door-group-title">{m.doorGroupTitle(people.length)}</h2>
      {message && <p role="status">{message}</p>}
      {open.length === 0 ? <p>{m.doorNoneLeft}</p> : outsideWindow && <p>{outsideWindow}</p>}
      <div className="door-group-actions">
        {open.length > 0 && (
          <>
            <button
              type="button"
              className="button"
              disabled={busy || ticked.size === 0}
              onClick={() => void admit([...ticked])}
            >
              {m.doorAdmitChecked}
            </button>
            <button
              type="button"
              className="button button-secondary"
              disabled={busy}
              onClick={() => void admit(open.map((p) => p.id))}
            >
              {m.doorAdmitAll}
            </button>
          </>
        )}
        <button type="button" className="button button-secondary" onClick={onClose}>
          {m.doorClose}
        </button>
      </div>
      <ul className="door-group-list">
        {people.map((p) => {
          const can = p.paid && !p.checked_in_at;
          return (
            <li key={p.id}>
              <label className="door-group-person">
                <input
                  type="checkbox"
                  disabled={!can || busy}
                  checked={can ? ticked.has(p.id) : Boolean(p.checked_in_at)}
                  onChange={(e) =>
                    setTicked((set) => {
                      const next = new Set(set);
                      if (e.target.checked) next.add(p.id);
                      else next.delete(p.id);
                      return next;
                    })
                  }
                />
                <span className="door-group-name">{p.name}</span>
                {p.checked_in_at ? (
                  <span className="door-group-state">{m.doorAlreadyIn(formatTime(p.checked_in_at))}</span>
                ) : (
                  !p.paid && <span className="door-group-state">{m.doorNotPaid}</span>
                )}
              </label>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
