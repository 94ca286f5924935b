import { useCallback, useEffect, useRef, useState } from 'react';
import {
  checkInLocally,
  type DoorFeedback,
  doorDeviceName,
  previewCheckin,
  rosterPagesIndex,
} from '../../data/checkin/store.ts';
import { downloadRoster, flushCheckins, httpDoorApi, pullRoster } from '../../data/checkin/sync.ts';
import {
  useCheckinIssues,
  usePendingCount,
  useRosterMeta,
  useStoredRosters,
} from '../../data/checkin/use-door.ts';
import { startOutboxSync } from '../../data/outbox/outbox.ts';
import { type CheckinEvent, formatSeq, resultMessage } from '../../domain/checkin.ts';
import { formatDateTime, formatTime } from '../../domain/dates.ts';
import { checkinMessages as m } from '../../domain/messages/checkin.ts';
import { apiErrors } from '../../domain/messages.ts';
import { firstName } from '../../domain/people.ts';
import { formatCpf, onlyDigits } from '../../domain/validation.ts';
import { useMeStatus, useOnlineStatus, useSessionStore } from '../../lib/session.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { signal } from './feedback.ts';
import { Scanner } from './scanner.tsx';
import './checkin.css';

/** Masks the manual code as ###-###, or as a CPF once it has more than 6 digits (spec §5). */
function maskCode(value: string): string {
  const digits = onlyDigits(value);
  return digits.length > 6 ? formatCpf(digits) : formatSeq(digits);
}

const PULL_EVERY_MS = 20_000;

/** `/admin/checkin` for holders of `checkin`; others are told they may not (the API refuses them too). */
export function CheckinScreen() {
  const me = useSessionStore((s) => s.me);
  const meStatus = useMeStatus((s) => s.status);
  if (!me) return meStatus === 'error' ? <p role="alert">{apiErrors.FORBIDDEN}</p> : <Spinner />;
  if (!me.permissions.includes('checkin')) return <p role="alert">{apiErrors.FORBIDDEN}</p>;
  return <Door staffName={me.profile?.name ?? ''} />;
}

