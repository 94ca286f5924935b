/**
 * Registration questions (README 'Registration questions'): staff write an event's questions; a
 * registration's answers are checked with the rules of src/domain/questions.ts (the browser runs
 * the same ones beside each field) and written in the transaction that creates or edits it.
 * Sensitive answers (health) are read only by staff holding `read_sensitive`.
 */
import {
  type Answers,
  answersErrors,
  cleanAnswers,
  type EventQuestion,
  type QuestionBody,
  questionsForTier,
} from '../../../../src/domain/questions.ts';
import { ApiHttpError, notFound } from '../../lib/errors.ts';
import type { Db } from '../../ports/db.ts';
import { type ConsentView, consentOf } from '../guardians/guardians.service.ts';

const COLUMNS = `id, tier_id, kind, label, help, options, required, sensitive, on_badge, "order"`;

async function ensureEvent(db: Db, eventId: string): Promise<void> {
  const [row] = await db.query('select 1 from public.events where id = $1 and deleted_at is null', [eventId]);
  if (!row) throw notFound('EVENT_NOT_FOUND');
}

async function ensureTier(db: Db, eventId: string, tierId: string | null): Promise<void> {
  if (!tierId) return;
  const [row] = await db.query('select 1 from public.pricing_tiers where id = $1 and event_id = $2', [
    tierId,
    eventId,
  ]);
  if (!row) throw notFound('TIER_NOT_FOUND');
}

/** The event's questions in order (removed ones left out). */
export async function listQuestions(db: Db, eventId: string): Promise<EventQuestion[]> {
  return db.query<EventQuestion>(
    `select ${COLUMNS} from public.event_questions
      where event_id = $1 and deleted_at is null order by "order", created_at`,
    [eventId],
  );
}

/** GET /v1/events/:id/questions: what a member answers on this event (any tier). */
export async function eventQuestions(db: Db, eventId: string): Promise<EventQuestion[]> {
  await ensureEvent(db, eventId);
  return listQuestions(db, eventId);
}

/** Only one question of an event goes on the badge: choosing another moves it. */
async function clearBadge(db: Db, eventId: string, body: QuestionBody, except?: string) {
  if (!body.on_badge) return;
  await db.query(
    `update public.event_questions set on_badge = false
      where event_id = $1 and on_badge and ($2::uuid is null or id <> $2::uuid)`,
    [eventId, except ?? null],
  );
}

export async function createQuestion(db: Db, eventId: string, body: QuestionBody): Promise<EventQuestion> {
  return db.transaction(async (tx) => {
    await ensureEvent(tx, eventId);
    await ensureTier(tx, eventId, body.tier_id);
    await clearBadge(tx, eventId, body);
    const [row] = await tx.query<EventQuestion>(
      `insert into public.event_questions (event_id, tier_id, kind, label, help, options, required, sensitive, on_badge, "order")
       values ($1, $2, $3, $4, $5, $6::text::jsonb, $7, $8, $9,
               (select coalesce(max("order") + 1, 0) from public.event_questions where event_id = $1))
       returning ${COLUMNS}`,
      [
        eventId,
        body.tier_id,
        body.kind,
        body.label,
        body.help || null,
        JSON.stringify(body.options),
        body.required,
        body.sensitive,
        body.on_badge,
      ],
    );
    return row!;
  });
}

/** Changes a question; the answers already given stay as they were. */
export async function updateQuestion(
  db: Db,
  eventId: string,
  questionId: string,
  body: QuestionBody,
): Promise<EventQuestion> {
  return db.transaction(async (tx) => {
    await ensureTier(tx, eventId, body.tier_id);
    await clearBadge(tx, eventId, body, questionId);
    const [row] = await tx.query<EventQuestion>(
      `update public.event_questions
          set tier_id = $3, kind = $4, label = $5, help = $6, options = $7::text::jsonb, required = $8,
              sensitive = $9, on_badge = $10
        where id = $1 and event_id = $2 and deleted_at is null
        returning ${COLUMNS}`,
      [
        questionId,
        eventId,
        body.tier_id,
        body.kind,
        body.label,
        body.help || null,
        JSON.stringify(body.options),
        body.required,
        body.sensitive,
        body.on_badge,
      ],
    );
    if (!row) throw notFound('QUESTION_NOT_FOUND');
    return row;
  });
}

