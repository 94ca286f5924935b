/** GET /v1/files?type=eventFile: a short-lived signed address of an event's file (members only). */
import { queryOptions } from '@tanstack/react-query';
import { apiClient, unwrap } from '../../../lib/api.ts';

export const eventFileUrlQuery = (path: string) =>
  queryOptions({
    queryKey: ['files', 'eventFile', path] as const,
    queryFn: async () =>
      (await unwrap(apiClient().v1.files.$get({ query: { type: 'eventFile', filename: path } }))).signedUrl,
    // asked again each time the file is opened: the address expires
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
