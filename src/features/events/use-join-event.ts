/**
 * Join-event flow (spec §4): external_redirect opens a new tab (only an http(s) URL: any other
 * scheme, e.g. javascript:, is ignored and the usual flow runs); otherwise the event is refreshed, a
 * guest sees the details overlay, a member with a paid registration goes to the event page, anyone
 * else sees the overlay. (The QR check-in overlay on the event page belongs to the check-in work.)
 */
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { refreshEvent } from '../../data/events/refresh.ts';
import { useMyRegistrations } from '../../data/registrations/use-my-registrations.ts';
import { currentRegistration } from '../../domain/tiers.ts';
import type { EventSummary } from '../../domain/types.ts';
import { externalRedirectOf } from '../../domain/urls.ts';
import { useIsSignedIn } from '../../lib/session.ts';
import { useEventOverlay } from './use-event-overlay.ts';

export function useJoinEvent() {
  const signedIn = useIsSignedIn();
  const { data: registrations } = useMyRegistrations();
  const { open } = useEventOverlay();
  const navigate = useNavigate();

  return useCallback(
    (event: Pick<EventSummary, 'id' | 'external_redirect'>) => {
      const external = externalRedirectOf(event);
      if (external) {
        window.open(external, '_blank', 'noopener');
        return;
      }
      void refreshEvent(event.id);
      const registration = signedIn ? currentRegistration(registrations, event.id) : undefined;
      if (registration?.status === 'paid') {
        void navigate({ to: '/events/$id', params: { id: event.id } });
        return;
      }
      open(event.id);
    },
    [signedIn, registrations, open, navigate],
  );
}
