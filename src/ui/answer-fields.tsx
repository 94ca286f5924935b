/**
 * The fields of an event's registration questions (README 'Registration questions'), one per
 * question, each with its pt-BR message beside it: used at checkout, per caravan person, at the
 * staff desk, and where a member or staff edit the answers. The rules are src/domain/questions.ts.
 */
import { useId } from 'react';
import { questionMessages as t } from '../domain/messages/questions.ts';
import type { Answers, AnswerValue, EventQuestion } from '../domain/questions.ts';
import { FieldMessages } from './field.tsx';
import './answer-fields.css';

export function AnswerFields({
  questions,
  answers,
  errors,
  onChange,
  title = t.sectionTitle,
}: {
  questions: readonly EventQuestion[];
  answers: Answers;
  errors?: Record<string, string>;
  onChange(answers: Answers): void;
  title?: string;
}) {
  if (questions.length === 0) return null;
  return (
    <fieldset className="answer-fields" data-testid="answer-fields">
      <legend className="field-label">{title}</legend>
      {questions.map((q) => (
        <AnswerField
          key={q.id}
          question={q}
          value={answers[q.id]}
          error={errors?.[q.id]}
          onChange={(value) => onChange({ ...answers, [q.id]: value })}
        />
      ))}
    </fieldset>
  );
}

function AnswerField({
  question: q,
  value,
  error,
  onChange,
}: {
  question: EventQuestion;
  value: AnswerValue | undefined;
  error: string | undefined;
  onChange(value: AnswerValue): void;
}) {
  const id = useId();
  const label = `${q.label}${q.required ? ' *' : ''}`;
  const described = error ? `${id}-error` : q.help ? `${id}-hint` : undefined;
  const invalid = error ? true : undefined;
  const text = typeof value === 'string' ? value : '';
  const className = `field${error ? ' field-invalid' : ''}`;

  if (q.kind === 'one_choice' || q.kind === 'yes_no' || q.kind === 'many_choices') {
    const options =
      q.kind === 'yes_no'
        ? [
            { value: 'sim', label: t.yes },
            { value: 'nao', label: t.no },
          ]
        : q.options.map((o) => ({ value: o, label: o }));
    const many = q.kind === 'many_choices';
    const chosen = Array.isArray(value) ? value : [];
    return (
      <fieldset className={`${className} answer-choices`} aria-describedby={described}>
        <legend className="field-label">{label}</legend>
        {options.map((o) => (
          <label key={o.value} className="answer-choice">
            <input
              type={many ? 'checkbox' : 'radio'}
              name={id}
              checked={many ? chosen.includes(o.value) : text === o.value}
              onChange={(e) =>
                onChange(
                  many
                    ? e.target.checked
                      ? [...chosen, o.value]
                      : chosen.filter((x) => x !== o.value)
                    : o.value,
                )
              }
            />
            {o.label}
          </label>
        ))}
        <FieldMessages id={id} hint={q.help} error={error} />
      </fieldset>
    );
  }
  return (
    <div className={className}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {q.kind === 'long_text' ? (
        <textarea
          id={id}
          className="input"
          rows={3}
          value={text}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={invalid}
          aria-describedby={described}
        />
      ) : (
        <input
          id={id}
          className="input"
          type={q.kind === 'date' ? 'date' : 'text'}
          value={text}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={invalid}
          aria-describedby={described}
        />
      )}
      <FieldMessages id={id} hint={q.help} error={error} />
    </div>
  );
}
