/**
 * What a checkout needs of an event's tier, one person's or a caravan's: the event and the tier,
 * the tier's registration questions (README 'Registration questions'), the event's age rules (a
 * birth date, and a guardian under 18: README 'Minors') and whether the event or tier is missing.
 */
import { useQuery } from '@tanstack/react-query';
import { questionsForTier } from '../../domain/questions.ts';
import { eventMinorsQuery, eventQuestionsQuery } from '../questions/questions.ts';
import { useEvent } from './use-events.ts';

export function usePaymentContext(eventId: string, tierId: string) {
  const { data: event, status, view } = useEvent(eventId);
  const allQuestions = useQuery(eventQuestionsQuery(eventId));
  const minorRules = useQuery(eventMinorsQuery(eventId)).data;
  const tier = event?.pricing_tiers.find((t) => t.id === tierId);
  return {
    event,
    tier,
    questions: questionsForTier(allQuestions.data ?? [], tierId),
    minorRules,
    asksAge: Boolean(minorRules && (minorRules.min_age !== null || minorRules.guardian_consent)),
    /** No such event or tier (or it could not be read): said instead of a spinner. */
    missing: Boolean(
      view === 'unavailable' || (event === null && status.phase !== 'refreshing') || (event && !tier),
    ),
  };
}
