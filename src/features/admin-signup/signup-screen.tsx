/**
 * `/admin/single-page-signup` 'Inscrição para terceiros' (read_confirmations or create_user): staff
 * sign up the person at their desk — e-mail, event and tier, congregation ('Atualizar templo' when
 * an existing person's congregation changed), voucher; on an event with age rules the birth date
 * and a minor's guardian, whose consent staff may record on paper right after. Without a voucher the registration waits
 * for payment in person. A new account gets an e-mail to confirm it and choose a password.
 */
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import * as v from 'valibot';
import { eventMinorsQuery, eventQuestionsQuery } from '../../data/questions/questions.ts';
import { templesQuery } from '../../data/temples-query.ts';
import { useHasPermission } from '../../data/use-me.ts';
import { formatDateTime } from '../../domain/dates.ts';
import { minorMessages } from '../../domain/messages/minors.ts';
import { staffMessages as m } from '../../domain/messages/staff.ts';
import { tierStatusText } from '../../domain/messages.ts';
import { formatPrice } from '../../domain/money.ts';
import { type Answers, answersErrors, questionsForTier } from '../../domain/questions.ts';
import { formatVoucher, statusLabel } from '../../domain/registrations.ts';
import {
  type SignupEventOption,
  type SinglePageSignupResult,
  signupTierProblem,
  singlePageSignupSchema,
} from '../../domain/staff.ts';
import { tierStatus } from '../../domain/tiers.ts';
import { emailSchema } from '../../domain/validation.ts';
import { AnswerFields } from '../../ui/answer-fields.tsx';
import { CheckboxField, SelectField, TextField } from '../../ui/field.tsx';
import {
  emptyGuardianInput,
  type GuardianErrors,
  GuardianFields,
  type GuardianInput,
  guardianErrors,
  needsGuardian,
} from '../../ui/guardian-fields.tsx';
import { notify } from '../../ui/notices.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useCreateSignup } from './api/create-signup.ts';
import { lookupQuery } from './api/lookup.ts';
import { useRecordPaperConsent } from './api/paper-consent.ts';
import { signupEventsQuery } from './api/signup-events.ts';
import './admin-signup.css';

/** The e-mail once it is a valid address (300 ms after typing), for the account look-up. */
function useCheckedEmail(email: string): string {
  const [checked, setChecked] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => {
      const parsed = v.safeParse(emailSchema, email);
      setChecked(parsed.success ? parsed.output : '');
    }, 300);
    return () => clearTimeout(timer);
  }, [email]);
  return checked;
}

type SignupTier = SignupEventOption['tiers'][number];

/** A tier that takes no registration now, marked in its option (product-spec.md §4's status text). */
function tierNote(tier: SignupTier, now: Date): string | null {
  switch (tierStatus(tier, now)) {
    case 'WAITING':
      return tierStatusText.waiting(formatDateTime(tier.starts_at!));
    case 'FINISHED':
      return tierStatusText.finished(formatDateTime(tier.ends_at!));
    case 'SOLD_OUT':
      return m.soldOut;
    case 'AVAILABLE':
      return null;
  }
}

/** What the signup did, kept on the screen (not a 3 s notice): the account, the registration. */
interface Done extends SinglePageSignupResult {
  eventTitle: string;
  tierName: string;
  price: number;
}

