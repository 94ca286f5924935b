/**
 * The member joins or leaves a sold-out tier's waiting list; the answer is their new entry (or null),
 * written into the cache. React-free. Failures throw the API's ApiFailure (code + pt-BR message).
 */
import { fetchApi } from '../api.ts';
import { queryClient } from '../query-client.ts';
import { myWaitlistQuery } from './waitlist-query.ts';

export async function joinWaitlist(tierId: string) {
  const { entry } = await fetchApi((api) => api.v1.waitlist.tiers[':tierId'].$post({ param: { tierId } }));
  queryClient.setQueryData(myWaitlistQuery(tierId).queryKey, entry);
  return entry;
}

export async function leaveWaitlist(tierId: string) {
  await fetchApi((api) => api.v1.waitlist.tiers[':tierId'].$delete({ param: { tierId } }));
  queryClient.setQueryData(myWaitlistQuery(tierId).queryKey, null);
}
