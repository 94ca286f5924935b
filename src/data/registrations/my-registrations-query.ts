/**
 * GET /v1/registrations: the signed-in member's registrations (all statuses), as the API answers
 * them. Kept on the device so 'Ver inscrição »' and the ticket open offline (persist.ts); wiped on
 * sign-out (member-data.ts): every key of the member's own data starts with 'me' and their id.
 */
import { queryOptions } from '@tanstack/react-query';
import { orKept, restoreQueries } from '../kept.ts';

export const myDataKey = (userId: string) => ['me', userId] as const;

export const myRegistrationsQuery = (userId: string) =>
  queryOptions({
    queryKey: [...myDataKey(userId), 'registrations'] as const,
    queryFn: () => {
      // what the device kept shows at once (a ticket on a slow network), this answer after
      void restoreQueries();
      return orKept(async () => {
        // the typed client loads here, for a member: the first screen (where this query is) does not carry it
        const { apiClient, unwrap } = await import('../../lib/api.ts');
        return unwrap(apiClient().v1.registrations.$get());
      });
    },
    gcTime: Number.POSITIVE_INFINITY,
  });
