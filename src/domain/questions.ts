/**
 * Registration questions (README 'Registration questions'): what staff ask per event (optionally
 * per tier) and the one set of rules that checks an answer, run by the browser beside each field
 * and by the API before anything is written. Pure; shared by the browser and the API.
 *
 * An answer is stored as given: text for short/long text and one choice, 'sim'/'nao' for yes/no,
 * 'YYYY-MM-DD' for a date, the chosen option texts for several choices. So a question changed after
 * people answered keeps what they answered.
 */
import * as v from 'valibot';
import { questionValidation as m, questionMessages as t } from './messages/questions.ts';
import { uuidSchema } from './validation.ts';

export const QUESTION_KINDS = [
  'short_text',
  'long_text',
  'one_choice',
  'many_choices',
  'yes_no',
  'date',
] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

export const SHORT_TEXT_MAX = 200;
export const LONG_TEXT_MAX = 2000;
export const MAX_QUESTIONS_PER_EVENT = 30;

/** A question as the API answers it (GET /v1/events/:id/questions, the editor). */
export interface EventQuestion {
  id: string;
  tier_id: string | null;
  kind: QuestionKind;
  label: string;
  help: string | null;
  options: string[];
  required: boolean;
  sensitive: boolean;
  on_badge: boolean;
  order: number;
}

export type AnswerValue = string | string[];
/** Answers by question id. */
export type Answers = Record<string, AnswerValue>;

export const hasOptions = (kind: QuestionKind) => kind === 'one_choice' || kind === 'many_choices';

const optionText = v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(100));

/** POST /v1/admin/events/:id/questions and PUT …/questions/:questionId. */
export const questionBodySchema = v.pipe(
  v.object({
    tier_id: v.optional(v.nullable(uuidSchema), null),
    kind: v.picklist(QUESTION_KINDS),
    label: v.pipe(v.string(), v.trim(), v.minLength(1, m.label), v.maxLength(200, m.tooLong(200))),
    help: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(500, m.tooLong(500)))), null),
    options: v.optional(v.pipe(v.array(optionText, m.options), v.maxLength(50, m.options)), []),
    required: v.optional(v.boolean(), false),
    sensitive: v.optional(v.boolean(), false),
    on_badge: v.optional(v.boolean(), false),
  }),
  v.forward(
    v.check((q) => !hasOptions(q.kind) || new Set(q.options).size >= 2, m.options),
    ['options'],
  ),
  v.forward(
    v.check((q) => !(q.sensitive && q.on_badge), m.sensitiveBadge),
    ['on_badge'],
  ),
  // options only where they mean something
  v.transform((q) => ({ ...q, options: hasOptions(q.kind) ? [...new Set(q.options)] : [] })),
);
export type QuestionBody = v.InferOutput<typeof questionBodySchema>;
export type QuestionBodyInput = v.InferInput<typeof questionBodySchema>;

/** PUT …/questions/order: every question id of the event in the new order. */
export const questionOrderSchema = v.object({
  ids: v.pipe(v.array(uuidSchema), v.minLength(1), v.maxLength(MAX_QUESTIONS_PER_EVENT)),
});

/** The answers a body may carry: at most one per question, text or a list of texts. */
export const answersSchema = v.pipe(
  v.record(
    uuidSchema,
    v.union([
      v.pipe(v.string(), v.maxLength(LONG_TEXT_MAX)),
      v.pipe(v.array(v.pipe(v.string(), v.maxLength(100))), v.maxLength(50)),
    ]),
  ),
  v.check((a) => Object.keys(a).length <= MAX_QUESTIONS_PER_EVENT),
);

/** The questions a registration on this tier answers, in order. */
export function questionsForTier<Q extends Pick<EventQuestion, 'tier_id' | 'order'>>(
  questions: readonly Q[],
  tierId: string,
): Q[] {
  return questions
    .filter((q) => q.tier_id === null || q.tier_id === tierId)
    .sort((a, b) => a.order - b.order);
}

const isEmpty = (value: AnswerValue | undefined) =>
  value === undefined || (Array.isArray(value) ? value.length === 0 : value.trim() === '');

function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}

/** The pt-BR message for one answer, or null when it is fine. */
export function answerError(
  q: Pick<EventQuestion, 'kind' | 'required' | 'options'>,
  value: AnswerValue | undefined,
): string | null {
  if (isEmpty(value)) return q.required ? m.required : null;
  switch (q.kind) {
    case 'short_text':
    case 'long_text': {
      if (typeof value !== 'string') return m.required;
      const max = q.kind === 'short_text' ? SHORT_TEXT_MAX : LONG_TEXT_MAX;
      return value.trim().length > max ? m.tooLong(max) : null;
    }
    case 'one_choice':
      return typeof value === 'string' && q.options.includes(value) ? null : m.choose;
    case 'many_choices':
      return Array.isArray(value) && value.every((o) => q.options.includes(o)) ? null : m.chooseMany;
    case 'yes_no':
      return value === 'sim' || value === 'nao' ? null : m.yesNo;
    case 'date':
      return typeof value === 'string' && isCalendarDate(value) ? null : m.date;
  }
}

/** Every answer's message by question id (empty when all are fine). */
export function answersErrors(questions: readonly EventQuestion[], answers: Answers): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const q of questions) {
    const error = answerError(q, answers[q.id]);
    if (error) errors[q.id] = error;
  }
  return errors;
}

/** The answers to store: trimmed, empty ones left out, only the given questions'. */
export function cleanAnswers(questions: readonly EventQuestion[], answers: Answers): Answers {
  const out: Answers = {};
  for (const q of questions) {
    const value = answers[q.id];
    if (isEmpty(value)) continue;
    out[q.id] = Array.isArray(value) ? [...new Set(value)] : (value as string).trim();
  }
  return out;
}

/** An answer as people read it: 'Sim', '12/03/2010', 'P, M'. */
export function answerText(kind: QuestionKind, value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.join(', ');
  const text = String(value);
  if (kind === 'yes_no') return text === 'sim' ? t.yes : text === 'nao' ? t.no : text;
  if (kind === 'date' && /^\d{4}-\d{2}-\d{2}$/.test(text)) {
    const [y, mo, d] = text.split('-');
    return `${d}/${mo}/${y}`;
  }
  return text;
}

/** Choice questions are counted in the reports (one bar per option). */
export const isCountable = (kind: QuestionKind) =>
  kind === 'one_choice' || kind === 'many_choices' || kind === 'yes_no';

/**
 * What a badge prints of a registration's answers: the event's badge question and its answer
 * ('Camiseta: M'), or null. A sensitive question is never on a badge.
 */
export function badgeAnswer(
  questions: readonly Pick<EventQuestion, 'id' | 'kind' | 'label' | 'on_badge' | 'sensitive'>[],
  answers: Answers,
): string | null {
  const q = questions.find((x) => x.on_badge && !x.sensitive && answers[x.id] !== undefined);
  return q ? `${q.label}: ${answerText(q.kind, answers[q.id])}` : null;
}
