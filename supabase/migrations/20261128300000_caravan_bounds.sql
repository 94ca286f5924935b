-- Bounds on what one member can do through caravans (README "Under abuse: limits and throttles").

-- A tier only staff may register people on (the desk's third-party signup), e.g. the volunteers'
-- R$ 0 tier: a member's checkout and caravans are refused on it.
alter table public.pricing_tiers add column staff_only boolean not null default false;

-- People one leader may hold unpaid (pending or in analysis) on the event through caravans, and how
-- long an unpaid cash caravan keeps its places before they expire (staff may change both per event).
alter table public.events
  add column unpaid_per_leader integer not null default 20
    check (unpaid_per_leader between 2 and 1000),
  add column cash_hold_hours integer not null default 72
    check (cash_hold_hours between 1 and 720);

-- the caravan limits count a leader's groups per event
create index registration_groups_leader_event_idx on public.registration_groups (leader_id, event_id);

-- an unpaid cash caravan whose hours are up: its places go back, its people and its leader are told
alter table public.mail_outbox drop constraint mail_outbox_kind_check;
alter table public.mail_outbox add constraint mail_outbox_kind_check check (kind in (
  'registration_confirmed', 'payment_approved', 'payment_rejected', 'pix_expired', 'event_removed',
  'account_deleted', 'cash_expired'
));
