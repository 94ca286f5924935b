-- Check-in sessions (docs/product-spec.md: the door, several days and sessions): an event may have
-- check-in days or sessions (a three-day camp: one per day; a conference: a morning and an
-- evening). A ticket is admitted once per session; an event without sessions keeps one check-in per
-- person as before. Only the API reads and writes them (no policy).

create table public.event_sessions (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null references public.events (id) on delete cascade,
  name text not null check (length(btrim(name)) between 1 and 60),
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  created_at timestamptz not null default now(),
  constraint event_sessions_order check (ends_at > starts_at)
);
create index event_sessions_event_idx on public.event_sessions (event_id, starts_at);
alter table public.event_sessions enable row level security;
revoke all on public.event_sessions from anon, authenticated;
grant all on public.event_sessions to service_role;

-- a session with check-ins is history: removing it fails
alter table public.checkins
  add column session_id uuid references public.event_sessions (id) on delete restrict;

-- once per person per session (no session: once per event, as before)
drop index public.checkins_event_user_key;
drop index public.checkins_guest_registration_key;
create unique index checkins_event_user_key on public.checkins
  (event_id, user_id, coalesce(session_id, '00000000-0000-0000-0000-000000000000'::uuid)) where not guest;
create unique index checkins_guest_registration_key on public.checkins
  (registration_id, coalesce(session_id, '00000000-0000-0000-0000-000000000000'::uuid)) where guest;
create index checkins_session_idx on public.checkins (session_id) where session_id is not null;

-- Sync conflicts kept per event (two doors, one ticket, one session): the check-in that counts and
-- the one refused, each with its device and time, listed for staff, not only on the losing door.
-- One row per refused door item (its client UUID): a replay adds nothing.
create table public.checkin_conflicts (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null references public.events (id) on delete cascade,
  registration_id uuid not null references public.registrations (id) on delete cascade,
  session_id uuid references public.event_sessions (id) on delete cascade,
  client_id uuid not null unique,
  device text,
  scanned_at timestamptz not null,
  winner_device text,
  winner_at timestamptz,
  created_at timestamptz not null default now()
);
create index checkin_conflicts_event_idx on public.checkin_conflicts (event_id, created_at);
alter table public.checkin_conflicts enable row level security;
revoke all on public.checkin_conflicts from anon, authenticated;
grant all on public.checkin_conflicts to service_role;
