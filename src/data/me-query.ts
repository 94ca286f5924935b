/**
 * GET /v1/me: the signed-in user's profile, consents and permissions (menu, profile, welcome, admin
 * guards). Part of the member's data: kept on the device so the menu works offline, wiped on sign-out
 * (its key starts with 'me' and the user's id, like the rest of their data). React-free.
 */
import { queryOptions } from '@tanstack/react-query';
import { orKept } from './kept.ts';
import { myDataKey } from './registrations/my-registrations-query.ts';

export const meQuery = (userId: string) =>
  queryOptions({
    queryKey: [...myDataKey(userId), 'profile'] as const,
    queryFn: () =>
      orKept(async () => {
        // the typed client loads here, for a signed-in user, not with a guest's first screen
        const { apiClient, unwrap } = await import('../lib/api.ts');
        return unwrap(apiClient().v1.me.$get());
      }),
    // asked again on the auth events (session-sync.ts) and after the member's own changes, not per screen
    staleTime: 5 * 60_000,
    gcTime: Number.POSITIVE_INFINITY,
  });
