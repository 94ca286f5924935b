/**
 * `/caravan/:eventId/:tierId`: a signed-in member (the leader) registers several people on one tier
 * in one checkout — for each, full name, CPF and an optional e-mail (and, on an event with age rules,
 * the birth date and a minor's guardian) — and pays once for the total
 * with a method the tier allows. Every place is taken at once or none (the tier's 'esgotaram'
 * notice). Then: the PIX to pay (copy-and-paste code with its copy button, QR and deadline), its
 * status followed until paid, or the method's next step, and the group's tickets in Minhas inscrições.
 */
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import * as v from 'valibot';
import { usePaymentContext } from '../../data/events/use-payment-context.ts';
import { invalidateMyRegistrations } from '../../data/registrations/mutations.ts';
import {
  type MercadoPagoConfirmation,
  useMercadoPagoConfirmation,
} from '../../data/registrations/use-mercadopago-confirmation.ts';
import { CARAVAN_MAX, CARAVAN_MIN, caravanPersonSchema, duplicateCpfRow } from '../../domain/caravans.ts';
import { formatDateTime, formatLongDateTime } from '../../domain/dates.ts';
import { caravanMessages as m } from '../../domain/messages/caravans.ts';
import { checkoutMessages as c } from '../../domain/messages/checkout.ts';
import { mercadoPagoMessages as p } from '../../domain/messages/mercadopago.ts';
import { minorMessages } from '../../domain/messages/minors.ts';
import { formatPrice } from '../../domain/money.ts';
import { type Answers, answersErrors } from '../../domain/questions.ts';
import { offeredMethods, statusLabel } from '../../domain/registrations.ts';
import { CARAVAN_FORM_METHODS } from '../../domain/tiers.ts';
import type { PaymentMethod } from '../../domain/types.ts';
import { firstMessage } from '../../domain/validation.ts';
import { AnswerFields } from '../../ui/answer-fields.tsx';
import { FormAlert, TextField } from '../../ui/field.tsx';
import {
  emptyGuardianInput,
  type GuardianErrors,
  GuardianFields,
  type GuardianInput,
  guardianErrors,
  needsGuardian,
} from '../../ui/guardian-fields.tsx';
import { CpfField } from '../../ui/masked-field.tsx';
import { notify } from '../../ui/notices.tsx';
import { PixCode } from '../../ui/pix-code.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { startCaravanMutation } from './api/start-caravan.ts';
import './caravans.css';

interface Row {
  key: string;
  name: string;
  cpf: string;
  email: string;
  answers: Answers;
  /** birth date and guardian, on an event with age rules (README 'Minors') */
  minor: GuardianInput;
}
type RowErrors = Partial<Record<'name' | 'cpf' | 'email', string>>;

const emptyRow = (): Row => ({
  key: crypto.randomUUID(),
  name: '',
  cpf: '',
  email: '',
  answers: {},
  minor: emptyGuardianInput(),
});

type Done = Awaited<ReturnType<typeof startCaravanMutation.mutationFn & {}>>;

