/**
 * GET /v1/registrations: the signed-in member's registrations (all statuses), as the API answers
 * them. Kept on the device so 'Ver inscrição »' and the ticket open offline (persist.ts); wiped on
 * sign-out (member-data.ts): every key of the member's own data starts with 'me' and their id.
 */
import { queryOptions } from '@tanstack/react-query';
import { fetchApi } from '../api.ts';
import { orKept, restoreQueries } from '../kept.ts';

export const myDataKey = (userId: string) => ['me', userId] as const;

export const myRegistrationsQuery = (userId: string) =>
  queryOptions({
    queryKey: [...myDataKey(userId), 'registrations'] as const,
    queryFn: () => {
      // what the device kept shows at once (a ticket on a slow network), this answer after
      void restoreQueries();
      return orKept(() => fetchApi((api) => api.v1.registrations.$get()));
    },
    gcTime: Number.POSITIVE_INFINITY,
  });
