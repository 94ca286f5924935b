/**
 * A tier's waiting list as staff manage it (write_events): the list, and the writes (move, remove,
 * offer by hand, the offer's hours), each answering the list again, written into the cache. The
 * tier's places change with an offer, so the event is refreshed too.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffWaitlist } from '../../../domain/waitlist.ts';
import { apiClient, unwrap } from '../../../lib/api.ts';

const key = (tierId: string) => ['admin-waitlist', tierId] as const;

export function useStaffWaitlist(eventId: string, tierId: string) {
  return useQuery({
    queryKey: key(tierId),
    queryFn: (): Promise<StaffWaitlist> =>
      unwrap(
        apiClient().v1.admin.events[':id'].tiers[':tierId'].waitlist.$get({ param: { id: eventId, tierId } }),
      ),
  });
}

export function useWaitlistWrites(eventId: string, tierId: string) {
  const client = useQueryClient();
  const list = apiClient().v1.admin.events[':id'].tiers[':tierId'].waitlist;
  const onSuccess = (answer: StaffWaitlist) => {
    client.setQueryData(key(tierId), answer);
    void client.invalidateQueries({ queryKey: ['admin-event', eventId] });
  };
  const param = (entryId: string) => ({ id: eventId, tierId, entryId });
  return {
    move: useMutation({
      mutationFn: ({ entryId, direction }: { entryId: string; direction: 'up' | 'down' }) =>
        unwrap(list[':entryId'].move.$post({ param: param(entryId), json: { direction } })),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (entryId: string) => unwrap(list[':entryId'].$delete({ param: param(entryId) })),
      onSuccess,
    }),
    offer: useMutation({
      mutationFn: (entryId: string) => unwrap(list[':entryId'].offer.$post({ param: param(entryId) })),
      onSuccess,
    }),
    hours: useMutation({
      mutationFn: (hours: number) =>
        unwrap(list.hours.$put({ param: { id: eventId, tierId }, json: { hours } })),
      onSuccess,
    }),
  };
}
