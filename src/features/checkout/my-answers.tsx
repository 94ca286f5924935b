/**
 * The member's answers to the event's questions on their registration (README 'Registration
 * questions'): shown, and editable until the event starts, with the same rules as the checkout.
 * Online only: offline the ticket shows without them.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { myAnswersQuery, saveMyAnswersMutation } from '../../data/questions/questions.ts';
import { minorMessages } from '../../domain/messages/minors.ts';
import { questionMessages as t } from '../../domain/messages/questions.ts';
import { type Answers, answersErrors, answerText } from '../../domain/questions.ts';
import { AnswerFields } from '../../ui/answer-fields.tsx';
import { FormAlert } from '../../ui/field.tsx';
import { notify } from '../../ui/notices.tsx';

export function MyAnswers({ registrationId }: { registrationId: string }) {
  const { data } = useQuery({ ...myAnswersQuery(registrationId), retry: false });
  const [editing, setEditing] = useState<Answers | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const save = useMutation(saveMyAnswersMutation);
  if (!data) return null;
  // a minor's registration: the guardian's consent, until which the ticket is not valid at the door
  const guardian = data.guardian && (
    <p className="registration-removed" role="status" data-testid="guardian-status">
      {data.guardian.state === 'pending'
        ? minorMessages.awaiting
        : data.guardian.state === 'authorized'
          ? minorMessages.authorized(data.guardian.guardian_name)
          : minorMessages.refused}
    </p>
  );
  if (data.questions.length === 0) return guardian || null;

  if (editing) {
    const submit = async () => {
      const found = answersErrors(data.questions, editing);
      setErrors(found);
      if (Object.keys(found).length > 0 || busy) return;
      setBusy(true);
      try {
        await save.mutateAsync({ registrationId, answers: editing });
        notify('positive', t.answersSaved);
        setEditing(null);
        setFailure(undefined);
      } catch (e) {
        setFailure((e as Error).message);
      } finally {
        setBusy(false);
      }
    };
    return (
      <form
        className="my-answers"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        {failure && <FormAlert>{failure}</FormAlert>}
        <AnswerFields
          questions={data.questions}
          answers={editing}
          errors={errors}
          onChange={setEditing}
          title={t.answersTitle}
        />
        <button type="submit" className="button button-block" disabled={busy}>
          {t.saveAnswers}
        </button>
        <button
          type="button"
          className="button button-secondary button-block"
          onClick={() => setEditing(null)}
        >
          {t.cancel}
        </button>
      </form>
    );
  }
  return (
    <section className="my-answers" aria-labelledby="my-answers-title">
      {guardian}
      <h3 id="my-answers-title">{t.answersTitle}</h3>
      <dl className="checkout-facts" data-testid="my-answers">
        {data.questions.map((q) => (
          <div key={q.id}>
            <dt>{q.label}</dt>
            <dd>{answerText(q.kind, data.answers[q.id]) || t.noAnswer}</dd>
          </div>
        ))}
      </dl>
      {data.editable && (
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
