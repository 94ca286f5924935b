/**
 * `/admin/single-page-signup` 'Inscrição para terceiros' (read_confirmations or create_user): staff
 * sign up the person at their desk — e-mail, event and tier, congregation ('Atualizar templo' when
 * an existing person's congregation changed), voucher. Without a voucher the registration waits
 * for payment in person. A new account gets an e-mail to confirm it and choose a password.
 */
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import * as v from 'valibot';
import { eventQuestionsQuery } from '../../data/questions/questions.ts';
import { templesQuery } from '../../data/temples-query.ts';
import { formatDateTime } from '../../domain/dates.ts';
import { staffMessages as m } from '../../domain/messages/staff.ts';
import { formatPrice } from '../../domain/money.ts';
import { type Answers, answersErrors, questionsForTier } from '../../domain/questions.ts';
import { formatVoucher } from '../../domain/registrations.ts';
import { singlePageSignupSchema } from '../../domain/staff.ts';
import { emailSchema } from '../../domain/validation.ts';
import { AnswerFields } from '../../ui/answer-fields.tsx';
import { CheckboxField, SelectField, TextField } from '../../ui/field.tsx';
import { notify } from '../../ui/notices.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useCreateSignup } from './api/create-signup.ts';
import { lookupQuery } from './api/lookup.ts';
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
  const [voucher, setVoucher] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [answers, setAnswers] = useState<Answers>({});
  const [answerErrors, setAnswerErrors] = useState<Record<string, string>>({});
  // the event's questions, answered for the person (README 'Registration questions')
  const allQuestions = useQuery({ ...eventQuestionsQuery(eventId), enabled: Boolean(eventId) });
  const questions = tierId ? questionsForTier(allQuestions.data ?? [], tierId) : [];
  const checkedEmail = useCheckedEmail(email);
  const lookup = useQuery(lookupQuery(checkedEmail));
  const person = checkedEmail && lookup.data ? lookup.data : null;

  // an existing person's congregation fills the choice; changing it offers 'Atualizar templo'
  useEffect(() => {
    if (person?.exists) setTempleId(person.temple_id ?? '');
    setUpdateTemple(false);
  }, [person]);

  const event = useMemo(() => events.data?.find((e) => e.id === eventId), [events.data, eventId]);
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
      ...(questions.length ? { answers } : {}),
    };
    const parsed = v.safeParse(singlePageSignupSchema, input);
    if (!parsed.success) {
      setError(parsed.issues[0]?.message ?? 'Dados inválidos');
      return;
    }
    const found = answersErrors(questions, answers);
    setAnswerErrors(found);
    if (Object.keys(found).length > 0) return;
    create.mutate(input, {
      onSuccess: () => {
        notify('positive', m.signupDone, 3);
        setEmail('');
        setName('');
        setVoucher('');
        setAnswers({});
        setUpdateTemple(false);
      },
      onError: (failure) => {
        console.error('[single-page-signup]', failure);
        notify('negative', failure.message, 5);
      },
    });
  };

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
          onValueChange={setTierId}
        >
          <option value="">{m.signupChoose}</option>
          {event?.tiers.map((t) => (
            <option key={t.id} value={t.id} disabled={t.available !== null && t.available < 1}>
              {t.name} — {formatPrice(t.price)}
              {t.available !== null && t.available < 1 ? ` (${m.soldOut})` : ''}
            </option>
          ))}
        </SelectField>
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
