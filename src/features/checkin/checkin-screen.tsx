import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { onServerBack, watchConnection } from '../../data/checkin/connection.ts';
import {
  checkInLocally,
  DEVICE_NAME_MAX,
  doorDeviceName,
  keepDoorEvent,
  previewCheckin,
  readDoorEvent,
  rosterPagesIndex,
  setDoorDeviceName,
} from '../../data/checkin/store.ts';
import { downloadRoster, flushCheckins, pullRoster } from '../../data/checkin/sync.ts';
import {
  useAppStoredOffline,
  useCheckinIssues,
  usePendingCount,
  useReach,
  useRosterMeta,
  useStoredRosters,
} from '../../data/checkin/use-door.ts';
import { startOutboxSync } from '../../data/outbox/outbox.ts';
import { parseGroupCode } from '../../domain/caravans.ts';
import {
  type CheckinEvent,
  eventCheckinWindow,
  formatSeq,
  outsideCheckinWindow,
} from '../../domain/checkin.ts';
import { formatDateTime, formatLongDateTime, formatTime } from '../../domain/dates.ts';
import { checkinMessages as m } from '../../domain/messages/checkin.ts';
import { apiErrors } from '../../domain/messages.ts';
import { firstName } from '../../domain/people.ts';
import { formatCpf, onlyDigits } from '../../domain/validation.ts';
import { useMeStatus, useSessionStore } from '../../lib/session.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { doorEventsQuery } from './api/door-events.ts';
import { type Answer, DoorAnswer } from './door-answer.tsx';
import { signal } from './feedback.ts';
import { preloadScanner, Scanner } from './scanner.tsx';
import './checkin.css';

/** Masks the manual code as ###-###, or as a CPF once it has more than 6 digits (product-spec.md §5). */
function maskCode(value: string): string {
  const digits = onlyDigits(value);
  return digits.length > 6 ? formatCpf(digits) : formatSeq(digits);
}

const PULL_EVERY_MS = 20_000;

/** What the door says when `now` is outside the event's check-in window, else null. */
function windowNotice(event: CheckinEvent | undefined, now: Date): string | null {
  if (!event) return null;
  const outside = outsideCheckinWindow(event, now);
  if (!outside) return null;
  const { from, to } = eventCheckinWindow(event);
  return outside === 'early'
    ? m.windowOpens(formatLongDateTime(from, now))
    : m.windowClosed(formatLongDateTime(to, now));
}

/** `/admin/checkin` for holders of `checkin`; others are told they may not (the API refuses them too). */
export function CheckinScreen() {
  const me = useSessionStore((s) => s.me);
  const meStatus = useMeStatus((s) => s.status);
  if (!me) return meStatus === 'error' ? <p role="alert">{apiErrors.FORBIDDEN}</p> : <Spinner />;
  if (!me.permissions.includes('checkin')) return <p role="alert">{apiErrors.FORBIDDEN}</p>;
  return <Door />;
}

/** Keeps the door's chosen event across reloads (offline too). */
function useDoorEvent(): [string, (id: string) => void] {
  const [eventId, setEventId] = useState(readDoorEvent);
  const choose = useCallback((id: string) => {
    keepDoorEvent(id);
    setEventId(id);
  }, []);
  return [eventId, choose];
}

