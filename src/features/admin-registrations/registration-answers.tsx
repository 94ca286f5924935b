/**
 * The answers of one registration in the staff's review (README 'Registration questions'): each
 * question and its answer; a sensitive one only for read_sensitive; staff with write_confirmations
 * may change them at any time, checked with the same rules as the member's.
 */
import { useState } from 'react';
import { minorMessages } from '../../domain/messages/minors.ts';
import { questionMessages as t } from '../../domain/messages/questions.ts';
import { type Answers, answersErrors, answerText } from '../../domain/questions.ts';
import { ApiFailure } from '../../lib/api.ts';
import { AnswerFields } from '../../ui/answer-fields.tsx';
import { FormAlert } from '../../ui/field.tsx';
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
  const [editing, setEditing] = useState<Answers | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string>();
  if (!data) return null;
  const guardian = data.guardian && (
    <p data-testid="staff-guardian-status">
      {data.guardian.state === 'pending'
        ? minorMessages.awaiting
        : data.guardian.state === 'authorized'
          ? minorMessages.authorized(data.guardian.guardian_name)
          : minorMessages.refused}{' '}
      {canWrite && data.guardian.state !== 'authorized' && (
        <button type="button" className="button button-secondary" onClick={() => void paper()}>
          {minorMessages.recordPaper}
        </button>
      )}
    </p>
  );
  async function paper() {
    try {
      await recordPaper();
      notify('positive', minorMessages.paperRecorded);
    } catch (e) {
      notify('negative', (e as Error).message);
    }
  }
  if (data.questions.length === 0) return guardian || null;
  const visible = data.questions.filter((q) => !data.hidden.includes(q.id));

  if (editing) {
    const submit = async () => {
      const next = answersErrors(visible, editing);
      setErrors(next);
      if (Object.keys(next).length) return;
      try {
        await save.mutateAsync(editing);
        notify('positive', t.answersSaved);
        setEditing(null);
      } catch (e) {
        setFailure(e instanceof ApiFailure ? e.message : String(e));
      }
    };
    return (
      <form
        className="review-answers"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        {failure && <FormAlert>{failure}</FormAlert>}
        <AnswerFields
          questions={visible}
          answers={editing}
          errors={errors}
          onChange={setEditing}
          title={t.answersTitle}
        />
        <button type="submit" className="button" disabled={save.isPending}>
          {t.saveAnswers}
        </button>{' '}
        <button type="button" className="button button-secondary" onClick={() => setEditing(null)}>
          {t.cancel}
        </button>
      </form>
    );
  }
  return (
    <section className="review-answers" aria-label={t.answersTitle}>
      {guardian}
      <h3>{t.answersTitle}</h3>
      <dl className="review-facts" data-testid="registration-answers">
        {data.questions.map((q) => (
          <div key={q.id}>
            <dt>{q.label}</dt>
            <dd>
              {data.hidden.includes(q.id)
                ? t.hiddenSensitive
                : answerText(q.kind, data.answers[q.id]) || t.noAnswer}
            </dd>
          </div>
        ))}
      </dl>
      {canWrite && (
        <button
          type="button"
          className="button button-secondary"
          onClick={() => setEditing({ ...data.answers })}
        >
          {t.editAnswers}
        </button>
      )}
    </section>
  );
}
