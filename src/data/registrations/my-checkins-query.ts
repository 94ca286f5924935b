/**
 * GET /v1/checkins: the member's own check-ins (part of their data: wiped on sign-out, kept on the
 * device with it, data/persist.ts).
 */
import { queryOptions } from '@tanstack/react-query';
import type { MyCheckin } from '../../domain/checkin.ts';
import { myDataKey } from './my-registrations-query.ts';

export const myCheckinsQuery = (userId: string) =>
  queryOptions({
    queryKey: [...myDataKey(userId), 'checkins'] as const,
    queryFn: async (): Promise<MyCheckin[]> => {
      // loaded on first use, as in my-registrations-query.ts (this query is on the first screen)
      const { apiClient, unwrap } = await import('../../lib/api.ts');
      return unwrap(apiClient().v1.checkins.$get());
    },
  });
