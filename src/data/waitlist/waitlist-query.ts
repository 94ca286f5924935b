/**
 * GET /v1/waitlist/tiers/:tierId: the signed-in member's place on a sold-out tier's waiting list
 * (position, or the offer held for them and until when), null when they are not on it. Asked by
 * the tier list and the checkout (a place held for the member opens a tier that looks sold out).
 * Online only: not kept on the device, gone at sign-out.
 */
import { queryOptions } from '@tanstack/react-query';
import { apiClient, unwrap } from '../../lib/api.ts';

export const myWaitlistQuery = (tierId: string) =>
  queryOptions({
    queryKey: ['waitlist', tierId] as const,
    queryFn: async () =>
      (await unwrap(apiClient().v1.waitlist.tiers[':tierId'].$get({ param: { tierId } }))).entry,
    staleTime: 0,
    retry: false,
  });
