import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReminderPrefsInput } from '../../../domain/reminders.ts';
import { apiClient, unwrap } from '../../../lib/api.ts';

/** GET /v1/me/reminders: how the member wants to be told (README 'Reminders and notices'). */
export const reminderPrefsQuery = () =>
  queryOptions({
    queryKey: ['me', 'reminders'] as const,
    queryFn: () => unwrap(apiClient().v1.me.reminders.$get()),
  });

/** PUT /v1/me/reminders; the answer is the saved choice. */
export function useSaveReminderPrefs() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (json: ReminderPrefsInput) => unwrap(apiClient().v1.me.reminders.$put({ json })),
    onSuccess: (saved) => client.setQueryData(reminderPrefsQuery().queryKey, saved),
  });
}
