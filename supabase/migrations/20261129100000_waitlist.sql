-- The waiting list of a sold-out tier (docs/product-spec.md §4, 'Lista de espera').
--
-- A member joins a limited tier's list when no place is left; when a place returns (functions/api/
-- resources/tiers/places.ts, the one home for places) it is not given back to the sale while someone
-- waits: the first person waiting gets an offer, the place held for them until offer_expires_at
-- (`available` stays as it was, so the held place counts as taken for everyone else). The offer is
-- taken by the member's checkout on that tier, or passes to the next person when its time is up;
-- with nobody left, the place goes back to the sale.
create table public.waitlist_entries (
  id uuid primary key default gen_random_uuid(),
  tier_id uuid not null,
  event_id uuid not null references public.events (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  -- the order in the list: lower first (a join takes the end; staff moves swap two entries)
  position bigint not null,
  -- waiting → offered → accepted (registered through the offer) or expired (time up: the next one);
  -- left (the member left) and removed (by staff) are history too
  status text not null default 'waiting'
    check (status in ('waiting', 'offered', 'accepted', 'expired', 'left', 'removed')),
  offered_at timestamptz,
  offer_expires_at timestamptz,
  -- staff who sent the offer by hand (null: a returned place offered it)
  offered_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint waitlist_entries_tier_event_fkey foreign key (tier_id, event_id)
    references public.pricing_tiers (id, event_id) on delete cascade,
  constraint waitlist_entries_offer_check
    check (status <> 'offered' or (offered_at is not null and offer_expires_at is not null))
);
-- one entry per member per tier while it is open (after leaving, joining again takes the end)
create unique index waitlist_entries_one_open_idx on public.waitlist_entries (tier_id, user_id)
  where status in ('waiting', 'offered');
create index waitlist_entries_queue_idx on public.waitlist_entries (tier_id, position, created_at, id)
  where status = 'waiting';
create index waitlist_entries_offers_idx on public.waitlist_entries (offer_expires_at)
  where status = 'offered';
create index waitlist_entries_user_idx on public.waitlist_entries (user_id);
-- Written and read by the API only (no policy).
alter table public.waitlist_entries enable row level security;
revoke all on public.waitlist_entries from anon, authenticated;
grant all on public.waitlist_entries to service_role;

-- How long a place is held for the person it is offered to, per tier (hours; shorter close to the
-- event: src/domain/waitlist.ts).
alter table public.pricing_tiers
  add column waitlist_offer_hours integer not null default 24 check (waitlist_offer_hours between 1 and 168);

-- the member's e-mail with the offer: every kind of 20261128800000_event_questions.sql, and waitlist_offer
alter table public.mail_outbox drop constraint mail_outbox_kind_check;
alter table public.mail_outbox add constraint mail_outbox_kind_check check (kind in (
  'registration_confirmed', 'payment_approved', 'payment_rejected', 'pix_expired', 'event_removed',
  'account_deleted', 'cash_expired', 'refund_done', 'chargeback_staff', 'caravan_summary', 'guardian_consent',
  'waitlist_offer'
));
