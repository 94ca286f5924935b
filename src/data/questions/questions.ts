/**
 * An event's registration questions and a registration's answers (README 'Registration
 * questions'): the queries the checkout, the caravan form, the staff desk and the ticket page
 * share, and the member's edit. Online only (not kept for offline).
 */
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import type { Answers } from '../../domain/questions.ts';
import { apiClient, unwrap } from '../../lib/api.ts';
import { queryClient } from '../query-client.ts';

/** GET /v1/events/:id/questions */
export const eventQuestionsQuery = (eventId: string) =>
  queryOptions({
    queryKey: ['event-questions', eventId] as const,
    queryFn: () => unwrap(apiClient().v1.events[':id'].questions.$get({ param: { id: eventId } })),
  });

/**
 * After staff change an event's questions: the form members fill is asked again on its next screen
 * (an admin who tries the event's checkout in the same tab sees the new questions).
 */
export function questionsChanged(eventId: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: eventQuestionsQuery(eventId).queryKey });
}

/** GET /v1/registrations/:id/answers */
export const myAnswersQuery = (registrationId: string) =>
  queryOptions({
    queryKey: ['registration-answers', registrationId] as const,
    queryFn: () =>
      unwrap(apiClient().v1.registrations[':id'].answers.$get({ param: { id: registrationId } })),
  });

/** PUT /v1/registrations/:id/answers: the member's change, until the event starts. */
export const saveMyAnswersMutation = mutationOptions({
  mutationFn: ({ registrationId, answers }: { registrationId: string; answers: Answers }) =>
    unwrap(
      apiClient().v1.registrations[':id'].answers.$put({ param: { id: registrationId }, json: { answers } }),
    ),
  onSuccess: (answer, { registrationId }) => {
    queryClient.setQueryData(myAnswersQuery(registrationId).queryKey, answer);
  },
});

/** GET /v1/events/:id/minors: the event's minimum age and whether minors need their guardian. */
export const eventMinorsQuery = (eventId: string) =>
  queryOptions({
    queryKey: ['event-minors', eventId] as const,
    queryFn: () => unwrap(apiClient().v1.events[':id'].minors.$get({ param: { id: eventId } })),
  });