export function CaravanScreen({ eventId, tierId }: { eventId: string; tierId: string }) {
  const { event, tier, questions, minorRules: rules, asksAge, missing } = usePaymentContext(eventId, tierId);
  const [rows, setRows] = useState<Row[]>(() => [emptyRow(), emptyRow()]);
  const [errors, setErrors] = useState<Record<string, RowErrors>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [method, setMethod] = useState<PaymentMethod | ''>('');
  const [submitting, setSubmitting] = useState(false);
  const caravan = useMutation(startCaravanMutation);
  const [done, setDone] = useState<Done | null>(null);
  const [answerErrors, setAnswerErrors] = useState<Record<string, Record<string, string>>>({});
  const [minorErrors, setMinorErrors] = useState<Record<string, GuardianErrors>>({});

  if (!event || !tier) {
    return (
      <section className="caravan" aria-labelledby="caravan-title">
        <h1 id="caravan-title">{m.title}</h1>
        {missing ? <FormAlert>{c.eventNotFound}</FormAlert> : <Spinner label={c.loading} />}
      </section>
    );
  }
  const methods = offeredMethods(event, tier).filter((x) => CARAVAN_FORM_METHODS.includes(x));
  const free = tier.price === 0;
  const chosen = free ? undefined : method || methods[0];

  function update(key: string, field: 'name' | 'cpf' | 'email', value: string) {
    setRows((list) => list.map((r) => (r.key === key ? { ...r, [field]: value } : r)));
    setErrors((e) => ({ ...e, [key]: { ...e[key], [field]: undefined } }));
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (submitting) return;
    const found: Record<string, RowErrors> = {};
    const people = rows.map((r) => {
      const parsed = v.safeParse(caravanPersonSchema, { name: r.name, cpf: r.cpf, email: r.email });
      if (!parsed.success) {
        const of = (field: string) => firstMessage(parsed.issues.filter((i) => i.path?.[0]?.key === field));
        found[r.key] = { name: of('name'), cpf: of('cpf'), email: of('email') };
        return null;
      }
      return parsed.output;
    });
    setErrors(found);
    const foundAnswers = Object.fromEntries(rows.map((r) => [r.key, answersErrors(questions, r.answers)]));
    setAnswerErrors(foundAnswers);
    const foundMinor = Object.fromEntries(rows.map((r) => [r.key, guardianErrors(rules, r.minor)]));
    setMinorErrors(foundMinor);
    if (people.some((p) => p === null)) return;
    if (Object.values(foundAnswers).some((e) => Object.keys(e).length > 0)) return;
    if (Object.values(foundMinor).some((e) => Object.values(e).some(Boolean))) return;
    const valid = people as NonNullable<(typeof people)[number]>[];
    const dup = duplicateCpfRow(valid);
    if (dup !== null) {
      setFormError(m.duplicateCpf(dup));
      return;
    }
    setFormError(null);
    setSubmitting(true);
    try {
      const answer = await caravan.mutateAsync({
        eventId,
        tierId,
        body: {
          tierId,
          ...(chosen ? { paymentMethod: chosen } : {}),
          people: valid.map((p, i) => ({
            name: p.name,
            cpf: p.cpf,
            email: p.email ?? '',
            ...(questions.length ? { answers: rows[i]!.answers } : {}),
            ...(asksAge ? { birth_date: rows[i]!.minor.birth_date } : {}),
            ...(needsGuardian(rules, rows[i]!.minor.birth_date)
              ? {
                  guardian: {
                    name: rows[i]!.minor.name,
                    cpf: rows[i]!.minor.cpf,
                    email: rows[i]!.minor.email,
                  },
                }
              : {}),
          })),
        },
      });
      setDone(answer);
      notify('positive', m.done);
    } catch (error) {
      const message = (error as Error).message;
      setFormError(message);
      notify('negative', message);
    } finally {
      setSubmitting(false);
    }
  }

  if (done) return <CaravanDone event={event} done={done} />;

  return (
    <section className="caravan" aria-labelledby="caravan-title">
      <h1 id="caravan-title">{m.title}</h1>
      <p className="caravan-event">
        {event.title} · {formatLongDateTime(event.starts_at)}
      </p>
      <p className="caravan-event">
        {c.tier}: {tier.name} · {formatPrice(tier.price)}
      </p>
      <p>{m.intro}</p>
      <form className="caravan-form" onSubmit={(e) => void submit(e)} noValidate>
        {rows.map((r, i) => (
          <fieldset key={r.key} className="caravan-person">
            <legend>{m.person(i + 1)}</legend>
            <TextField
              label={m.name}
              value={r.name}
              autoComplete="off"
              onValueChange={(x) => update(r.key, 'name', x)}
              error={errors[r.key]?.name}
            />
            <CpfField
              label={m.cpf}
              value={r.cpf}
              onValueChange={(x) => update(r.key, 'cpf', x)}
              error={errors[r.key]?.cpf}
            />
            <TextField
              label={m.email}
              type="email"
              inputMode="email"
              autoComplete="off"
              value={r.email}
              onValueChange={(x) => update(r.key, 'email', x)}
              error={errors[r.key]?.email}
            />
            {asksAge && rules && (
              <GuardianFields
                rules={rules}
                value={r.minor}
                errors={minorErrors[r.key]}
                lead={minorMessages.guardianLeadPerson}
                onChange={(minor) => {
                  setRows((list) => list.map((x) => (x.key === r.key ? { ...x, minor } : x)));
                  setMinorErrors((e) => ({ ...e, [r.key]: {} }));
                }}
              />
            )}
            <AnswerFields
              questions={questions}
              answers={r.answers}
              errors={answerErrors[r.key]}
              onChange={(answers) =>
                setRows((list) => list.map((x) => (x.key === r.key ? { ...x, answers } : x)))
              }
            />
            {rows.length > CARAVAN_MIN && (
              <button
                type="button"
                className="button button-secondary caravan-remove"
                onClick={() => setRows((list) => list.filter((x) => x.key !== r.key))}
              >
                {m.removePerson(i + 1)}
              </button>
            )}
          </fieldset>
        ))}
        <p className="field-hint">{m.emailHint}</p>
        {rows.length < CARAVAN_MAX && (
          <button
            type="button"
            className="button button-secondary"
            onClick={() => setRows((list) => [...list, emptyRow()])}
          >
            {m.addPerson}
          </button>
        )}
        {!free && methods.length > 0 && (
          <div className="field">
            <label className="field-label" htmlFor="caravan-method">
              {m.method}
            </label>
            <select
              id="caravan-method"
              className="input"
              value={chosen}
              onChange={(e) => setMethod(e.target.value as PaymentMethod)}
            >
              {methods.map((x) => (
                <option key={x} value={x}>
                  {c.methodNames[x]}
                </option>
              ))}
            </select>
          </div>
        )}
        <p className="caravan-total" data-testid="caravan-total">
          {m.total(rows.length, formatPrice(tier.price * rows.length))}
        </p>
        {formError && <FormAlert>{formError}</FormAlert>}
        <button type="submit" className="button button-block" disabled={submitting}>
          {submitting && <Spinner size={18} label={m.submitting} />}
          {m.submit}
        </button>
      </form>
    </section>
  );
}

