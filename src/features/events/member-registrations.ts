/**
 * What the join flow needs of a signed-in member's registrations, in a chunk of its own: guests
 * never load it (nor the registration rules behind it); for a member it loads after the first paint.
 */
import { restoreQueries } from '../../data/kept.ts';
import { queryClient } from '../../data/query-client.ts';
import { myRegistrationsQuery } from '../../data/registrations/my-registrations-query.ts';
import { currentRegistration } from '../../domain/registrations.ts';

/** The member's registration that counts for the event, as this device has it (works offline). */
export async function storedRegistration(userId: string, eventId: string) {
  const { queryKey } = myRegistrationsQuery(userId);
  if (!queryClient.getQueryData(queryKey)) await restoreQueries();
  return currentRegistration(queryClient.getQueryData(queryKey), eventId);
}
