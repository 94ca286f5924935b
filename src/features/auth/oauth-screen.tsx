import type { Session } from '@supabase/supabase-js';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { authMessages } from '../../domain/messages/auth.ts';
import { displayNameOf, firstName, hasWelcome, safeRedirect } from '../../lib/auth-user.ts';
import { useSessionStore } from '../../lib/session.ts';
import { initialAuthParams, initialAuthPath, supabaseAuth } from '../../lib/supabase.ts';
import { FormAlert } from '../../ui/field.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { callbackError, type oauthSearch } from './search.ts';
import './auth.css';

type Search = ReturnType<typeof oauthSearch>;

/** How long to wait for supabase-js to turn the URL fragment into a session. */
const SESSION_WAIT_MS = 15_000;

/**
 * /auth/oauth: where Google and the e-mail confirmation link come back. Waits for the session from
 * the URL fragment, then goes on to the redirect (welcomed users) or to /auth/welcome.
 */
export function OAuthScreen({ search }: { search: Search }) {
  const navigate = useNavigate();
  const [problem, setProblem] = useState<'expired' | 'failed' | null>(() =>
    initialAuthPath === '/auth/oauth' ? callbackError(initialAuthParams) : null,
  );
  const done = useRef(false);

  useEffect(() => {
    if (problem) return;
    const target = safeRedirect(search.redirectTo);
    const finish = (session: Session) => {
      if (done.current) return;
      done.current = true;
      useSessionStore.getState().setSession(session);
      if (hasWelcome(session)) {
        void navigate({ href: target, replace: true });
      } else {
        const name = firstName(displayNameOf(session));
        void navigate({
          to: '/auth/welcome',
          search: { redirectTo: target, ...(name ? { name } : {}) },
          replace: true,
        });
      }
    };
    let unsubscribe = () => {};
    let unmounted = false;
    void supabaseAuth().then((auth) => {
      if (unmounted) return;
      const { data } = auth.onAuthStateChange((event, session) => {
        if (session) setTimeout(() => finish(session), 0);
        // INITIAL_SESSION comes after supabase-js has read the URL: null means there is nothing to wait for
        else if (event === 'INITIAL_SESSION') setTimeout(() => !done.current && setProblem('failed'), 0);
      });
      unsubscribe = () => data.subscription.unsubscribe();
    });
    const timer = setTimeout(() => {
      if (!done.current) setProblem('failed');
    }, SESSION_WAIT_MS);
    return () => {
      unmounted = true;
      unsubscribe();
      clearTimeout(timer);
    };
  }, [problem, search.redirectTo, navigate]);

  if (problem) {
    return (
      <section className="auth-screen" aria-labelledby="oauth-title">
        <h1 id="oauth-title" className="auth-title">
          {authMessages.loginTitle}
        </h1>
        <FormAlert>{problem === 'expired' ? authMessages.oauthExpired : authMessages.oauthFailed}</FormAlert>
        <Link to="/auth/login" search={{ redirectTo: search.redirectTo }} className="button button-block">
          {authMessages.backToLogin}
        </Link>
      </section>
    );
  }

  return (
    <section className="auth-screen auth-center">
      <Spinner size={48} label={authMessages.oauthWaiting} />
      <p aria-hidden="true">{authMessages.oauthWaiting}</p>
    </section>
  );
}