function CaravanDone({ event, done }: { event: { title: string }; done: Done }) {
  const provider = done.strategy === 'mp_pix' || done.strategy === 'mp_card';
  // the form was submitted from its bottom: the outcome is read from the top
  useEffect(() => {
    window.scrollTo?.({ top: 0 });
  }, []);
  return (
    <section className="caravan" aria-labelledby="caravan-title">
      <h1 id="caravan-title">{m.title}</h1>
      <p role="status">{m.done}</p>
      <p className="caravan-event">
        {event.title} · {m.total(done.registrations.length, formatPrice(done.frozen_total))}
      </p>
      {provider ? (
        <ProviderPayment done={done} />
      ) : (
        <p>
          {c.methodLabel}: {c.methodNames[done.strategy]} ·{' '}
          <span data-testid="caravan-status">{statusLabel(done.status)}</span>
        </p>
      )}
      <ul className="caravan-people">
        {done.registrations.map((r) => (
          <li key={r.id} data-testid="caravan-person">
            {r.name}
            {r.guardian === 'pending' && (
              <span className="caravan-person-guardian"> · {minorMessages.awaiting}</span>
            )}
          </li>
        ))}
      </ul>
      <Link
        className="button button-block"
        to="/my-registrations/$registrationId"
        params={{ registrationId: done.registrations[0]!.id }}
      >
        {c.seeRegistration}
      </Link>
    </section>
  );
}

/**
 * The group's PIX (or card) as the single checkout follows it: the status polled until Mercado Pago
 * settles it ('Pago' within a poll of the webhook), the copy-and-paste code with its copy button, QR
 * and deadline while unpaid; then the group's tickets are read again.
 */
function ProviderPayment({ done }: { done: Done }) {
  const initial: MercadoPagoConfirmation = {
    id: done.confirmation_id,
    registration_id: done.registrations[0]!.id,
    strategy: done.strategy as 'mp_pix' | 'mp_card',
    status: done.status,
    expires_at: done.expires_at,
    request_data: done.request_data,
    response_data: done.response_data,
  };
  const confirmation = useMercadoPagoConfirmation(done.confirmation_id, initial) ?? initial;
  const status = confirmation.status;
  const settled = status !== 'pending' && status !== 'analysis';
  useEffect(() => {
    if (settled) void invalidateMyRegistrations().catch(() => {});
  }, [settled]);
  const qr =
    typeof confirmation.request_data?.qr_code === 'string' ? confirmation.request_data.qr_code : null;
  const qrImage =
    typeof confirmation.request_data?.qr_code_base64 === 'string'
      ? confirmation.request_data.qr_code_base64
      : null;
  return (
    <>
      <p>
        {c.methodLabel}: {c.methodNames[done.strategy]} ·{' '}
        <span className={`badge badge-${status}`} data-testid="caravan-status" role="status">
          {statusLabel(status)}
        </span>
      </p>
      {status === 'paid' && <p className="caravan-paid">{p.pixPaid}</p>}
      {status === 'expired' && <FormAlert>{p.pixExpired}</FormAlert>}
      {done.strategy === 'mp_pix' && status === 'pending' && qr && (
        <div className="caravan-pix">
          <p>{m.pixHint}</p>
          {qrImage && (
            <img src={`data:image/png;base64,${qrImage}`} alt={m.pixQrAlt} width={200} height={200} />
          )}
          <PixCode code={qr} />
          {confirmation.expires_at && (
            <p className="caravan-pix-expires" data-testid="caravan-pix-expires">
              {p.pixExpires(formatDateTime(confirmation.expires_at))}
            </p>
          )}
          <p aria-live="polite">{p.pixWaiting}</p>
        </div>
      )}
    </>
  );
}
