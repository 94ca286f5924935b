-- Congrega schema, part 4 of 4: check-ins at the door, and the realtime feed of them. A check-in
-- is history: deleting its registration, event or user fails (`on delete restrict`).

create table public.checkins (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null references public.events (id) on delete restrict,
  user_id uuid not null references auth.users (id) on delete restrict,
  registration_id uuid not null references public.registrations (id) on delete restrict,
  -- the door's UUID for this check-in: makes batch sync idempotent
  client_id uuid unique,
  device text,
  checked_by uuid references auth.users (id) on delete set null,
  -- when the door scanned it (may be earlier than created_at when synced later)
  scanned_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  constraint checkins_event_user_key unique (event_id, user_id)
);
create index checkins_registration_idx on public.checkins (registration_id);
create index checkins_event_created_idx on public.checkins (event_id, created_at);
create index checkins_user_idx on public.checkins (user_id);
alter table public.checkins enable row level security;
-- realtime delivers a check-in insert only to its owner
create policy checkins_own_read on public.checkins for select to authenticated
  using (user_id = (select auth.uid()));
revoke all on public.checkins from anon, authenticated;
grant select on public.checkins to authenticated;
grant all on public.checkins to service_role;

alter publication supabase_realtime add table public.checkins;
