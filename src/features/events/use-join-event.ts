/**
 * Join-event flow (product-spec.md §4): external_redirect opens a new tab (only an http(s) URL: any other
 * scheme, e.g. javascript:, is ignored and the usual flow runs); otherwise the event is refreshed, a
 * guest sees the details overlay, a member with a paid registration goes to the event page, anyone
 * else sees the overlay. (The QR check-in overlay on the event page belongs to the check-in work.)
 * The member's registrations are read from the query cache when they click, through a chunk that
 * only signed-in members load: a guest's first load carries nothing of it.
 */
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect } from 'react';
import { eventQuery } from '../../data/events/event-query.ts';
import { queryClient } from '../../data/query-client.ts';
import { myRegistrationsQuery } from '../../data/registrations/my-registrations-query.ts';
import type { EventSummary } from '../../domain/types.ts';
import { externalRedirectOf } from '../../domain/urls.ts';
import { useSessionStore } from '../../lib/session.ts';
import { useEventOverlay } from './use-event-overlay.ts';

const memberRegistrations = () => import('./member-registrations.ts');

export function useJoinEvent() {
  const userId = useSessionStore((s) => s.session?.user.id);
  const { open } = useEventOverlay();
  const navigate = useNavigate();

  // Signed in: keep the member's registrations fresh, and their chunk loaded before a click.
  useQuery({ ...myRegistrationsQuery(userId ?? ''), enabled: Boolean(userId) });
  useEffect(() => {
    if (userId) void memberRegistrations();
  }, [userId]);

  return useCallback(
    async (event: Pick<EventSummary, 'id' | 'external_redirect'>) => {
      const external = externalRedirectOf(event);
      if (external) {
        window.open(external, '_blank', 'noopener'); // inside the click, or popup blockers step in
        return;
      }
      void queryClient.prefetchQuery({ ...eventQuery(event.id), staleTime: 0 });
      const registration = userId
        ? await (await memberRegistrations()).storedRegistration(userId, event.id)
        : undefined;
      if (registration?.status === 'paid') {
        void navigate({ to: '/events/$id', params: { id: event.id } });
        return;
      }
      open(event.id);
    },
    [userId, open, navigate],
  );
}
