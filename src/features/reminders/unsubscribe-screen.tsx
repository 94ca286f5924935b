/**
 * `/lembretes/sair/:token`: 'Não quero receber lembretes', opened from any reminder (e-mail or
 * WhatsApp) without signing in; the signed link is the credential. Opening it changes nothing (mail
 * scanners open links): the member confirms with the button.
 */
import { useQuery } from '@tanstack/react-query';
import { reminderMessages as t } from '../../domain/messages/reminders.ts';
import { FormAlert } from '../../ui/field.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { unsubscribeQuery, useUnsubscribe } from './api/unsubscribe.ts';

export function UnsubscribeScreen({ token }: { token: string }) {
  const state = useQuery(unsubscribeQuery(token));
  const stop = useUnsubscribe(token);
  return (
    <section
      className="unsubscribe-page"
      aria-labelledby="unsubscribe-title"
      style={{ padding: '16px', maxWidth: 640, margin: '0 auto' }}
    >
      <h1 id="unsubscribe-title">{t.unsubscribeTitle}</h1>
      {state.isPending && <Spinner />}
      {state.isError && <FormAlert>{(state.error as Error).message}</FormAlert>}
      {stop.isError && <FormAlert>{(stop.error as Error).message}</FormAlert>}
      {state.data &&
        (stop.isSuccess ? (
          <p role="status">{t.unsubscribed}</p>
        ) : state.data.reminders_off ? (
          <p role="status">{t.alreadyUnsubscribed}</p>
        ) : (
          <>
            <p>{t.unsubscribeLead}</p>
            <button
              type="button"
              className="button"
              style={{ minHeight: 44 }}
              disabled={stop.isPending}
              onClick={() => stop.mutate()}
            >
              {t.unsubscribeButton}
            </button>
          </>
        ))}
    </section>
  );
}
