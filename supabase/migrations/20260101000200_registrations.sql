-- Congrega schema, part 3 of 4: registrations, vouchers, payment attempts (confirmations) and
-- payment provider notifications. History is never deleted by a cascade: deleting an event, a tier
-- or a user that has registrations fails (`on delete restrict`; events are soft-deleted anyway),
-- and a registration with payment attempts cannot be deleted either.

-- ───────────────────────────── registrations ─────────────────────────────

-- A random 6-digit manual check-in code (shown ###-###). Never sequential.
create or replace function public.random_seq() returns char(6)
language sql volatile
set search_path = ''
as $$
  select pg_catalog.lpad((pg_catalog.floor(pg_catalog.random() * 1000000))::integer::text, 6, '0')::char(6)
$$;
grant execute on function public.random_seq() to service_role;

create table public.registrations (
  id uuid primary key default gen_random_uuid(),
  seq char(6) not null default public.random_seq() check (seq ~ '^[0-9]{6}$'),
  user_id uuid not null references auth.users (id) on delete restrict,
  tier_id uuid not null,
  event_id uuid not null references public.events (id) on delete restrict,
  -- centavos, computed on the server from the tier price at registration time
  frozen_value integer not null check (frozen_value >= 0),
  status text not null default 'pending'
    check (status in ('paid', 'pending', 'analysis', 'rejected', 'canceled', 'expired')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint registrations_tier_event_fkey foreign key (tier_id, event_id)
    references public.pricing_tiers (id, event_id) on delete restrict,
  constraint registrations_event_seq_key unique (event_id, seq)
);
-- one active registration per user and event (rejected/canceled ones are history)
create unique index registrations_one_active_idx on public.registrations (user_id, event_id)
  where status not in ('rejected', 'canceled');
create index registrations_user_idx on public.registrations (user_id, created_at desc);
create index registrations_event_status_idx on public.registrations (event_id, status);
create index registrations_tier_idx on public.registrations (tier_id);
create index registrations_updated_idx on public.registrations (event_id, updated_at);
create trigger registrations_updated_at before update on public.registrations
  for each row execute function public.set_updated_at();

-- The default picks a random code; on a clash inside the same event pick again (unique per event).
-- Safe under concurrency: before looking, the insert takes a transaction-level advisory lock on
-- (event, code). A concurrent checkout that picked the same code waits there until the first one
-- commits or rolls back; then (READ COMMITTED: every statement takes a fresh snapshot) it sees the
-- committed row and picks again, instead of both seeing nothing and one failing on
-- registrations_event_seq_key. Locking the code rather than the event means checkouts of one event
-- only ever wait for each other on a clash (about 1 in 10⁶ per pair), never by routine. The
-- two-key lock form does not overlap the one-key (bigint) form other code may use.
-- (Under REPEATABLE READ/SERIALIZABLE the snapshot is the transaction's, so a checkout must run in
-- the default READ COMMITTED for this guarantee.)
create or replace function public.registrations_assign_seq() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  tries integer := 0;
begin
  if new.seq is null then
    new.seq := public.random_seq();
  end if;
  loop
    -- a malformed explicit code is left to the check constraint
    exit when new.seq !~ '^[0-9]{6}$';
    perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext(new.event_id::text), new.seq::integer);
    exit when not exists (
      select 1 from public.registrations r where r.event_id = new.event_id and r.seq = new.seq
    );
    tries := tries + 1;
    if tries > 50 then
      raise exception 'could not pick a free check-in code for event %', new.event_id;
    end if;
    new.seq := public.random_seq();
  end loop;
  return new;
end
$$;
grant execute on function public.registrations_assign_seq() to service_role;
create trigger registrations_assign_seq before insert on public.registrations
  for each row execute function public.registrations_assign_seq();

alter table public.registrations enable row level security;
-- a signed-in user reads their own registrations
create policy registrations_own_read on public.registrations for select to authenticated
  using (user_id = (select auth.uid()));
revoke all on public.registrations from anon, authenticated;
grant select on public.registrations to authenticated;
grant all on public.registrations to service_role;

-- ───────────────────────────── vouchers (API only: no policy) ─────────────────────────────

create table public.vouchers (
  id uuid primary key default gen_random_uuid(),
  -- 8 characters, stored lower-case, shown XXXX-XXXX upper-case
  code text not null unique check (code ~ '^[a-z0-9]{8}$'),
  -- scope: a tier (and its event), or any tier of an event, or anything when both are null
  event_id uuid references public.events (id) on delete cascade,
  tier_id uuid references public.pricing_tiers (id) on delete cascade,
  description text,
  used_at timestamptz,
  used_by uuid references auth.users (id) on delete set null,
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  constraint vouchers_used check (used_by is null or used_at is not null)
);
create index vouchers_event_idx on public.vouchers (event_id);
create index vouchers_tier_idx on public.vouchers (tier_id);
alter table public.vouchers enable row level security;
revoke all on public.vouchers from anon, authenticated;
grant all on public.vouchers to service_role;

-- ───────────────────────────── payment attempts ─────────────────────────────

create table public.registration_confirmations (
  id uuid primary key default gen_random_uuid(),
  registration_id uuid not null references public.registrations (id) on delete restrict,
  strategy text not null check (strategy = any (public.payment_methods())),
  status text not null default 'pending'
    check (status in ('paid', 'pending', 'analysis', 'rejected', 'canceled', 'expired')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  expires_at timestamptz,
  transaction_id text,
  request_data jsonb,
  response_data jsonb,
  voucher_id uuid references public.vouchers (id) on delete set null,
  reviewed_by uuid references auth.users (id) on delete set null
);
create index registration_confirmations_registration_idx
  on public.registration_confirmations (registration_id, created_at desc);
create index registration_confirmations_status_idx
  on public.registration_confirmations (status, strategy, created_at desc);
create index registration_confirmations_transaction_idx
  on public.registration_confirmations (transaction_id) where transaction_id is not null;
create unique index registration_confirmations_voucher_key
  on public.registration_confirmations (voucher_id) where voucher_id is not null and status = 'paid';
create trigger registration_confirmations_updated_at before update on public.registration_confirmations
  for each row execute function public.set_updated_at();
alter table public.registration_confirmations enable row level security;
-- a signed-in user reads the payment attempts of their own registrations
create policy registration_confirmations_own_read on public.registration_confirmations
  for select to authenticated
  using (exists (
    select 1 from public.registrations r where r.id = registration_id and r.user_id = (select auth.uid())
  ));
revoke all on public.registration_confirmations from anon, authenticated;
grant select on public.registration_confirmations to authenticated;
grant all on public.registration_confirmations to service_role;

-- ───────────────────────────── provider notifications (API only: no policy) ─────────────────────────────

-- Payment provider notifications (webhooks), for idempotency and audit.
create table public.payment_events (
  id bigint generated always as identity primary key,
  provider text not null,
  provider_id text not null,
  status text not null,
  confirmation_id uuid references public.registration_confirmations (id) on delete set null,
  payload jsonb,
  received_at timestamptz not null default now(),
  processed_at timestamptz,
  constraint payment_events_provider_status_key unique (provider, provider_id, status)
);
create index payment_events_confirmation_idx on public.payment_events (confirmation_id);
alter table public.payment_events enable row level security;
revoke all on public.payment_events from anon, authenticated;
revoke all on sequence public.payment_events_id_seq from anon, authenticated;
grant all on public.payment_events to service_role;
grant all on sequence public.payment_events_id_seq to service_role;
