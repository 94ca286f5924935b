/**
 * The member's check-in prompt, wherever they open the app (home included): while the check-in
 * window of an event they hold a valid ticket for is open and they have not checked in, the overlay
 * 'Está na hora de fazer o Check-in...' shows the ticket QR (the manual code revealed after 15 s),
 * waits for the realtime insert on `checkins` and goes to /event-welcome. 'Fechar' hides it for the
 * rest of this tab's session (the ticket stays one tap away under 'Acontecendo agora'), except on
 * that event's own page, which always asks. Mounted by the main layout's route for signed-in users
 * only, in a chunk of its own.
 */

import { useQuery } from '@tanstack/react-query';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { myCheckinsQuery } from '../../data/registrations/my-checkins-query.ts';
import { useMyCheckinsLive } from '../../data/registrations/use-my-checkins-live.ts';
import { useMyRegistrations } from '../../data/registrations/use-my-registrations.ts';
import { isTimeToCheckIn } from '../../domain/checkin.ts';
import { checkinMessages as m } from '../../domain/messages/checkin.ts';
import { hasValidTicket } from '../../domain/registrations.ts';
import { useSessionStore } from '../../lib/session.ts';
import { TicketQr } from '../../ui/ticket-qr.tsx';
import './checkin-prompt.css';

/** Spec §9: the manual code appears 15 s after the QR. */
const MANUAL_CODE_AFTER_MS = 15_000;
/** Set in sessionStorage when the member closes the prompt: not asked again in this tab. */
export const CHECKIN_PROMPT_DISMISSED_KEY = 'congrega.checkin-prompt.dismissed';
/** Routes where the prompt never shows (the welcome after a check-in). */
const QUIET_PATHS = ['/event-welcome'];

function dismissedThisSession(): boolean {
  try {
    return sessionStorage.getItem(CHECKIN_PROMPT_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

export function CheckinPrompt() {
  const userId = useSessionStore((s) => s.session?.user.id ?? null);
  const { data: registrations } = useMyRegistrations({ refresh: 'once' });
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const navigate = useNavigate();
  const [now] = useState(() => new Date());
  const [closed, setClosed] = useState(dismissedThisSession);

  const ticket = (registrations ?? []).find(
    (r) =>
      // a caravan guest's ticket held by the leader is not the leader's own
      !r.guest &&
      hasValidTicket(r) &&
      isTimeToCheckIn(
        {
          checkin_policy: r.event.checkin_policy,
          starts_at: r.event.starts_at,
          checkin_starts_at: r.event.checkin_starts_at ?? null,
          checkin_ends_at: r.event.checkin_ends_at ?? null,
        },
        now,
      ),
  );
  const eventId = ticket?.event_id;

  // event ids the member already checked in to (undefined: not known yet; when they cannot be
  // fetched, offline, none: the prompt shows, the QR works offline)
  const checkins = useQuery({ ...myCheckinsQuery(userId ?? ''), enabled: Boolean(eventId && userId) });
  const checkedIn = checkins.data
    ? new Set(checkins.data.map((c) => c.event_id))
    : checkins.isError
      ? new Set<string>()
      : undefined;

  const waiting = Boolean(eventId) && checkedIn !== undefined && !checkedIn.has(eventId!);
  useMyCheckinsLive(userId, waiting ? eventId : null, () => void navigate({ to: '/event-welcome' }));

  // the event's own page asks again even after 'Fechar' elsewhere
  const onEventPage = Boolean(eventId) && pathname === `/events/${eventId}`;
  const [closedOnEventPage, setClosedOnEventPage] = useState(false);
  const lastPath = useRef(pathname);
  useEffect(() => {
    if (lastPath.current !== pathname) setClosedOnEventPage(false);
    lastPath.current = pathname;
  }, [pathname]);

  if (!ticket || !waiting || QUIET_PATHS.includes(pathname)) return null;
  if (onEventPage ? closedOnEventPage : closed) return null;
  return (
    <CheckinOverlay
      registrationId={ticket.id}
      seq={ticket.seq}
      onClose={() => {
        setClosed(true);
        setClosedOnEventPage(true);
        try {
          sessionStorage.setItem(CHECKIN_PROMPT_DISMISSED_KEY, '1');
        } catch {
          // private mode: closed until the next load only
        }
      }}
    />
  );
}

function CheckinOverlay({
  registrationId,
  seq,
  onClose,
}: {
  registrationId: string;
  seq: string;
  onClose(): void;
}) {
  const [showCode, setShowCode] = useState(false);
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const timer = setTimeout(() => setShowCode(true), MANUAL_CODE_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);
  useEffect(() => {
    close.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className="checkin-overlay" role="dialog" aria-modal="true" aria-labelledby="checkin-overlay-title">
      <div className="checkin-overlay-card">
        <h2 id="checkin-overlay-title">{m.overlayTitle}</h2>
        <p>{m.overlayHelp}</p>
        <TicketQr registrationId={registrationId} seq={seq} showCode={showCode} size={240} />
        {!showCode && <p className="checkin-overlay-soon">{m.manualCodeSoon}</p>}
        <button ref={close} type="button" className="button button-secondary" onClick={onClose}>
          {m.close}
        </button>
      </div>
    </div>
  );
}
