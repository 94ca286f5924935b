/**
 * A registration's answers to the event's questions (README 'Registration questions'), shown and,
 * where allowed, edited with the same rules as the checkout: the member's on their registration and
 * the staff's in the review (where a sensitive answer the reader may not see is `hidden`).
 */
import { type ReactNode, useState } from 'react';
import { minorMessages } from '../domain/messages/minors.ts';
import { questionMessages as t } from '../domain/messages/questions.ts';
import { type Answers, answersErrors, answerText, type EventQuestion } from '../domain/questions.ts';
import { AnswerFields } from './answer-fields.tsx';
import { FormAlert } from './field.tsx';
import { notify } from './notices.tsx';

/** A minor's registration: where the guardian's consent stands (then the reader's action, if any). */
export function GuardianStatus({
  guardian,
  className,
  testId,
  children,
}: {
  guardian: { state: string; guardian_name: string };
  className?: string;
  testId: string;
  children?: ReactNode;
}) {
  const text =
    guardian.state === 'pending'
      ? minorMessages.awaiting
      : guardian.state === 'authorized'
        ? minorMessages.authorized(guardian.guardian_name)
        : minorMessages.refused;
  return (
    <p className={className} role="status" data-testid={testId}>
      {text}
      {children && <> {children}</>}
    </p>
  );
}

export function AnswersCard({
  questions,
  answers,
  hidden = [],
  editable,
  onSave,
  header,
  className,
  factsClassName,
  testId,
  block = false,
}: {
  questions: readonly EventQuestion[];
  answers: Answers;
  /** Ids of the questions whose answer the reader may not see (nor change). */
  hidden?: readonly string[];
  editable: boolean;
  onSave(answers: Answers): Promise<unknown>;
  /** Shown above the answers (the guardian's consent); alone when the event asks no question. */
  header?: ReactNode;
  className: string;
  factsClassName: string;
  testId: string;
  /** Full-width buttons (the member's phone screen). */
  block?: boolean;
}) {
  const [editing, setEditing] = useState<Answers | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const titleId = `${testId}-title`;
  // no questions: only the header (the guardian's consent), if any
  if (questions.length === 0) return header ?? null;

  if (editing) {
    const visible = questions.filter((q) => !hidden.includes(q.id));
    const submit = async () => {
      const found = answersErrors(visible, editing);
      setErrors(found);
      if (Object.keys(found).length > 0 || busy) return;
      setBusy(true);
      try {
        await onSave(editing);
        notify('positive', t.answersSaved);
        setEditing(null);
        setFailure(undefined);
      } catch (e) {
        setFailure((e as Error).message);
      } finally {
        setBusy(false);
      }
    };
    const button = block ? 'button button-block' : 'button';
    return (
      <form
        className={className}
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
        <button type="submit" className={button} disabled={busy}>
          {t.saveAnswers}
        </button>{' '}
        <button type="button" className={`${button} button-secondary`} onClick={() => setEditing(null)}>
          {t.cancel}
        </button>
      </form>
    );
  }
  return (
    <section className={className} aria-labelledby={titleId}>
      {header}
      <h3 id={titleId}>{t.answersTitle}</h3>
      <dl className={factsClassName} data-testid={testId}>
        {questions.map((q) => (
          <div key={q.id}>
            <dt>{q.label}</dt>
            <dd>
              {hidden.includes(q.id) ? t.hiddenSensitive : answerText(q.kind, answers[q.id]) || t.noAnswer}
            </dd>
          </div>
        ))}
      </dl>
      {editable && (
        <button type="button" className="button button-secondary" onClick={() => setEditing({ ...answers })}>
          {t.editAnswers}
        </button>
      )}
    </section>
  );
}
