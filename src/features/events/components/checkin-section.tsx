/**
 * The event page's check-in part (product-spec.md §2, §4): for a member with a paid registration, a button that
 * toggles the ticket QR, and when they checked in. The overlay 'Está na hora de fazer o Check-in...'
 * is the app-wide check-in prompt (features/checkin/checkin-prompt.tsx), which also shows here.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { myCheckinsQuery } from '../../../data/registrations/my-checkins-query.ts';
import { useMyRegistrations } from '../../../data/registrations/use-my-registrations.ts';
import { formatTime } from '../../../domain/dates.ts';
import { checkinMessages as m } from '../../../domain/messages/checkin.ts';
import { currentRegistration, hasValidTicket } from '../../../domain/registrations.ts';
import type { EventDetail } from '../../../domain/types.ts';
import { useSessionStore } from '../../../lib/session.ts';
import { TicketQr } from '../../../ui/ticket-qr.tsx';

export function CheckinSection({ event }: { event: EventDetail }) {
  const userId = useSessionStore((s) => s.session?.user.id ?? null);
  const { data: registrations } = useMyRegistrations();
  const registration = userId ? currentRegistration(registrations, event.id) : undefined;
  const paid = registration && hasValidTicket(registration) ? registration : undefined;
  const [showQr, setShowQr] = useState(false);
  const checkins = useQuery({ ...myCheckinsQuery(userId ?? ''), enabled: Boolean(paid && userId) });
  const checkedInAt = checkins.data?.find((c) => c.event_id === event.id)?.at;

  if (!paid) return null;
  return (
    <section className="page-section" aria-labelledby="checkin-title">
      <h2 id="checkin-title">{m.checkinSection}</h2>
      {checkedInAt && <p>{m.checkedIn(formatTime(checkedInAt))}</p>}
      <button type="button" className="button button-secondary" onClick={() => setShowQr((s) => !s)}>
        {showQr ? m.hideQr : m.showQr}
      </button>
      {showQr && <TicketQr registrationId={paid.id} seq={paid.seq} />}
    </section>
  );
}
