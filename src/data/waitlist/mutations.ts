/**
 * The member joins or leaves a sold-out tier's waiting list, as `mutationOptions` for `useMutation`;
 * the answer (their new entry, or null) is written into the cache. React-free. Failures throw the
 * API's ApiFailure (code + pt-BR message).
 */
import { mutationOptions } from '@tanstack/react-query';
import { apiClient, unwrap } from '../../lib/api.ts';
import { queryClient } from '../query-client.ts';
import { myWaitlistQuery } from './waitlist-query.ts';

/** POST /v1/waitlist/tiers/:tierId */
export const joinWaitlistMutation = mutationOptions({
  mutationFn: async (tierId: string) =>
    (await unwrap(apiClient().v1.waitlist.tiers[':tierId'].$post({ param: { tierId } }))).entry,
  onSuccess: (entry, tierId) => queryClient.setQueryData(myWaitlistQuery(tierId).queryKey, entry),
});

/** DELETE /v1/waitlist/tiers/:tierId */
export const leaveWaitlistMutation = mutationOptions({
  mutationFn: async (tierId: string) => {
    await unwrap(apiClient().v1.waitlist.tiers[':tierId'].$delete({ param: { tierId } }));
  },
  onSuccess: (_, tierId) => queryClient.setQueryData(myWaitlistQuery(tierId).queryKey, null),
});