/** The door. Everything it decides comes from the roster on this device. */
function Door() {
  // from whether the server answers (connection.ts), not from navigator.onLine
  const reach = useReach();
  const online = reach === 'online';
  const offline = reach === 'offline';
  const [device, setDevice] = useState(() => doorDeviceName(m.defaultDevice));
  const stored = useStoredRosters();
  const [eventId, setEventId] = useDoorEvent();
  const [scannerFetched, setScannerFetched] = useState(false);
  const appStored = useAppStoredOffline(scannerFetched);
  const [sending, setSending] = useState(false);
  const [sendFailed, setSendFailed] = useState(false);
  const meta = useRosterMeta(eventId || null);
  const pending = usePendingCount();
  const issues = useCheckinIssues(eventId || null);
  const [progress, setProgress] = useState<string | null>(null);
  const [downloadError, setDownloadError] = useState(false);
  const [code, setCode] = useState('');
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [camera, setCamera] = useState(false);
  const [cameraError, setCameraError] = useState<string | null>(null);
  const outbox = useRef<ReturnType<typeof startOutboxSync> | null>(null);

  // the events: from the API when it answers, else the rosters kept here
  const eventsQuery = useQuery(doorEventsQuery);
  const events = eventsQuery.data ?? null;
  const choices: CheckinEvent[] = useMemo(
    () => [
      ...(events ?? []),
      ...stored
        .filter((r) => !events?.some((e) => e.id === r.event_id))
        .map((r) => ({
          id: r.event_id,
          title: r.title,
          starts_at: r.starts_at,
          checkin_starts_at: r.checkin_starts_at ?? null,
          checkin_ends_at: r.checkin_ends_at ?? null,
        })),
    ],
    [events, stored],
  );
  const event = choices.find((e) => e.id === eventId);
  // another event: the last answer was about the one before
  // biome-ignore lint/correctness/useExhaustiveDependencies: a change of event is the reason to clear
  useEffect(() => setAnswer(null), [eventId]);
  // an event kept from before that this door no longer offers (no roster here, not in the API's list)
  useEffect(() => {
    if (eventId && events !== null && meta === null && !events.some((e) => e.id === eventId)) setEventId('');
  }, [eventId, events, meta, setEventId]);

  // the scanner's code is fetched now, so that it is kept for a door with no signal
  useEffect(() => {
    void preloadScanner().then(() => setScannerFetched(true));
  }, []);

  // whether the server answers, checked while the door is open
  useEffect(() => watchConnection(), []);
  // when it answers again: the event list asked again and the queue sent, without a reload (the
  // roster pull below follows `online` too)
  const refetchEvents = eventsQuery.refetch;
  useEffect(
    () =>
      onServerBack(() => {
        void refetchEvents();
        outbox.current?.poke();
      }),
    [refetchEvents],
  );

  // the outbox flushes in the background while the door is open
  useEffect(() => {
    const sync = startOutboxSync(() => flushCheckins(), {
      onChange: (r) => {
        setSending(false);
        setSendFailed(Boolean(r.error) && r.remaining > 0);
      },
    });
    outbox.current = sync;
    return () => sync.stop();
  }, []);

  const downloading = useRef(false);
  const download = useCallback(async (event: CheckinEvent) => {
    if (downloading.current) return;
    downloading.current = true;
    setDownloadError(false);
    setProgress(m.downloading(0, 0));
    try {
      await downloadRoster(event, (done, total) => setProgress(m.downloading(done, total)));
    } catch {
      setDownloadError(true);
    } finally {
      downloading.current = false;
      setProgress(null);
    }
  }, []);

  // a chosen event without a roster here gets one; with one, other doors' changes are pulled
  useEffect(() => {
    if (!eventId || meta === undefined) return;
    if (!meta && event && online) void download(event);
  }, [eventId, meta, online, event, download]);
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
    async (raw: string, confirmed = false) => {
      if (!eventId) return;
      // a caravan leader's QR: the group's list, admitted from there (door-group.tsx)
      const groupId = parseGroupCode(raw);
      if (groupId) {
        setAnswer({ kind: 'group', groupId });
        return;
      }
      // feedback at once from a read; the recording transaction follows and has the last word
      const preview = await previewCheckin(eventId, raw);
      // outside the event's check-in window a paid person is admitted only once the volunteer confirms
      if (preview.kind === 'created' && !confirmed && event && outsideCheckinWindow(event, new Date())) {
        setAnswer({ kind: 'confirm', raw, entry: preview.entry });
        signal(false);
        return;
      }
      setAnswer({ kind: 'feedback', feedback: preview });
      const result = await checkInLocally(eventId, raw, device);
      setAnswer({ kind: 'feedback', feedback: result });
      signal(result.kind === 'created');
      if (result.kind === 'created') outbox.current?.poke();
    },
    [eventId, event, device],
  );
  const onCameraError = useCallback((message: string) => {
    setCameraError(message);
    setCamera(false);
  }, []);

  const chosen = Boolean(eventId);
  const outsideWindow = windowNotice(event, new Date());
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
    <section className="door" aria-labelledby="door-title">
      <h1 id="door-title">{m.title}</h1>

      <div className="door-status" role="status" aria-label="Situação do checkin">
        <span className={offline ? 'door-offline' : 'door-online'} data-testid="door-connection">
          {reach === 'unknown' ? m.checkingConnection : online ? m.online : m.offline}
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
              onClick={() => {
                setSending(true);
                setSendFailed(false);
                outbox.current?.poke();
              }}
            >
              {sending ? m.sending : m.sendNow}
            </button>
          )}
        </span>
        {sendFailed && pending > 0 && <span>{m.sendFailed}</span>}
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
      {outsideWindow && (
        <p className="door-window" data-testid="door-window">
          {outsideWindow}
        </p>
      )}

      {chosen && (
        <div className="door-roster">
          {progress && (
            <p role="status" className="door-progress">
              {progress}
            </p>
          )}
          {downloadError && !progress && (
            <p role="alert">{meta ? m.updateFailed(formatTime(meta.updated_at)) : m.downloadFailed}</p>
          )}
          {!downloadError && meta && offline && <p>{m.rosterOnDevice(formatTime(meta.updated_at))}</p>}
          {!meta && meta !== undefined && !progress && offline && <p>{m.rosterMissing}</p>}
          {online && !progress && (
            <button
              type="button"
              className="button button-secondary"
              onClick={() => {
                if (event) void download(event);
              }}
            >
              {m.downloadRoster}
            </button>
          )}
        </div>
      )}

      {chosen && (
        <DoorAnswer
          answer={answer}
          eventId={eventId}
          device={device}
          outsideWindow={outsideWindow}
          onConfirm={(raw) => void admit(raw, true)}
          onClear={() => setAnswer(null)}
          onGroup={(groupId) => setAnswer({ kind: 'group', groupId })}
          onGroupAdmitted={(n) => {
            signal(n > 0);
            if (n > 0) outbox.current?.poke();
          }}
        />
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
        {camera && chosen && (
          <Scanner
            onCode={(c) => void admit(c)}
            onError={onCameraError}
            // a caravan's list is brought into view itself (door-answer.tsx), not the preview
            answer={answer?.kind === 'group' ? undefined : answer}
          />
        )}
      </div>

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

      <details className="door-device">
        <summary>{m.thisDevice(device)}</summary>
        <label className="door-field">
          <span>{m.deviceName}</span>
          <input
            defaultValue={device}
            maxLength={DEVICE_NAME_MAX}
            autoComplete="off"
            aria-describedby="door-device-help"
            onBlur={(e) => {
              setDoorDeviceName(e.target.value);
              setDevice(doorDeviceName(m.defaultDevice));
            }}
          />
        </label>
        <p id="door-device-help" className="door-hint">
          {m.deviceNameHelp}
        </p>
      </details>
    </section>
  );
}
