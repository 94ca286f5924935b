/**
 * A caravan in the leader's Minhas inscrições: the group's QR (the door lists the caravan from it)
 * and every person's ticket (QR and code once paid, else the status; a minor's guardian consent). From the stored registrations,
 * so it opens offline.
 */

import { lazy, Suspense, useEffect, useState } from 'react';
import { caravanMembers, groupQrContent } from '../../domain/caravans.ts';
import { caravanMessages as m } from '../../domain/messages/caravans.ts';
import { minorMessages } from '../../domain/messages/minors.ts';
import { formatPrice } from '../../domain/money.ts';
import { hasValidTicket, statusLabel } from '../../domain/registrations.ts';
import type { MyRegistration } from '../../domain/types.ts';
import { qrDataUrl, TicketQr } from '../../ui/ticket-qr.tsx';

/**
 * Who of the caravan came in, live: it needs the network, so it is fetched when shown, not
 * precached (vite.config.ts); offline the tickets show without it.
 */
const CaravanArrivals = lazy(() =>
  import('./caravan-arrivals.tsx')
    .then((module) => ({ default: module.CaravanArrivals }))
    .catch(() => ({ default: () => null })),
);

export function CaravanTickets({
  registration,
  all,
}: {
  registration: MyRegistration;
  all: readonly MyRegistration[];
}) {
  const group = registration.group!;
  const members = caravanMembers(all, group.id);
  const paid = members.some((r) => hasValidTicket(r));
  return (
    <section
      className="caravan-tickets"
      aria-labelledby="caravan-tickets-title"
      data-testid="caravan-tickets"
    >
      <h3 id="caravan-tickets-title">{m.groupTitle(group.people)}</h3>
      <p>{formatPrice(group.frozen_total)}</p>
      {paid && (
        <figure className="ticket-qr" data-testid="group-qr">
          <GroupQr groupId={group.id} people={group.people} />
          <figcaption>{m.groupQrTitle}</figcaption>
        </figure>
      )}
      {paid && (
        <Suspense fallback={null}>
          <CaravanArrivals groupId={group.id} eventId={registration.event_id} />
        </Suspense>
      )}
      <h4>{m.tickets}</h4>
      <ul className="caravan-ticket-list">
        {members.map((r) => (
          <li key={r.id} data-testid="caravan-ticket">
            <p className="caravan-ticket-name">{m.ticketOf(r.guest!.name)}</p>
            {r.guardian && (
              <p className="caravan-ticket-guardian" data-testid="caravan-ticket-guardian">
                {r.guardian.state === 'pending'
                  ? minorMessages.awaiting
                  : r.guardian.state === 'authorized'
                    ? minorMessages.authorized(r.guardian.name)
                    : minorMessages.refused}
              </p>
            )}
            {hasValidTicket(r) ? (
              <TicketQr registrationId={r.id} seq={r.seq} size={160} />
            ) : (
              <span className={`badge badge-${r.status}`}>{statusLabel(r.status)}</span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function GroupQr({ groupId, people }: { groupId: string; people: number }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void qrDataUrl(groupQrContent(groupId)).then((url) => {
      if (live) setSrc(url);
    });
    return () => {
      live = false;
    };
  }, [groupId]);
  return src ? (
    <img src={src} width={200} height={200} alt={m.groupQrAlt(people)} className="ticket-qr-image" />
  ) : (
    <span className="ticket-qr-image ticket-qr-placeholder" style={{ width: 200, height: 200 }} />
  );
}
