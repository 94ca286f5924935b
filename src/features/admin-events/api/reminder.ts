import { queryOptions } from '@tanstack/react-query';
import type { EventReminderInput } from '../../../domain/reminders.ts';
import { apiClient, unwrap } from '../../../lib/api.ts';

/** GET /v1/admin/events/:id/reminder: the reminder before the event (README 'Reminders and notices'). */
export const eventReminderQuery = (eventId: string) =>
  queryOptions({
    queryKey: ['admin-event-reminder', eventId] as const,
    queryFn: () => unwrap(apiClient().v1.admin.events[':id'].reminder.$get({ param: { id: eventId } })),
  });

/** PUT /v1/admin/events/:id/reminder. */
export const saveEventReminder = (eventId: string, json: EventReminderInput) =>
  unwrap(apiClient().v1.admin.events[':id'].reminder.$put({ param: { id: eventId }, json }));
