import { useEffect, useMemo, useState } from 'react';
import { doorChoices, doorSession } from '../../data/door/engine.ts';
import { useDoor } from '../../data/door/use-door.ts';
import { useMe } from '../../data/use-me.ts';
import { formatDateTime, formatTime } from '../../domain/dates.ts';
import { checkinMessages as m } from '../../domain/messages/checkin.ts';
import { apiErrors } from '../../domain/messages.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { DoorAnswer } from './door-answer.tsx';
import { DoorConflicts, DoorDevice, DoorIssues, DoorStatus, maskCode, windowNotice } from './door-parts.tsx';
import { DoorSales } from './door-walk-in.tsx';
import { signal } from './feedback.ts';
import { preloadScanner, Scanner } from './scanner.tsx';
import './checkin.css';

/** `/admin/checkin` for holders of `checkin`; others are told they may not (the API refuses them too). */
export function CheckinScreen() {
  const { me, failed } = useMe();
  if (!me) return failed ? <p role="alert">{apiErrors.FORBIDDEN}</p> : <Spinner />;
  if (!me.permissions.includes('checkin')) return <p role="alert">{apiErrors.FORBIDDEN}</p>;
  return <Door sales={me.permissions.includes('door_sales')} />;
}

/**
 * The door: it renders the door engine (data/door/engine.ts), which decides everything from the
 * roster on this device and syncs it; here only the typed code and the camera are kept.
 */
function Door({ sales }: { sales: boolean }) {
  const state = useDoor();
  const { door, eventId, meta, reach, answer, device, progress, downloadFailed } = state;
  const online = reach === 'online';
  const offline = reach === 'offline';
  const [code, setCode] = useState('');
  const [camera, setCamera] = useState(false);
  const [cameraError, setCameraError] = useState<string | null>(null);
  const [selling, setSelling] = useState(false);

  const choices = useMemo(() => doorChoices(state.events, state.stored), [state.events, state.stored]);
  const event = choices.find((e) => e.id === eventId);
  const chosen = Boolean(eventId);
  const outsideWindow = windowNotice(event, new Date());
  const session = doorSession(state);

  // the scanner's code is fetched now, so that it is kept for a door with no signal
  useEffect(() => {
    void preloadScanner().then(() => door.checkApp());
  }, [door]);

  const admit = async (raw: string, confirmed = false) => {
    const a = await door.admit(raw, confirmed);
    if (a?.kind === 'confirm') signal(false);
    if (a?.kind === 'feedback') signal(a.feedback.kind === 'created');
  };

  return (
    <section className="door" aria-labelledby="door-title">
      <h1 id="door-title">{m.title}</h1>
      <DoorStatus state={state} />

      <label className="door-field">
        <span>{m.chooseEvent}</span>
        <select value={eventId} onChange={(e) => door.choose(e.target.value)}>
          <option value="">—</option>
          {choices.map((e) => (
            <option key={e.id} value={e.id}>
              {e.title} ({formatDateTime(e.starts_at)})
            </option>
          ))}
        </select>
      </label>
      {event?.sessions?.length ? (
        <label className="door-field">
          <span>{m.chooseSession}</span>
          <select value={state.sessionId} onChange={(e) => door.chooseSession(e.target.value)}>
            {event.sessions.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name} ({formatDateTime(s.starts_at)})
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {state.events !== null && state.events.length === 0 && <p>{m.noEvents}</p>}
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
              {m.downloading(progress.done, progress.total)}
            </p>
          )}
          {downloadFailed && !progress && (
            <p role="alert">{meta ? m.updateFailed(formatTime(meta.updated_at)) : m.downloadFailed}</p>
          )}
          {!downloadFailed && meta && offline && <p>{m.rosterOnDevice(formatTime(meta.updated_at))}</p>}
          {!meta && meta !== undefined && !progress && offline && <p>{m.rosterMissing}</p>}
          {online && !progress && (
            <button type="button" className="button button-secondary" onClick={() => door.download()}>
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
          session={session}
          outsideWindow={outsideWindow}
          onConfirm={(raw) => void admit(raw, true)}
          onClear={() => door.showAnswer(null)}
          onGroup={(groupId) => door.showAnswer({ kind: 'group', groupId })}
          onGroupAdmitted={(n) => {
            signal(n > 0);
            door.admitted(n);
          }}
          onCash={sales ? (id) => void door.payCash(id).then(() => signal(true)) : undefined}
        />
      )}
      {chosen && sales && (
        <DoorSales tiers={event?.door_tiers ?? []} open={selling} onOpen={setSelling} door={door} />
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
            onError={(message) => {
              setCameraError(message);
              setCamera(false);
            }}
            // a caravan's list is brought into view itself (door-answer.tsx), not the preview
            answer={answer?.kind === 'group' ? undefined : answer}
            answerShown={Boolean(answer)}
          />
        )}
      </div>

      <DoorIssues issues={state.issues} />
      <DoorConflicts conflicts={state.conflicts} />
      <DoorDevice device={device} onName={(name) => door.nameDevice(name)} />
    </section>
  );
}
