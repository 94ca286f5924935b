-- Checkout: an expired payment attempt (a PIX nobody paid) gives its place back like a rejected or
-- canceled one, so it no longer counts as the user's registration for the event: the one-active
-- index excludes it too, and the member can register again. The index keeps its name (the API maps
-- it to ALREADY_REGISTERED).
drop index public.registrations_one_active_idx;
create unique index registrations_one_active_idx on public.registrations (user_id, event_id)
  where status not in ('rejected', 'canceled', 'expired');

-- The member's pending attempts by method (member cancel, PIX expiry sweeps).
create index registration_confirmations_pending_idx
  on public.registration_confirmations (registration_id) where status = 'pending';
