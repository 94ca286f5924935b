/**
 * `/claim/:registrationId`: a caravan guest, signed in with the e-mail the leader gave, takes their
 * ticket into their own account (it then shows in their Minhas inscrições, not the leader's).
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { caravanMessages as m } from '../../domain/messages/caravans.ts';
import { checkoutMessages as c } from '../../domain/messages/checkout.ts';
import { FormAlert } from '../../ui/field.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { claimableQuery, useClaim, useRelease } from './api/claim.ts';
import './caravans.css';

export function ClaimScreen({ registrationId }: { registrationId: string }) {
  const ticket = useQuery(claimableQuery(registrationId));
  const claim = useClaim(registrationId);
  const release = useRelease(registrationId);
  return (
    <section className="caravan" aria-labelledby="claim-title">
      <h1 id="claim-title">{m.claimTitle}</h1>
      {ticket.isPending ? (
        <Spinner label={c.loading} />
      ) : ticket.isError ? (
        <FormAlert>{ticket.error.message}</FormAlert>
      ) : release.isSuccess ? (
        <>
          <p role="status">{m.released}</p>
          <Link className="button button-block" to="/">
            {m.seeEvents}
          </Link>
        </>
      ) : claim.isSuccess ? (
        <>
          <p role="status">{m.claimed}</p>
          <Link
            className="button button-block"
            to="/my-registrations/$registrationId"
            params={{ registrationId }}
          >
            {c.seeRegistration}
          </Link>
        </>
      ) : (
        <>
          <p className="caravan-event">
            {ticket.data.event_title} · {m.ticketOf(ticket.data.name)}
          </p>
          <p>{ticket.data.can_release ? m.claimByCpf(ticket.data.leader_name) : m.claimText}</p>
          {claim.isError && <FormAlert>{claim.error.message}</FormAlert>}
          {release.isError && <FormAlert>{release.error.message}</FormAlert>}
          <button
            type="button"
            className="button button-block"
            disabled={claim.isPending}
            onClick={() => claim.mutate()}
          >
            {claim.isPending && <Spinner size={18} label={c.submitting} />}
            {m.claimButton}
          </button>
          {ticket.data.can_release && (
            <button
              type="button"
              className="button button-block button-secondary"
              disabled={release.isPending || claim.isPending}
              onClick={() => release.mutate()}
            >
              {release.isPending && <Spinner size={18} label={c.submitting} />}
              {m.releaseButton}
            </button>
          )}
        </>
      )}
    </section>
  );
}
