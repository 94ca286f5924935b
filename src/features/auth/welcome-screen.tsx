import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import * as v from 'valibot';
import { authMessages, validationMessages } from '../../domain/messages.ts';
import { cpfSchema, phoneSchema, welcomeSchema } from '../../domain/validation.ts';
import { ApiFailure, api } from '../../lib/api.ts';
import { displayNameOf, firstName, safeRedirect } from '../../lib/auth-user.ts';
import { loadMe, useMeStatus, useSessionStore } from '../../lib/session.ts';
import { supabaseAuth } from '../../lib/supabase.ts';
import { CpfField, FormAlert, PhoneField } from '../../ui/field.tsx';
import { notify } from '../../ui/notices.tsx';
import { useRevealSteps } from '../../ui/reveal.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { CongregationFields, type CongregationValue, hasCongregation } from './congregation-fields.tsx';
import { checkField, type FieldErrors, fieldErrors, focusFirstInvalid } from './form.ts';
import { RevealIntro } from './reveal-intro.tsx';
import type { welcomeSearchSchema } from './search.ts';
import './auth.css';

type Search = v.InferOutput<typeof welcomeSearchSchema>;
type Field = 'cpf' | 'phone' | 'templeId' | 'otherChurch';

/** Spec §9: welcome reveal steps. */
export const WELCOME_REVEAL_MS = [1, 750, 2000, 4000] as const;

const PATHS: Record<string, Field> = {
  cpf: 'cpf',
  phone: 'phone',
  congregacao: 'templeId',
  otherChurch: 'otherChurch',
};

/** /auth/welcome: first access. Completes the profile when there is none, then marks the welcome. */
export function WelcomeScreen({ search }: { search: Search }) {
  const session = useSessionStore((s) => s.session);
  const me = useSessionStore((s) => s.me);
  const meStatus = useMeStatus((s) => s.status);
  const shown = useRevealSteps(WELCOME_REVEAL_MS);

  useEffect(() => {
    if (session && meStatus === 'idle') void loadMe();
  }, [session, meStatus]);

  if (session === undefined) return <Loading />;
  if (session === null) {
    return (
      <section className="auth-screen" aria-labelledby="welcome-title">
        <h1 id="welcome-title" className="auth-title">
          {authMessages.welcomeSteps('')[0]}
        </h1>
        <FormAlert type="info">{authMessages.needsLogin}</FormAlert>
        <Link to="/auth/login" search={{ redirectTo: search.redirectTo }} className="button button-block">
          {authMessages.loginButton}
        </Link>
      </section>
    );
  }

  const name = search.name || firstName(me?.profile?.name || displayNameOf(session));
  const [hello, ...lines] = authMessages.welcomeSteps(name);
  const myMe = me && me.id === session.user.id && meStatus === 'ready' ? me : null;

  return (
    <section className="auth-screen auth-intro" aria-labelledby="welcome-title">
      <RevealIntro id="welcome-title" title={hello ?? ''} lines={lines} shown={shown} />
      {shown >= 4 &&
        (myMe ? (
          <div className="reveal">
            {myMe.profile ? (
              <WelcomeButton redirectTo={search.redirectTo} />
            ) : (
              <WelcomeProfileForm redirectTo={search.redirectTo} />
            )}
          </div>
        ) : meStatus === 'error' ? (
          <FormAlert>
            {authMessages.meFailed}{' '}
            <button type="button" className="button-link" onClick={() => void loadMe()}>
              {authMessages.retry}
            </button>
          </FormAlert>
        ) : (
          <Loading />
        ))}
    </section>
  );
}

function Loading() {
  return (
    <div className="auth-center">
      <Spinner label={authMessages.loading} />
    </div>
  );
}

