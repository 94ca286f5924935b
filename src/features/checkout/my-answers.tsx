/**
 * The member's answers to the event's questions on their registration (README 'Registration
 * questions'): shown, and editable until the event starts, with the same rules as the checkout.
 * Online only: offline the ticket shows without them.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { myAnswersQuery, saveMyAnswersMutation } from '../../data/questions/questions.ts';
import { AnswersCard, GuardianStatus } from '../../ui/answers-card.tsx';

export function MyAnswers({ registrationId }: { registrationId: string }) {
  const { data } = useQuery({ ...myAnswersQuery(registrationId), retry: false });
  const save = useMutation(saveMyAnswersMutation);
  if (!data) return null;
  // a minor's registration: the guardian's consent, until which the ticket is not valid at the door
  const guardian = data.guardian && (
    <GuardianStatus guardian={data.guardian} className="registration-removed" testId="guardian-status" />
  );
  return (
    <AnswersCard
      questions={data.questions}
      answers={data.answers}
      editable={data.editable}
      onSave={(answers) => save.mutateAsync({ registrationId, answers })}
      header={guardian}
      className="my-answers"
      factsClassName="checkout-facts"
      testId="my-answers"
      block
    />
  );
}