export function SignupScreen() {
  const events = useQuery(signupEventsQuery);
  const temples = useQuery(templesQuery);
  const create = useCreateSignup();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [eventId, setEventId] = useState('');
  const [tierId, setTierId] = useState('');
  const [templeId, setTempleId] = useState('');
  const [updateTemple, setUpdateTemple] = useState(false);
  const [templeConsent, setTempleConsent] = useState(false);
  const [voucher, setVoucher] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<Done | null>(null);
  const [answers, setAnswers] = useState<Answers>({});
  const [answerErrors, setAnswerErrors] = useState<Record<string, string>>({});
  // the event's questions, answered for the person (README 'Registration questions')
  const allQuestions = useQuery({ ...eventQuestionsQuery(eventId), enabled: Boolean(eventId) });
  const questions = tierId ? questionsForTier(allQuestions.data ?? [], tierId) : [];
  // the event's age rules: the person's birth date, and a minor's guardian (README 'Minors')
  const rules = useQuery({ ...eventMinorsQuery(eventId), enabled: Boolean(eventId) }).data;
  const asksAge = Boolean(eventId && rules && (rules.min_age !== null || rules.guardian_consent));
  const [minor, setMinor] = useState<GuardianInput>(emptyGuardianInput);
  const [minorErrors, setMinorErrors] = useState<GuardianErrors>({});
  const checkedEmail = useCheckedEmail(email);
  const lookup = useQuery(lookupQuery(checkedEmail));
  const person = checkedEmail && lookup.data ? lookup.data : null;

  // an existing person's congregation fills the choice; changing it offers 'Atualizar templo'
  useEffect(() => {
    if (person?.exists) setTempleId(person.temple_id ?? '');
    setUpdateTemple(false);
    setTempleConsent(false);
  }, [person]);

  const event = useMemo(() => events.data?.find((e) => e.id === eventId), [events.data, eventId]);
  const tier = event?.tiers.find((t) => t.id === tierId);
  const now = new Date();
  const noOpenTier = Boolean(event?.tiers.every((t) => tierNote(t, now) !== null));
  // a tier chosen while open may have closed since: say what is wrong with it
  const tierProblem = tier ? signupTierProblem(tier, now) : null;
  const templeChanged = Boolean(person?.exists && templeId && templeId !== (person.temple_id ?? ''));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const input = {
      email,
      tier: tierId,
      temple_id: templeId,
      voucher,
      name: person?.exists ? '' : name,
      update_temple: templeChanged && updateTemple,
      temple_consent: templeChanged && updateTemple && templeConsent,
      ...(questions.length ? { answers } : {}),
      ...(asksAge ? { birth_date: minor.birth_date } : {}),
      ...(asksAge && needsGuardian(rules, minor.birth_date)
        ? { guardian: { name: minor.name, cpf: minor.cpf, email: minor.email } }
        : {}),
    };
    const parsed = v.safeParse(singlePageSignupSchema, input);
    if (!parsed.success) {
      setError(parsed.issues[0]?.message ?? 'Dados inválidos');
      return;
    }
    if (tierProblem) {
      setError(tierProblem);
      return;
    }
    const chosen = { eventTitle: event?.title ?? '', tierName: tier?.name ?? '', price: tier?.price ?? 0 };
    const found = answersErrors(questions, answers);
    setAnswerErrors(found);
    const foundMinor = asksAge ? guardianErrors(rules, minor) : {};
    setMinorErrors(foundMinor);
    if (Object.keys(found).length > 0 || Object.values(foundMinor).some(Boolean)) return;
    create.mutate(input, {
      onSuccess: (answer) => {
        setDone({ ...answer, ...chosen });
        setEmail('');
        setName('');
        setVoucher('');
        setAnswers({});
        setMinor(emptyGuardianInput());
        setUpdateTemple(false);
        setTempleConsent(false);
      },
      onError: (failure) => {
        console.error('[single-page-signup]', failure);
        // product-spec.md §8: the server's text as a 5 s notice; it also stays by the button
        notify('negative', failure.message, 5);
        setError(failure.message);
      },
    });
  };

  if (done) {
    return (
      <div className="admin-signup">
        <SignupDone done={done} onAnother={() => setDone(null)} />
      </div>
    );
  }

  return (
    <div className="admin-signup">
      <h1>{m.signupTitle}</h1>
      {events.isPending && <Spinner />}
      {events.isError && (
        <p className="form-alert form-alert-negative" role="alert">
          {m.signupOptionsFailed}
        </p>
      )}
      <form className="signup-form" onSubmit={submit} noValidate>
        <TextField
          id="signup-email"
          label={m.signupEmail}
          type="email"
          autoComplete="off"
          required
          value={email}
          onValueChange={setEmail}
          hint={person && (person.exists ? m.existingAccount : m.newAccount)}
        />
        {!person?.exists && (
          <TextField
            id="signup-name"
            label={m.signupName}
            autoComplete="off"
            value={name}
            onValueChange={setName}
          />
        )}
        <SelectField
          id="signup-event"
          label={m.signupEvent}
          required
          value={eventId}
          onValueChange={(id) => {
            setEventId(id);
            setTierId('');
          }}
          hint={events.data?.length === 0 && m.noEvents}
        >
          <option value="">{m.signupChoose}</option>
          {events.data?.map((ev) => (
            <option key={ev.id} value={ev.id}>
              {ev.parent_title ? `${ev.parent_title} › ` : ''}
              {ev.title} — {formatDateTime(ev.starts_at)}
            </option>
          ))}
        </SelectField>
        <SelectField
          id="signup-tier"
          label={m.signupTier}
          required
          disabled={!event}
          value={tierId}
          onValueChange={(id) => {
            setTierId(id);
            setError(null);
          }}
          hint={noOpenTier && m.noOpenTier}
          error={tierProblem ?? undefined}
        >
          <option value="">{m.signupChoose}</option>
          {event?.tiers.map((t) => {
            const note = tierNote(t, now);
            return (
              <option key={t.id} value={t.id} disabled={note !== null}>
                {t.name} — {formatPrice(t.price)}
                {note ? ` (${note})` : ''}
              </option>
            );
          })}
        </SelectField>
        {asksAge && rules && (
          <GuardianFields
            rules={rules}
            value={minor}
            errors={minorErrors}
            lead={minorMessages.guardianLeadPerson}
            onChange={(next) => {
              setMinor(next);
              setMinorErrors({});
            }}
          />
        )}
        <AnswerFields questions={questions} answers={answers} errors={answerErrors} onChange={setAnswers} />
        <SelectField
          id="signup-temple"
          label={m.signupTemple}
          value={templeId}
          onValueChange={setTempleId}
          hint={person?.exists && person.temple_name && m.currentTemple(person.temple_name)}
        >
          <option value="">{m.signupChoose}</option>
          {temples.data?.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </SelectField>
        {templeChanged && (
          <CheckboxField label={m.updateTemple} checked={updateTemple} onCheckedChange={setUpdateTemple} />
        )}
        {templeChanged && updateTemple && (
          <CheckboxField label={m.templeConsent} checked={templeConsent} onCheckedChange={setTempleConsent} />
        )}
        <TextField
          id="signup-voucher"
          label={m.signupVoucher}
          autoComplete="off"
          maxLength={9}
          value={voucher}
          onValueChange={(next) => setVoucher(next ? formatVoucher(next) : '')}
          hint={m.signupVoucherHint}
        />
        {error && (
          <p className="form-alert form-alert-negative" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="button button-block" disabled={create.isPending}>
          {m.signupSubmit}
        </button>
      </form>
    </div>
  );
}

/** The signup's result, where staff look after pressing 'Inscrever': what happened to whom. */
function SignupDone({ done, onAnother }: { done: Done; onAnother(): void }) {
  // the guardian at the desk with a signed authorization: staff record it (audited)
  const paper = useRecordPaperConsent();
  const canRecord = useHasPermission('write_confirmations');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const account = done.created
    ? m.resultCreated(done.email)
    : done.invited
      ? m.resultFoundInvited(done.name, done.email)
      : m.resultFound(done.name, done.email);
  return (
    <section className="signup-done" role="status" aria-labelledby="signup-done-title">
      <h1 id="signup-done-title" ref={heading} tabIndex={-1}>
        {m.signupDone}
      </h1>
      <dl className="signup-done-facts">
        <dt>{m.resultAccount}</dt>
        <dd>{account}</dd>
        <dt>{m.resultRegistration}</dt>
        <dd>
          {done.eventTitle} — {done.tierName} ({formatPrice(done.price)})
        </dd>
        <dt>{m.resultStatus}</dt>
        <dd>
          <strong>{statusLabel(done.status)}</strong>
          {m.resultByStrategy[done.strategy] ? ` — ${m.resultByStrategy[done.strategy]}` : ''}
        </dd>
        {done.guardian && (
          <>
            <dt>{minorMessages.guardianTitle}</dt>
            <dd data-testid="signup-guardian">
              {paper.isSuccess ? minorMessages.paperRecorded : minorMessages.awaiting}
            </dd>
          </>
        )}
      </dl>
      {done.guardian && canRecord && !paper.isSuccess && (
        <button
          type="button"
          className="button button-secondary button-block"
          disabled={paper.isPending}
          onClick={() =>
            paper.mutate(done.registration_id, {
              onSuccess: () => notify('positive', minorMessages.paperRecorded),
              onError: (failure) => notify('negative', failure.message, 5),
            })
          }
        >
          {minorMessages.recordPaper}
        </button>
      )}
      <button type="button" className="button button-block" onClick={onAnother}>
        {m.resultAnother}
      </button>
    </section>
  );
}
