-- Caravans: a signed-in member (the leader) registers several people on one tier in one checkout.
-- Each person gets their own registration (and ticket); the group ties them to the leader and to
-- the one payment for the total. A guest's registration belongs to the leader's account
-- (user_id = leader) and carries the person's name, CPF and optional e-mail; claiming it moves it
-- to the account of the same e-mail and clears those fields (the profile speaks for the person then).
create table public.registration_groups (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null references public.events (id) on delete restrict,
  tier_id uuid not null references public.pricing_tiers (id) on delete restrict,
  leader_id uuid not null references auth.users (id) on delete restrict,
  strategy text not null,
  -- centavos: the tier's price times the people, frozen at checkout
  frozen_total integer not null check (frozen_total >= 0),
  people integer not null check (people between 2 and 20),
  -- the group's payment attempt (the first person's): its moves carry the others' attempts along
  confirmation_id uuid references public.registration_confirmations (id) on delete set null,
  created_at timestamptz not null default now()
);
create index registration_groups_leader_idx on public.registration_groups (leader_id, created_at desc);
create index registration_groups_event_idx on public.registration_groups (event_id);
create unique index registration_groups_confirmation_idx on public.registration_groups (confirmation_id);
-- only the API reads and writes groups (the member reads theirs through /v1/registrations)
alter table public.registration_groups enable row level security;
revoke all on public.registration_groups from anon, authenticated;
grant all on public.registration_groups to service_role;

alter table public.registrations
  add column group_id uuid references public.registration_groups (id) on delete restrict,
  add column guest_name text check (guest_name is null or length(btrim(guest_name)) between 3 and 120),
  add column guest_cpf text check (guest_cpf is null or guest_cpf ~ '^[0-9]{11}$'),
  add column guest_email text check (guest_email is null or length(guest_email) <= 254),
  add constraint registrations_guest_fields check ((guest_name is null) = (guest_cpf is null)),
  add constraint registrations_guest_in_group check (guest_cpf is null or group_id is not null);
create index registrations_group_idx on public.registrations (group_id) where group_id is not null;

-- one active registration per person and event: a member's own (no guest CPF) per account, a
-- guest's per CPF (the checkout also refuses a guest CPF that a member's active registration holds)
drop index public.registrations_one_active_idx;
create unique index registrations_one_active_idx on public.registrations (user_id, event_id)
  where status not in ('rejected', 'canceled', 'expired') and guest_cpf is null;
create unique index registrations_guest_active_idx on public.registrations (event_id, guest_cpf)
  where status not in ('rejected', 'canceled', 'expired') and guest_cpf is not null;

-- a check-in is per person: a member's per account and event, a guest's per registration
-- (every guest registration of a caravan belongs to the leader's account)
alter table public.checkins add column guest boolean not null default false;
alter table public.checkins drop constraint checkins_event_user_key;
create unique index checkins_event_user_key on public.checkins (event_id, user_id) where not guest;
create unique index checkins_guest_registration_key on public.checkins (registration_id) where guest;
