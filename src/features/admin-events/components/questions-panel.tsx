/**
 * The event's registration questions (README 'Registration questions'): a list in order, and a
 * form to add or change one (kind, options, required, help, sensitive, on the badge, tier).
 * Removing one keeps the answers already given.
 */
import { useId, useState } from 'react';
import * as v from 'valibot';
import { questionKindLabels as kinds, questionMessages as t } from '../../../domain/messages/questions.ts';
import {
  type EventQuestion,
  hasOptions,
  QUESTION_KINDS,
  type QuestionKind,
  questionBodySchema,
} from '../../../domain/questions.ts';
import type { PricingTier } from '../../../domain/types.ts';
import { ApiFailure } from '../../../lib/api.ts';
import { FormAlert } from '../../../ui/field.tsx';
import { notify } from '../../../ui/notices.tsx';
import { useQuestions, useQuestionWrites } from '../api/queries.ts';
import { SelectField, TextAreaField } from './choice-fields.tsx';
import { ConfirmDialog, Dialog } from './dialog.tsx';

function QuestionForm({
  eventId,
  tiers,
  question,
  done,
}: {
  eventId: string;
  tiers: PricingTier[];
  question: EventQuestion | null;
  done(): void;
}) {
  const { save } = useQuestionWrites(eventId);
  const id = useId();
  const [label, setLabel] = useState(question?.label ?? '');
  const [help, setHelp] = useState(question?.help ?? '');
  const [kind, setKind] = useState<QuestionKind>(question?.kind ?? 'short_text');
  const [options, setOptions] = useState((question?.options ?? []).join('\n'));
  const [required, setRequired] = useState(question?.required ?? false);
  const [sensitive, setSensitive] = useState(question?.sensitive ?? false);
  const [onBadge, setOnBadge] = useState(question?.on_badge ?? false);
  const [tierId, setTierId] = useState(question?.tier_id ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string>();

  const submit = async () => {
    const body = {
      kind,
      label,
      help: help.trim() || null,
      options: hasOptions(kind)
        ? options
            .split('\n')
            .map((o) => o.trim())
            .filter(Boolean)
        : [],
      required,
      sensitive,
      on_badge: onBadge,
      tier_id: tierId || null,
    };
    const parsed = v.safeParse(questionBodySchema, body);
    if (!parsed.success) {
      const flat = v.flatten(parsed.issues).nested ?? {};
      setErrors(Object.fromEntries(Object.entries(flat).map(([k, msgs]) => [k, msgs?.[0] ?? ''])));
      return;
    }
    setErrors({});
    setFailure(undefined);
    try {
      await save.mutateAsync({ questionId: question?.id ?? null, body });
      notify('positive', t.saved);
      done();
    } catch (e) {
      setFailure(e instanceof ApiFailure ? e.message : String(e));
    }
  };

  return (
    <form
      className="editor-subform"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {failure && <FormAlert>{failure}</FormAlert>}
      <div className={`field${errors.label ? ' field-invalid' : ''}`}>
        <label className="field-label" htmlFor={`${id}-label`}>
          {t.label}
        </label>
        <input
          id={`${id}-label`}
          className="input"
          value={label}
          onChange={(e) => setLabel(e.target.value)}
          aria-invalid={errors.label ? true : undefined}
        />
        {errors.label && (
          <p className="field-error" role="alert">
            {errors.label}
          </p>
        )}
      </div>
      <SelectField label={t.kind} value={kind} onChange={(k) => setKind(k as QuestionKind)}>
        {QUESTION_KINDS.map((k) => (
          <option key={k} value={k}>
            {kinds[k]}
          </option>
        ))}
      </SelectField>
      {hasOptions(kind) && (
        <TextAreaField
          label={t.options}
          value={options}
          onChange={setOptions}
          error={errors.options}
          rows={4}
        />
      )}
      <TextAreaField label={t.help} value={help} onChange={setHelp} rows={2} />
      {tiers.length > 1 && (
        <SelectField label={t.tier} value={tierId} onChange={setTierId}>
          <option value="">{t.allTiers}</option>
          {tiers.map((tier) => (
            <option key={tier.id} value={tier.id}>
              {tier.name}
            </option>
          ))}
        </SelectField>
      )}
      <label className="choice">
        <input type="checkbox" checked={required} onChange={(e) => setRequired(e.target.checked)} />
        {t.required}
      </label>
      <label className="choice">
        <input type="checkbox" checked={sensitive} onChange={(e) => setSensitive(e.target.checked)} />
        {t.sensitive}
      </label>
      <label className="choice">
        <input type="checkbox" checked={onBadge} onChange={(e) => setOnBadge(e.target.checked)} />
        {t.onBadge}
      </label>
      {errors.on_badge && (
        <p className="field-error" role="alert">
          {errors.on_badge}
        </p>
      )}
      <button type="submit" className="button" disabled={save.isPending}>
        {t.save}
      </button>
    </form>
  );
}

export function QuestionsPanel({ eventId, tiers }: { eventId: string; tiers: PricingTier[] }) {
  const list = useQuestions(eventId);
  const { remove, reorder } = useQuestionWrites(eventId);
  const [editing, setEditing] = useState<EventQuestion | 'new' | null>(null);
  const [removing, setRemoving] = useState<EventQuestion | null>(null);
  const questions = list.data ?? [];
  const move = (index: number, delta: number) => {
    const ids = questions.map((q) => q.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + delta, 0, moved!);
    reorder.mutate(ids, { onError: (e) => notify('negative', e.message) });
  };
  return (
    <section className="editor-section" aria-labelledby="questions-title">
      <h2 id="questions-title">{t.panelTitle}</h2>
      {list.data && questions.length === 0 && <p className="muted">{t.none}</p>}
      {questions.length > 0 && (
        <ol className="question-list">
          {questions.map((q, i) => (
            <li key={q.id} data-testid="question-row" className="question-row">
              <div>
                <strong>{q.label}</strong>
                <span className="muted">
                  {' '}
                  · {kinds[q.kind]}
                  {q.required && ` · ${t.requiredTag}`}
                  {q.sensitive && ` · ${t.sensitiveTag}`}
                  {q.on_badge && ` · ${t.badgeTag}`}
                  {q.tier_id && ` · ${tiers.find((x) => x.id === q.tier_id)?.name ?? ''}`}
                </span>
                {q.options.length > 0 && <p className="muted">{q.options.join(' · ')}</p>}
              </div>
              <div className="editor-table-actions">
                <button
                  type="button"
                  className="button button-secondary button-small"
                  disabled={i === 0}
                  onClick={() => move(i, -1)}
                  aria-label={`${t.moveUp} ${q.label}`}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className="button button-secondary button-small"
                  disabled={i === questions.length - 1}
                  onClick={() => move(i, 1)}
                  aria-label={`${t.moveDown} ${q.label}`}
                >
                  ↓
                </button>
                <button
                  type="button"
                  className="button button-secondary button-small"
                  onClick={() => setEditing(q)}
                  aria-label={`${t.edit} ${q.label}`}
                >
                  {t.edit}
                </button>
                <button
                  type="button"
                  className="button button-secondary button-small"
                  onClick={() => setRemoving(q)}
                  aria-label={`${t.remove} ${q.label}`}
                >
                  {t.remove}
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
      <button type="button" className="button button-secondary" onClick={() => setEditing('new')}>
        {t.add}
      </button>
      <Dialog
        open={editing !== null}
        title={editing === 'new' ? t.add : t.edit}
        onClose={() => setEditing(null)}
      >
        {editing !== null && (
          <QuestionForm
            eventId={eventId}
            tiers={tiers}
            question={editing === 'new' ? null : editing}
            done={() => setEditing(null)}
          />
        )}
      </Dialog>
      <ConfirmDialog
        open={removing !== null}
        message={`${t.remove}: ${removing?.label ?? ''}?`}
        confirmLabel={t.remove}
        onClose={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => notify('positive', t.removed),
            onError: (e) => notify('negative', e.message),
          })
        }
      />
    </section>
  );
}
