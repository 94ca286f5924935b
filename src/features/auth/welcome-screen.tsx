import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useMe } from '../../data/use-me.ts';
import { useTemples } from '../../data/use-temples.ts';
import { authMessages } from '../../domain/messages/auth.ts';
import { type WelcomeBody, welcomeSchema } from '../../domain/validation.ts';
import { ApiFailure } from '../../lib/api.ts';
import { displayNameOf, firstName, safeRedirect } from '../../lib/auth-user.ts';
import { reportError } from '../../lib/report-error.ts';
import { useSessionStore } from '../../lib/session.ts';
import { signOutHere } from '../../lib/session-end.ts';
import { supabaseAuth } from '../../lib/supabase.ts';
import { FormAlert } from '../../ui/field.tsx';
import { Form, schemaPasses, setServerErrors, useFormState, useSchemaForm } from '../../ui/form.tsx';
import { notify } from '../../ui/notices.tsx';
import { useRevealSteps } from '../../ui/reveal.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { TEMPLE_DEFAULTS, TEMPLE_FIELDS, TempleFields } from '../../ui/temple-fields.tsx';
import { welcomeMutation } from './api/auth-writes.ts';
import { RevealIntro } from './reveal-intro.tsx';
import type { welcomeSearch } from './search.ts';
import './auth.css';

type Search = ReturnType<typeof welcomeSearch>;

/** Spec §9: welcome reveal steps. */
export const WELCOME_REVEAL_MS = [1, 750, 2000, 4000] as const;

/** /auth/welcome: first access. Completes the profile when there is none, then marks the welcome. */
export function WelcomeScreen({ search }: { search: Search }) {
  const session = useSessionStore((s) => s.session);
  const { me, failed: meFailed, retry } = useMe();
  const shown = useRevealSteps(WELCOME_REVEAL_MS);

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
  const myMe = me?.id === session.user.id ? me : null;

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
        ) : meFailed ? (
          <FormAlert>
            {authMessages.meFailed}{' '}
            <button type="button" className="button-link" onClick={retry}>
              {authMessages.retry}
            </button>
          </FormAlert>
        ) : (
          <Loading />
        ))}
      <SwitchAccount redirectTo={search.redirectTo} />
    </section>
  );
}

/**
 * 'Não é você? Entrar com outra conta': signs out and opens the sign-in, so a person who reached the
 * welcome with someone else's session (or one that no longer works) is never stuck here.
 */
function SwitchAccount({ redirectTo }: { redirectTo: string | undefined }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  return (
    <p className="auth-links welcome-switch">
      {authMessages.otherAccount}{' '}
      <button
        type="button"
        className="button-link"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          await signOutHere();
          await navigate({ to: '/auth/login', search: { redirectTo } });
        }}
      >
        {authMessages.switchAccount}
      </button>
    </p>
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
  const userId = useSessionStore((s) => s.session?.user.id ?? '');
  const welcome = useMutation(welcomeMutation(userId));
  return async (body: WelcomeBody | Record<string, never>): Promise<ApiFailure | null> => {
    try {
      await welcome.mutateAsync(body);
    } catch (error) {
      // product-spec.md §8: reported, and a 5 s notice
      reportError(error, { where: 'welcome', code: error instanceof ApiFailure ? error.code : undefined });
      notify('negative', authMessages.welcomeFailed, 5);
      return error instanceof ApiFailure ? error : new ApiFailure(0, 'INTERNAL', authMessages.welcomeFailed);
    }
    const { data } = await (await supabaseAuth()).refreshSession();
    if (data.session) useSessionStore.getState().setSession(data.session);
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

/** The church choice the save button waits for (product-spec.md §5), as the schema words it. */
const CHURCH_PATHS = ['congregacao', 'otherChurch', 'consentCongregation'] as const;

function WelcomeProfileForm({ redirectTo }: { redirectTo: string | undefined }) {
  const finish = useFinishWelcome(redirectTo);
  const temples = useTemples();
  const form = useSchemaForm({
    schema: welcomeSchema,
    defaultValues: {
      cpf: '',
      phone: '',
      ...TEMPLE_DEFAULTS,
    },
    onSubmit: async (value, formApi) => {
      const failure = await finish(value);
      if (failure?.code === 'CPF_ALREADY_REGISTERED') setServerErrors(formApi, { cpf: failure.message });
    },
  });
  // product-spec.md §5: save is disabled until a congregation is chosen or another church is named
  const canSave = useFormState(form.store, (s) => schemaPasses(welcomeSchema, s.values, CHURCH_PATHS));

  return (
    <Form form={form} className="welcome-form">
      <p className="auth-lead">{authMessages.welcomeProfileLead}</p>
      <form.AppField name="cpf">{(f) => <f.CpfField label={authMessages.cpfLabel} />}</form.AppField>
      <form.AppField name="phone">{(f) => <f.PhoneField label={authMessages.phoneLabel} />}</form.AppField>
      <TempleFields form={form} fields={TEMPLE_FIELDS} list={temples} />
      <form.SubmitButton disabled={!canSave}>{authMessages.welcomeSave}</form.SubmitButton>
    </Form>
  );
}
