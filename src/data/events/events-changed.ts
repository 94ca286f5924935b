/**
 * After staff change an event (saved, duplicated, deleted), the public answers this device holds
 * (the home, a month, the event) are asked again on the next screen that shows them, and a deleted
 * event leaves every list at once: the admin who just deleted it never sees it on the home.
 */
import type { EventDetail } from '../../domain/types.ts';
import { queryClient } from '../query-client.ts';

export async function eventsChanged(deletedId?: string): Promise<void> {
  if (deletedId) {
    queryClient.setQueriesData({ queryKey: ['events'] }, (data: unknown) =>
      Array.isArray(data) ? (data as EventDetail[]).filter((e) => e.id !== deletedId) : data,
    );
    queryClient.setQueryData(['events', 'id', deletedId], null);
  }
  await queryClient.invalidateQueries({ queryKey: ['events'] });
}