/** POST /v1/welcome, refresh the session (its metadata now has `welcome`), then go on. */
function useFinishWelcome(redirectTo: string | undefined) {
  const navigate = useNavigate();
  return async (body: object): Promise<ApiFailure | null> => {
    try {
      await api('/v1/welcome', { method: 'POST', body });
    } catch (error) {
      console.error('welcome failed', error);
      notify('negative', authMessages.welcomeFailed, 5);
      return error instanceof ApiFailure ? error : new ApiFailure(0, 'INTERNAL', authMessages.welcomeFailed);
    }
    const { data } = await (await supabaseAuth()).refreshSession();
    if (data.session) useSessionStore.getState().setSession(data.session);
    void loadMe();
    await navigate({ href: safeRedirect(redirectTo), replace: true });
    return null;
  };
}

function WelcomeButton({ redirectTo }: { redirectTo: string | undefined }) {
  const finish = useFinishWelcome(redirectTo);
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="button button-block"
      disabled={busy}
      aria-busy={busy}
      onClick={async () => {
        setBusy(true);
        await finish({});
        setBusy(false);
      }}
    >
      {busy && <Spinner size={18} label={authMessages.loading} />}
      {authMessages.letsGo}
    </button>
  );
}

function WelcomeProfileForm({ redirectTo }: { redirectTo: string | undefined }) {
  const finish = useFinishWelcome(redirectTo);
  const formRef = useRef<HTMLFormElement>(null);
  const [cpf, setCpf] = useState('');
  const [phone, setPhone] = useState('');
  const [congregation, setCongregation] = useState<CongregationValue>({
    templeId: null,
    fromOtherChurch: false,
    otherChurch: '',
  });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [busy, setBusy] = useState(false);
  const canSave = hasCongregation(congregation);

  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy || !canSave) return;
    const result = v.safeParse(welcomeSchema, {
      congregacao: congregation.fromOtherChurch ? null : congregation.templeId,
      fromOtherChurch: congregation.fromOtherChurch,
      otherChurch: congregation.fromOtherChurch ? congregation.otherChurch : null,
      phone,
      cpf,
    });
    if (!result.success) {
      const found = fieldErrors(result.issues, PATHS);
      if (congregation.fromOtherChurch && !congregation.otherChurch.trim()) {
        found.otherChurch = validationMessages.otherChurch;
      }
      setErrors(found);
      focusFirstInvalid(formRef.current);
      return;
    }
    setErrors({});
    setBusy(true);
    const failure = await finish(result.output);
    if (failure?.code === 'CPF_ALREADY_REGISTERED') setErrors({ cpf: failure.message });
    setBusy(false);
  }

  return (
    <form ref={formRef} className="welcome-form" onSubmit={(e) => void onSubmit(e)} noValidate>
      <p className="auth-lead">{authMessages.welcomeProfileLead}</p>
      <CpfField
        label={authMessages.cpfLabel}
        value={cpf}
        onValueChange={(value) => {
          setCpf(value);
          if (errors.cpf) setErrors((x) => ({ ...x, cpf: checkField(cpfSchema, value) }));
        }}
        onBlur={() => cpf && setErrors((x) => ({ ...x, cpf: checkField(cpfSchema, cpf) }))}
        error={errors.cpf}
      />
      <PhoneField
        label={authMessages.phoneLabel}
        value={phone}
        onValueChange={(value) => {
          setPhone(value);
          if (errors.phone) setErrors((x) => ({ ...x, phone: checkField(phoneSchema, value) }));
        }}
        onBlur={() => phone && setErrors((x) => ({ ...x, phone: checkField(phoneSchema, phone) }))}
        error={errors.phone}
      />
      <CongregationFields
        value={congregation}
        onChange={(value) => {
          setCongregation(value);
          setErrors((x) => ({ ...x, templeId: undefined, otherChurch: undefined }));
        }}
        templeError={errors.templeId}
        otherChurchError={errors.otherChurch}
      />
      <button type="submit" className="button button-block" disabled={busy || !canSave} aria-busy={busy}>
        {busy && <Spinner size={18} label={authMessages.loading} />}
        {authMessages.welcomeSave}
      </button>
    </form>
  );
}
