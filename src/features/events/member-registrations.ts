/**
 * What the join flow needs of a signed-in member's registrations, in a chunk of its own: guests
 * never load it (nor the registration rules behind it); for a member it loads after the first paint.
 */
import { openDb } from '../../data/open-db.ts';
import { refreshMyRegistrations } from '../../data/registrations/refresh.ts';
import { readMyRegistrations } from '../../data/registrations/store.ts';
import { currentRegistration } from '../../domain/registrations.ts';

export { refreshMyRegistrations };

/** The member's registration that counts for the event, as stored on this device (works offline). */
export async function storedRegistration(userId: string, eventId: string) {
  return currentRegistration(await readMyRegistrations(await openDb(), userId), eventId);
}
