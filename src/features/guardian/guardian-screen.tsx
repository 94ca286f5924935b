/**
 * `/responsavel/:token`: the page a minor's guardian opens from the e-mail (README 'Minors'): who
 * registered, for what event, what is kept and why in plain pt-BR, and two buttons — authorize or
 * refuse. The link is the credential; the answer is given once.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { formatLongDateTime } from '../../domain/dates.ts';
import { minorMessages as t } from '../../domain/messages/minors.ts';
import { apiClient, unwrap } from '../../lib/api.ts';
import { FormAlert } from '../../ui/field.tsx';
import { Spinner } from '../../ui/spinner.tsx';

export function GuardianScreen({ token }: { token: string }) {
  const request = useQuery({
    queryKey: ['guardian', token],
    queryFn: () => unwrap(apiClient().v1.guardian[':token'].$get({ param: { token } })),
    retry: false,
  });
  const decide = useMutation({
    mutationFn: (decision: 'authorize' | 'refuse') =>
      unwrap(apiClient().v1.guardian[':token'].$post({ param: { token }, json: { decision } })),
  });
  const state = decide.data?.state ?? request.data?.state;
  return (
    <section
      className="guardian-page"
      aria-labelledby="guardian-title"
      style={{ padding: '16px', maxWidth: 640, margin: '0 auto' }}
    >
      <h1 id="guardian-title">{t.pageTitle}</h1>
      {request.isPending && <Spinner />}
      {request.isError && <FormAlert>{(request.error as Error).message}</FormAlert>}
      {request.data && (
        <>
          <p>{t.pageLead(request.data.guardian_name, request.data.minor_name, request.data.event_title)}</p>
          <p>
            <strong>{request.data.event_title}</strong> · {formatLongDateTime(request.data.starts_at)}
          </p>
          <p>{t.pageKeeps}</p>
          {state === 'pending' ? (
            <div style={{ display: 'flex', flexWrap: 'wrap', gap: '8px' }}>
              <button
                type="button"
                className="button"
                disabled={decide.isPending}
                onClick={() => decide.mutate('authorize')}
              >
                {t.authorize}
              </button>
              <button
                type="button"
                className="button button-secondary"
                disabled={decide.isPending}
                onClick={() => decide.mutate('refuse')}
              >
                {t.refuse}
              </button>
            </div>
          ) : (
            <p role="status" data-testid="guardian-state">
              {state === 'authorized' ? t.authorizedDone : t.refusedDone}
            </p>
          )}
          {decide.isError && <FormAlert>{(decide.error as Error).message}</FormAlert>}
        </>
      )}
    </section>
  );
}
