/** The door's status line, its conflicts and this device's name (rendered from the door engine). */
import type { CheckinIssue } from '../../data/db.ts';
import type { Door, DoorState } from '../../data/door/engine.ts';
import { DEVICE_NAME_MAX } from '../../data/door/roster.ts';
import {
  type CheckinConflict,
  type CheckinEvent,
  eventCheckinWindow,
  formatSeq,
  outsideCheckinWindow,
} from '../../domain/checkin.ts';
import { formatLongDateTime, formatTime } from '../../domain/dates.ts';
import { checkinMessages as m } from '../../domain/messages/checkin.ts';
import { doorSalesMessages as s } from '../../domain/messages/door-sales.ts';
import { firstName } from '../../domain/people.ts';
import { formatCpf, onlyDigits } from '../../domain/validation.ts';

/** Connection (whether the server answers), whether the door would work offline, the roster and the queue. */
export function DoorStatus({ state }: { state: DoorState & { door: Door } }) {
  const { reach, appStored, eventId, meta, pending, sending, sendFailed, door } = state;
  const chosen = Boolean(eventId);
  const missing = [
    ...(appStored === false ? [m.missingApp] : []),
    ...(!chosen ? [m.missingEvent] : meta ? [] : [m.missingRoster]),
  ];
  const readiness =
    appStored === undefined || (chosen && meta === undefined)
      ? m.checkingOffline
      : missing.length === 0
        ? m.readyOffline
        : m.notReadyOffline(missing);
  return (
    <div className="door-status" role="status" aria-label="Situação do checkin">
      <span className={reach === 'offline' ? 'door-offline' : 'door-online'} data-testid="door-connection">
        {reach === 'unknown' ? m.checkingConnection : reach === 'online' ? m.online : m.offline}
      </span>
      <span
        data-testid="door-readiness"
        className={missing.length === 0 && appStored ? 'door-ready' : 'door-not-ready'}
      >
        {readiness}
      </span>
      {meta && <span>{m.rosterReady(meta.count)}</span>}
      {meta && <span>{m.lastUpdate(formatTime(meta.updated_at))}</span>}
      <span className="door-pending">
        <span data-testid="door-pending">{pending > 0 ? m.pending(pending) : m.allSent}</span>
        {pending > 0 && (
          <button
            type="button"
            className="button button-secondary door-send"
            disabled={sending}
            onClick={() => door.sendNow()}
          >
            {sending ? m.sending : m.sendNow}
          </button>
        )}
      </span>
      {sendFailed && pending > 0 && <span>{m.sendFailed}</span>}
    </div>
  );
}

/** Conflicts between doors as the server keeps them for the event: any door's, with both devices and times. */
export function DoorConflicts({ conflicts }: { conflicts: CheckinConflict[] }) {
  if (conflicts.length === 0) return null;
  return (
    <section className="door-issues" aria-labelledby="door-conflicts-title" data-testid="door-conflicts">
      <h2 id="door-conflicts-title">{m.doorConflictsTitle}</h2>
      <ul>
        {conflicts.map((c) => (
          <li key={c.id}>
            {c.walk_in !== undefined
              ? s.doorWalkInConflict(c.walk_in, c.device ?? m.deviceUnknown, formatTime(c.at), c.name)
              : m.doorConflict(
                  c.name,
                  c.session,
                  c.device ?? m.deviceUnknown,
                  formatTime(c.at),
                  c.winner_device ?? m.deviceUnknown,
                  c.winner_at ? formatTime(c.winner_at) : '',
                )}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function DoorIssues({ issues }: { issues: CheckinIssue[] }) {
  if (issues.length === 0) return null;
  return (
    <section className="door-issues" aria-labelledby="door-issues-title">
      <h2 id="door-issues-title">{m.conflictsTitle}</h2>
      <ul>
        {issues.map((i) => (
          <li key={i.clientId}>
            {i.registered !== undefined
              ? s.walkInConflict(i.name, i.registered)
              : i.kind === 'conflict'
                ? m.conflict(i.name, i.at ? formatTime(i.at) : '', i.device ?? m.deviceUnknown)
                : `${i.name}: ${i.kind === 'not_paid' ? m.notPaid(firstName(i.name)) : m.notFound}`}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function DoorDevice({ device, onName }: { device: string; onName(name: string): void }) {
  return (
    <details className="door-device">
      <summary>{m.thisDevice(device)}</summary>
      <label className="door-field">
        <span>{m.deviceName}</span>
        <input
          defaultValue={device}
          maxLength={DEVICE_NAME_MAX}
          autoComplete="off"
          aria-describedby="door-device-help"
          onBlur={(e) => onName(e.target.value)}
        />
      </label>
      <p id="door-device-help" className="door-hint">
        {m.deviceNameHelp}
      </p>
    </details>
  );
}

/** Masks the manual code as ###-###, or as a CPF once it has more than 6 digits (product-spec.md §5). */
export function maskCode(value: string): string {
  const digits = onlyDigits(value);
  return digits.length > 6 ? formatCpf(digits) : formatSeq(digits);
}

/** What the door says when `now` is outside the event's check-in window, else null. */
export function windowNotice(event: CheckinEvent | undefined, now: Date): string | null {
  if (!event) return null;
  const outside = outsideCheckinWindow(event, now);
  if (!outside) return null;
  const { from, to } = eventCheckinWindow(event);
  return outside === 'early'
    ? m.windowOpens(formatLongDateTime(from, now))
    : m.windowClosed(formatLongDateTime(to, now));
}
