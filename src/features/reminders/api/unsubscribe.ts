import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '../../../lib/api.ts';

/** GET /v1/reminders/unsubscribe/:token: whether the link's member already stopped reminders (changes nothing). */
export const unsubscribeQuery = (token: string) =>
  queryOptions({
    queryKey: ['reminders-unsubscribe', token] as const,
    queryFn: () => unwrap(apiClient().v1.reminders.unsubscribe[':token'].$get({ param: { token } })),
    retry: false,
  });

/** POST /v1/reminders/unsubscribe/:token: 'Não quero receber lembretes'. */
export function useUnsubscribe(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(apiClient().v1.reminders.unsubscribe[':token'].$post({ param: { token } })),
    onSuccess: () => client.setQueryData(unsubscribeQuery(token).queryKey, { reminders_off: true }),
  });
}