/** Removes a question from the form; its answers are kept for the records (and the export). */
export async function deleteQuestion(db: Db, eventId: string, questionId: string): Promise<void> {
  const rows = await db.query(
    `update public.event_questions set deleted_at = now(), on_badge = false
      where id = $1 and event_id = $2 and deleted_at is null returning id`,
    [questionId, eventId],
  );
  if (rows.length === 0) throw notFound('QUESTION_NOT_FOUND');
}

export async function reorderQuestions(db: Db, eventId: string, ids: string[]): Promise<void> {
  await db.query(
    `update public.event_questions q set "order" = o.i
       from unnest($2::uuid[]) with ordinality as o(id, i)
      where q.id = o.id and q.event_id = $1`,
    [eventId, ids],
  );
}

/** 422 INVALID_ANSWERS naming each question and what is wrong (the browser shows it beside the field). */
function invalidAnswers(questions: EventQuestion[], errors: Record<string, string>): ApiHttpError {
  const text = questions
    .filter((q) => errors[q.id])
    .map((q) => `${q.label}: ${errors[q.id]}`)
    .join(' ');
  return new ApiHttpError(422, 'INVALID_ANSWERS', text);
}

/** The answers the body gives, checked against the tier's questions; answers them cleaned. */
export async function checkAnswers(
  db: Db,
  eventId: string,
  tierId: string,
  answers: Answers,
): Promise<{ questions: EventQuestion[]; clean: Answers }> {
  const questions = questionsForTier(await listQuestions(db, eventId), tierId);
  const errors = answersErrors(questions, answers);
  if (Object.keys(errors).length > 0) throw invalidAnswers(questions, errors);
  return { questions, clean: cleanAnswers(questions, answers) };
}

/** Writes a registration's answers to the given questions (replacing what it had for them). */
export async function writeAnswers(
  tx: Db,
  registrationId: string,
  questions: EventQuestion[],
  clean: Answers,
): Promise<void> {
  if (questions.length === 0) return;
  await tx.query(
    'delete from public.registration_answers where registration_id = $1 and question_id = any($2::uuid[])',
    [registrationId, questions.map((q) => q.id)],
  );
  const ids = Object.keys(clean);
  if (ids.length === 0) return;
  await tx.query(
    `insert into public.registration_answers (registration_id, question_id, value)
     select $1, a.key::uuid, a.value from jsonb_each($2::text::jsonb) a`,
    [registrationId, JSON.stringify(clean)],
  );
}

/** At checkout (or a caravan person, or the desk): checks and writes in the caller's transaction. */
export async function saveNewAnswers(
  tx: Db,
  p: { eventId: string; tierId: string; registrationId: string; answers: Answers | undefined },
): Promise<void> {
  const { questions, clean } = await checkAnswers(tx, p.eventId, p.tierId, p.answers ?? {});
  await writeAnswers(tx, p.registrationId, questions, clean);
}

/** A registration's answers as shown to its member or to staff. */
export interface RegistrationAnswers {
  registration_id: string;
  event_id: string;
  tier_id: string;
  /** the member may still change them (until the event starts); staff always may */
  editable: boolean;
  questions: EventQuestion[];
  answers: Answers;
  /** ids of sensitive questions whose answers this reader may not see */
  hidden: string[];
  /** a minor's guardian consent (guardians.service.ts), null when none is needed */
  guardian: ConsentView | null;
}

interface RegistrationRow {
  id: string;
  event_id: string;
  tier_id: string;
  user_id: string;
  starts_at: Date | string;
}

async function registrationRow(
  db: Db,
  registrationId: string,
  lock = false,
): Promise<RegistrationRow | null> {
  const [row] = await db.query<RegistrationRow>(
    `select r.id, r.event_id, r.tier_id, r.user_id, e.starts_at
       from public.registrations r join public.events e on e.id = r.event_id
      where r.id = $1 ${lock ? 'for update of r' : ''}`,
    [registrationId],
  );
  return row ?? null;
}

async function storedAnswers(db: Db, registrationId: string): Promise<Answers> {
  const rows = await db.query<{ question_id: string; value: string | string[] }>(
    'select question_id, value from public.registration_answers where registration_id = $1',
    [registrationId],
  );
  return Object.fromEntries(rows.map((r) => [r.question_id, r.value]));
}