/** The door. Everything it decides comes from the roster on this device. */
function Door({ staffName }: { staffName: string }) {
  const online = useOnlineStatus();
  const device = doorDeviceName(firstName(staffName));
  const [events, setEvents] = useState<CheckinEvent[] | null>(null);
  const stored = useStoredRosters();
  const [eventId, setEventId] = useState<string>('');
  const meta = useRosterMeta(eventId || null);
  const pending = usePendingCount();
  const issues = useCheckinIssues(eventId || null);
  const [progress, setProgress] = useState<string | null>(null);
  const [downloadError, setDownloadError] = useState(false);
  const [code, setCode] = useState('');
  const [feedback, setFeedback] = useState<DoorFeedback | null>(null);
  const [camera, setCamera] = useState(false);
  const [cameraError, setCameraError] = useState<string | null>(null);
  const clearTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const outbox = useRef<ReturnType<typeof startOutboxSync> | null>(null);

  // the events: from the API when online, else the rosters kept here
  useEffect(() => {
    httpDoorApi.events().then(setEvents, () => setEvents(null));
  }, []);
  const choices: CheckinEvent[] =
    events ?? stored.map((r) => ({ id: r.event_id, title: r.title, starts_at: r.starts_at }));

  // the outbox flushes in the background while the door is open
  useEffect(() => {
    const sync = startOutboxSync(() => flushCheckins());
    outbox.current = sync;
    return () => sync.stop();
  }, []);

  const download = useCallback(async (event: CheckinEvent) => {
    setDownloadError(false);
    setProgress(m.downloading(0, 0));
    try {
      await downloadRoster(event, (done, total) => setProgress(m.downloading(done, total)));
    } catch {
      setDownloadError(true);
    } finally {
      setProgress(null);
    }
  }, []);

  // a chosen event without a roster here gets one; with one, other doors' changes are pulled
  useEffect(() => {
    if (!eventId || meta === undefined) return;
    const event = choices.find((e) => e.id === eventId);
    if (!meta && event && online) void download(event);
  }, [eventId, meta, online, choices, download]);
  const hasRoster = Boolean(meta);
  // the downloaded pages indexed in memory before the first code, not during it
  const downloadId = meta?.download;
  useEffect(() => {
    if (eventId && downloadId) void rosterPagesIndex(eventId);
  }, [eventId, downloadId]);
  const updatedAt = useRef(0);
  updatedAt.current = meta?.updated_at ?? 0;
  useEffect(() => {
    if (!eventId || !hasRoster || !online) return;
    let timer: ReturnType<typeof setTimeout>;
    const pull = () => {
      void pullRoster(eventId).catch(() => {});
      timer = setTimeout(pull, PULL_EVERY_MS);
    };
    // at once for a roster kept from before; one just downloaded or pulled waits for its turn
    timer = setTimeout(pull, Math.max(0, updatedAt.current + PULL_EVERY_MS - Date.now()));
    return () => clearTimeout(timer);
  }, [eventId, hasRoster, online]);

  const admit = useCallback(
    async (raw: string) => {
      if (!eventId) return;
      // feedback at once from a read; the recording transaction follows and has the last word
      setFeedback(await previewCheckin(eventId, raw));
      const result = await checkInLocally(eventId, raw, device);
      clearTimeout(clearTimer.current);
      setFeedback(result);
      signal(result.kind === 'created');
      if (result.kind === 'created') {
        outbox.current?.poke();
        clearTimer.current = setTimeout(() => setFeedback(null), 3000);
      }
    },
    [eventId, device],
  );
  const onCameraError = useCallback((message: string) => {
    setCameraError(message);
    setCamera(false);
  }, []);

  const chosen = Boolean(eventId);
  const feedbackText = feedback
    ? feedback.kind === 'invalid'
      ? feedback.message
      : resultMessage(feedback)
    : '';

  return (
    <section className="door" aria-labelledby="door-title">
      <h1 id="door-title">{m.title}</h1>

      <div className="door-status" role="status" aria-label="Situação do checkin">
        <span className={online ? 'door-online' : 'door-offline'}>{online ? m.online : m.offline}</span>
        <span>{meta ? m.lastUpdate(formatTime(meta.updated_at)) : m.neverUpdated}</span>
        {meta && <span>{m.rosterReady(meta.count)}</span>}
        <span data-testid="door-pending">{pending > 0 ? m.pending(pending) : m.allSent}</span>
      </div>

      <label className="door-field">
        <span>{m.chooseEvent}</span>
        <select value={eventId} onChange={(e) => setEventId(e.target.value)}>
          <option value="">—</option>
          {choices.map((e) => (
            <option key={e.id} value={e.id}>
              {e.title} ({formatDateTime(e.starts_at)})
            </option>
          ))}
        </select>
      </label>
      {events !== null && events.length === 0 && <p>{m.noEvents}</p>}
      {!chosen && <p className="door-hint">{m.chooseEventFirst}</p>}

      {chosen && (
        <div className="door-roster">
          {progress && (
            <p role="status" className="door-progress">
              {progress}
            </p>
          )}
          {downloadError && <p role="alert">{m.downloadFailed}</p>}
          {!meta && !progress && !online && <p>{m.rosterMissing}</p>}
          {online && !progress && (
            <button
              type="button"
              className="button button-secondary"
              onClick={() => {
                const event = choices.find((e) => e.id === eventId);
                if (event) void download(event);
              }}
            >
              {m.downloadRoster}
            </button>
          )}
        </div>
      )}

      <form
        className="door-code"
        onSubmit={(e) => {
          e.preventDefault();
          if (!code) return;
          void admit(code);
          setCode('');
        }}
      >
        <label className="door-field">
          <span>{m.codeLabel}</span>
          <input
            inputMode="numeric"
            autoComplete="off"
            value={code}
            maxLength={14}
            disabled={!chosen}
            placeholder="###-###"
            onChange={(e) => setCode(maskCode(e.target.value))}
          />
        </label>
        <button type="submit" className="button" disabled={!chosen || !code}>
          {m.codeSubmit}
        </button>
      </form>

      <div className="door-camera">
        <button
          type="button"
          className="button button-secondary"
          disabled={!chosen}
          onClick={() => {
            setCameraError(null);
            setCamera((c) => !c);
          }}
        >
          {camera ? m.stopCamera : m.startCamera}
        </button>
        {cameraError && <p role="alert">{cameraError}</p>}
        {camera && chosen && <Scanner onCode={(c) => void admit(c)} onError={onCameraError} />}
      </div>

      <output className={`door-feedback door-feedback-${feedback?.kind ?? 'none'}`} aria-live="assertive">
        {feedbackText}
      </output>

      {issues.length > 0 && (
        <section className="door-issues" aria-labelledby="door-issues-title">
          <h2 id="door-issues-title">{m.conflictsTitle}</h2>
          <ul>
            {issues.map((i) => (
              <li key={i.clientId}>
                {i.kind === 'conflict'
                  ? m.conflict(i.name, i.at ? formatTime(i.at) : '', i.device ?? m.deviceUnknown)
                  : `${i.name}: ${i.kind === 'not_paid' ? m.notPaid(firstName(i.name)) : m.notFound}`}
              </li>
            ))}
          </ul>
        </section>
      )}
    </section>
  );
}
