import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { myDataKey } from '../../../data/registrations/my-registrations-query.ts';
import type { ReminderPrefsInput } from '../../../domain/reminders.ts';
import { apiClient, unwrap } from '../../../lib/api.ts';
import { useSessionStore } from '../../../lib/session.ts';

/** GET /v1/me/reminders: how the member wants to be told (README 'Reminders and notices'); under the
 * member's key, so sign-out wipes it. */
export const reminderPrefsQuery = (userId: string) =>
  queryOptions({
    queryKey: [...myDataKey(userId), 'reminders'] as const,
    queryFn: () => unwrap(apiClient().v1.me.reminders.$get()),
    // a message's 'Não quero receber lembretes' link changes it from outside the app: asked on each visit
    staleTime: 0,
  });

/** PUT /v1/me/reminders; the answer is the saved choice. */
export function useSaveReminderPrefs() {
  const client = useQueryClient();
  const userId = useSessionStore((s) => s.session?.user.id ?? '');
  return useMutation({
    mutationFn: (json: ReminderPrefsInput) => unwrap(apiClient().v1.me.reminders.$put({ json })),
    onSuccess: (saved) => client.setQueryData(reminderPrefsQuery(userId).queryKey, saved),
  });
}