/** Who reads: the member (their own registrations, their caravan's people) or staff. */
export interface AnswersReader {
  userId: string;
  staff: boolean;
  sensitive: boolean;
}

/** GET /v1/registrations/:id/answers and GET /v1/admin/registrations/:id/answers. */
export async function readAnswers(
  db: Db,
  registrationId: string,
  reader: AnswersReader,
  now: Date,
): Promise<RegistrationAnswers> {
  const reg = await registrationRow(db, registrationId);
  if (!reg || (!reader.staff && reg.user_id !== reader.userId)) throw notFound('REGISTRATION_NOT_FOUND');
  const questions = questionsForTier(await listQuestions(db, reg.event_id), reg.tier_id);
  const answers = await storedAnswers(db, registrationId);
  const hidden = questions.filter((q) => q.sensitive && !reader.sensitive).map((q) => q.id);
  for (const id of hidden) delete answers[id];
  return {
    registration_id: reg.id,
    event_id: reg.event_id,
    tier_id: reg.tier_id,
    editable: reader.staff || new Date(reg.starts_at).getTime() > now.getTime(),
    questions,
    answers,
    hidden,
    guardian: await consentOf(db, registrationId),
  };
}

/**
 * PUT …/answers: the given answers replace the stored ones (an empty one clears it); those it does
 * not name stay. A member may until the event starts; staff always. Staff without `read_sensitive`
 * can neither see nor change a sensitive answer.
 */
export async function editAnswers(
  db: Db,
  registrationId: string,
  reader: AnswersReader,
  given: Answers,
  now: Date,
): Promise<RegistrationAnswers> {
  await db.transaction(async (tx) => {
    const reg = await registrationRow(tx, registrationId, true);
    if (!reg || (!reader.staff && reg.user_id !== reader.userId)) throw notFound('REGISTRATION_NOT_FOUND');
    if (!reader.staff && new Date(reg.starts_at).getTime() <= now.getTime())
      throw new ApiHttpError(409, 'ANSWERS_CLOSED');
    const questions = questionsForTier(await listQuestions(tx, reg.event_id), reg.tier_id);
    const merged: Answers = { ...(await storedAnswers(tx, registrationId)) };
    for (const q of questions) {
      if (!(q.id in given) || (q.sensitive && !reader.sensitive)) continue;
      merged[q.id] = given[q.id]!;
    }
    const errors = answersErrors(questions, merged);
    if (Object.keys(errors).length > 0) throw invalidAnswers(questions, errors);
    await writeAnswers(tx, registrationId, questions, cleanAnswers(questions, merged));
  });
  return readAnswers(db, registrationId, reader, now);
}

/** GET /v1/admin/reports/answers?event=: an event's questions, each with its answers counted. */
export interface QuestionCounts
  extends Pick<EventQuestion, 'id' | 'label' | 'kind' | 'sensitive' | 'options'> {
  /** per option (one bar each), active registrations only; empty for text and date questions */
  counts: { option: string; cnt: number }[];
}

/**
 * The questions (the CSV's columns) and, for choice and yes/no questions, how many active
 * registrations chose each option (a chart each). Sensitive questions only for read_sensitive.
 */
export async function answerCounts(db: Db, eventId: string, sensitive: boolean): Promise<QuestionCounts[]> {
  await ensureEvent(db, eventId);
  return db.query<QuestionCounts>(
    `select q.id, q.label, q.kind, q.sensitive, q.options,
            case when q.kind in ('one_choice', 'many_choices', 'yes_no') then coalesce((
              select jsonb_agg(jsonb_build_object('option', o.option, 'cnt', o.cnt) order by o.cnt desc, o.option)
                from (select x.option, count(*)::int as cnt
                        from public.registration_answers a
                        join public.registrations r on r.id = a.registration_id
                       cross join lateral jsonb_array_elements_text(
                               case when jsonb_typeof(a.value) = 'array' then a.value else jsonb_build_array(a.value) end
                             ) as x(option)
                       where a.question_id = q.id and r.status in ('pending', 'analysis', 'paid')
                       group by x.option) o), '[]'::jsonb)
            else '[]'::jsonb end as counts
       from public.event_questions q
      where q.event_id = $1 and q.deleted_at is null and (not q.sensitive or $2)
      order by q."order", q.created_at`,
    [eventId, sensitive],
  );
}
