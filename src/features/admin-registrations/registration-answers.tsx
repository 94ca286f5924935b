/**
 * The answers of one registration in the staff's review (README 'Registration questions'): each
 * question and its answer; a sensitive one only for read_sensitive; staff with write_confirmations
 * may change them at any time, checked with the same rules as the member's.
 */
import { minorMessages } from '../../domain/messages/minors.ts';
import { AnswersCard, GuardianStatus } from '../../ui/answers-card.tsx';
import { notify } from '../../ui/notices.tsx';
import {
  useRecordPaperConsent,
  useRegistrationAnswers,
  useSaveRegistrationAnswers,
} from './api/registration-answers.ts';

export function RegistrationAnswers({
  registrationId,
  canWrite,
}: {
  registrationId: string;
  canWrite: boolean;
}) {
  const { data } = useRegistrationAnswers(registrationId);
  const save = useSaveRegistrationAnswers(registrationId);
  const recordPaper = useRecordPaperConsent(registrationId);
  if (!data) return null;
  const guardian = data.guardian && (
    <GuardianStatus guardian={data.guardian} testId="staff-guardian-status">
      {canWrite && data.guardian.state !== 'authorized' && (
        <button type="button" className="button button-secondary" onClick={() => void paper()}>
          {minorMessages.recordPaper}
        </button>
      )}
    </GuardianStatus>
  );
  async function paper() {
    try {
      await recordPaper();
      notify('positive', minorMessages.paperRecorded);
    } catch (e) {
      notify('negative', (e as Error).message);
    }
  }
  return (
    <AnswersCard
      questions={data.questions}
      answers={data.answers}
      hidden={data.hidden}
      editable={canWrite}
      onSave={(answers) => save.mutateAsync(answers)}
      header={guardian}
      className="review-answers"
      factsClassName="review-facts"
      testId="registration-answers"
    />
  );
}
