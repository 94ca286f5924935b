/**
 * A sold-out tier's waiting list for the signed-in member (docs/product-spec.md §4, 'Lista de
 * espera'): 'Entrar na lista de espera'; once on it, their place in the queue and 'Sair'; when a
 * place is held for them, until when and 'Garantir minha vaga' (the checkout on that tier).
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { joinWaitlistMutation, leaveWaitlistMutation } from '../../../data/waitlist/mutations.ts';
import { myWaitlistQuery } from '../../../data/waitlist/waitlist-query.ts';
import { formatDateTime } from '../../../domain/dates.ts';
import { waitlistMessages as w } from '../../../domain/messages/waitlist.ts';
import { ordinal } from '../../../domain/waitlist.ts';
import { notify } from '../../../ui/notices.tsx';
import { AppLink } from './app-link.tsx';

export function WaitlistBox({ eventId, tierId }: { eventId: string; tierId: string }) {
  const { data: entry, status } = useQuery(myWaitlistQuery(tierId));
  const join = useMutation(joinWaitlistMutation);
  const leaveList = useMutation(leaveWaitlistMutation);
  const busy = join.isPending || leaveList.isPending;
  if (status === 'pending') return null;

  const act = async (change: () => Promise<unknown>, done: string) => {
    if (busy) return;
    try {
      await change();
      notify('positive', done);
    } catch (error) {
      notify('negative', error instanceof Error ? error.message : String(error));
    }
  };
  const leave = (
    <button
      type="button"
      className="button button-secondary tier-cta"
      disabled={busy}
      onClick={() => void act(() => leaveList.mutateAsync(tierId), w.left)}
    >
      {w.leave}
    </button>
  );

  if (!entry) {
    return (
      <div className="tier-waitlist" data-testid="waitlist-box">
        <p className="tier-waitlist-text">{w.soldOutHint}</p>
        <button
          type="button"
          className="button tier-cta"
          disabled={busy}
          onClick={() => void act(() => join.mutateAsync(tierId), w.joined)}
        >
          {w.join}
        </button>
      </div>
    );
  }
  if (entry.status === 'offered' && entry.offer_expires_at) {
    return (
      <div className="tier-waitlist" data-testid="waitlist-box">
        <p className="tier-waitlist-text tier-waitlist-offer" role="status">
          {w.offer(formatDateTime(entry.offer_expires_at))}
        </p>
        <AppLink
          className="button tier-cta"
          href={`/checkout/${encodeURIComponent(eventId)}/${encodeURIComponent(tierId)}`}
        >
          {w.takeOffer}
        </AppLink>
        {leave}
      </div>
    );
  }
  return (
    <div className="tier-waitlist" data-testid="waitlist-box">
      <p className="tier-waitlist-text" role="status">
        {w.position(ordinal(entry.position ?? 1))}
      </p>
      {leave}
    </div>
  );
}
