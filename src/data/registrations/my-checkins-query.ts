/**
 * GET /v1/checkins: the member's own check-ins (part of their data: wiped on sign-out, kept on the
 * device with it, data/persist.ts).
 */
import { queryOptions } from '@tanstack/react-query';
import type { MyCheckin } from '../../domain/checkin.ts';
import { fetchApi } from '../api.ts';
import { myDataKey } from './my-registrations-query.ts';

export const myCheckinsQuery = (userId: string) =>
  queryOptions({
    queryKey: [...myDataKey(userId), 'checkins'] as const,
    queryFn: (): Promise<MyCheckin[]> => fetchApi((api) => api.v1.checkins.$get()),
  });
