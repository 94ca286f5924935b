/**
 * The event page's check-in part (spec §2, §4): for a member with a paid registration, a button that
 * toggles the ticket QR; and when it is time to check in and they have not, the overlay 'Está na hora
 * de fazer o Check-in...' with the QR (the manual code revealed after 15 s), which waits for the
 * realtime insert on `checkins` and goes to /event-welcome.
 */
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { fetchMyCheckins } from '../../../data/checkin/mine.ts';
import { useMyRegistrations } from '../../../data/registrations/use-my-registrations.ts';
import { isTimeToCheckIn } from '../../../domain/checkin.ts';
import { formatTime } from '../../../domain/dates.ts';
import { checkinMessages as m } from '../../../domain/messages/checkin.ts';
import { currentRegistration } from '../../../domain/registrations.ts';
import type { EventDetail } from '../../../domain/types.ts';
import { subscribeToMyCheckins } from '../../../lib/realtime.ts';
import { useSessionStore } from '../../../lib/session.ts';
import { TicketQr } from '../../../ui/ticket-qr.tsx';

/** Spec §9: the manual code appears 15 s after the QR. */
const MANUAL_CODE_AFTER_MS = 15_000;

export function CheckinSection({ event }: { event: EventDetail }) {
  const userId = useSessionStore((s) => s.session?.user.id ?? null);
  const { data: registrations } = useMyRegistrations();
  const registration = userId ? currentRegistration(registrations, event.id) : undefined;
  const paid = registration?.status === 'paid' ? registration : undefined;
  const [showQr, setShowQr] = useState(false);
  // undefined: not known yet (offline it stays unknown and the overlay shows: the QR works offline)
  const [checkedInAt, setCheckedInAt] = useState<string | null | undefined>(undefined);
  const [dismissed, setDismissed] = useState(false);
  const navigate = useNavigate();

  useEffect(() => {
    if (!paid) return;
    let live = true;
    fetchMyCheckins().then(
      (list) => live && setCheckedInAt(list.find((c) => c.event_id === event.id)?.at ?? null),
      () => live && setCheckedInAt(null),
    );
    return () => {
      live = false;
    };
  }, [paid, event.id]);

  const waiting = Boolean(paid) && checkedInAt === null && isTimeToCheckIn(event, new Date());
  useEffect(() => {
    if (!waiting || !userId) return;
    let unsubscribe: (() => void) | null = null;
    let live = true;
    void subscribeToMyCheckins(userId, (row) => {
      if (row.event_id === event.id) void navigate({ to: '/event-welcome' });
    }).then((stop) => {
      if (live) unsubscribe = stop;
      else stop();
    });
    return () => {
      live = false;
      unsubscribe?.();
    };
  }, [waiting, userId, event.id, navigate]);

  if (!paid) return null;
  return (
    <section className="page-section" aria-labelledby="checkin-title">
      <h2 id="checkin-title">{m.checkinSection}</h2>
      {checkedInAt && <p>{m.checkedIn(formatTime(checkedInAt))}</p>}
      <button type="button" className="button button-secondary" onClick={() => setShowQr((s) => !s)}>
        {showQr ? m.hideQr : m.showQr}
      </button>
      {showQr && <TicketQr registrationId={paid.id} seq={paid.seq} />}
      {waiting && !dismissed && (
        <CheckinOverlay registrationId={paid.id} seq={paid.seq} onClose={() => setDismissed(true)} />
      )}
    </section>
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
  useEffect(() => {
    const timer = setTimeout(() => setShowCode(true), MANUAL_CODE_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div className="checkin-overlay" role="dialog" aria-modal="true" aria-labelledby="checkin-overlay-title">
      <div className="checkin-overlay-card">
        <h2 id="checkin-overlay-title">{m.overlayTitle}</h2>
        <p>{m.overlayHelp}</p>
        <TicketQr registrationId={registrationId} seq={seq} showCode={showCode} size={240} />
        {!showCode && <p className="checkin-overlay-soon">{m.manualCodeSoon}</p>}
        <button type="button" className="button button-secondary" onClick={onClose}>
          {m.close}
        </button>
      </div>
    </div>
  );
}
