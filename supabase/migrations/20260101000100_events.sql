-- Congrega schema, part 2 of 4: events and what hangs from them (pricing tiers, tags, speakers,
-- venues, their joins, event files). Public metadata: anon and authenticated read what is not
-- soft-deleted (and, for what hangs from an event, what belongs to an event not soft-deleted).

-- ───────────────────────────── events ─────────────────────────────

create table public.events (
  id uuid primary key default gen_random_uuid(),
  title text not null check (length(btrim(title)) > 0),
  description text,
  details text,
  -- storage path in the public bucket `images`
  image text,
  starts_at timestamptz not null,
  registration_policy text not null default 'requires'
    check (registration_policy in ('open', 'allows', 'requires')),
  checkin_policy text not null default 'none' check (checkin_policy in ('requires', 'none')),
  checkin_starts_at timestamptz,
  checkin_ends_at timestamptz,
  external_redirect text,
  allowed_payment_methods text[] not null default '{}'
    check (allowed_payment_methods <@ public.payment_methods()),
  force_upcoming boolean not null default false,
  parent_id uuid references public.events (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  constraint events_checkin_window check (
    checkin_starts_at is null or checkin_ends_at is null or checkin_ends_at >= checkin_starts_at
  ),
  constraint events_not_own_parent check (parent_id is null or parent_id <> id)
);
create index events_starts_at_idx on public.events (starts_at) where deleted_at is null;
create index events_parent_idx on public.events (parent_id) where parent_id is not null;
create index events_force_upcoming_idx on public.events (id) where force_upcoming and deleted_at is null;
create index events_checkin_window_idx on public.events (checkin_starts_at, checkin_ends_at)
  where deleted_at is null and checkin_starts_at is not null;
create trigger events_updated_at before update on public.events
  for each row execute function public.set_updated_at();
alter table public.events enable row level security;
create policy events_public_read on public.events for select to anon, authenticated
  using (deleted_at is null);
revoke all on public.events from anon, authenticated;
grant select on public.events to anon, authenticated;
grant all on public.events to service_role;

-- ───────────────────────────── pricing tiers ─────────────────────────────

create table public.pricing_tiers (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null references public.events (id) on delete cascade,
  name text not null check (length(btrim(name)) > 0),
  description text,
  -- integer centavos; 0 is free
  price integer not null check (price >= 0),
  "order" integer not null default 0,
  starts_at timestamptz,
  ends_at timestamptz,
  -- places left (null = no limit) and the total offered; a tier with a total always has places
  -- left counted (the trigger below starts them at the total), so the checkout's
  -- `available = available - 1 where available > 0` can never skip a limited tier
  available integer,
  total integer check (total is null or total >= 0),
  restricted_payment_methods text[] not null default '{}'
    check (restricted_payment_methods <@ public.payment_methods()),
  custom_pix_key text,
  payment_link text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint pricing_tiers_available_range check (
    available is null or (available >= 0 and (total is null or available <= total))
  ),
  constraint pricing_tiers_total_counted check (total is null or available is not null),
  constraint pricing_tiers_window check (starts_at is null or ends_at is null or ends_at >= starts_at),
  -- lets registrations reference (tier, event) so a tier always belongs to its registration's event
  constraint pricing_tiers_id_event_key unique (id, event_id)
);
create index pricing_tiers_event_idx on public.pricing_tiers (event_id, "order");
create trigger pricing_tiers_updated_at before update on public.pricing_tiers
  for each row execute function public.set_updated_at();

-- A tier given a total without `available` starts with every place available.
create or replace function public.pricing_tiers_default_available() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.total is not null and new.available is null then
    new.available := new.total;
  end if;
  return new;
end
$$;
grant execute on function public.pricing_tiers_default_available() to service_role;
create trigger pricing_tiers_default_available before insert or update of total, available
  on public.pricing_tiers
  for each row execute function public.pricing_tiers_default_available();

alter table public.pricing_tiers enable row level security;
create policy pricing_tiers_public_read on public.pricing_tiers for select to anon, authenticated
  using (exists (select 1 from public.events e where e.id = event_id and e.deleted_at is null));
revoke all on public.pricing_tiers from anon, authenticated;
grant select on public.pricing_tiers to anon, authenticated;
grant all on public.pricing_tiers to service_role;

-- ───────────────────────────── tags, speakers, venues ─────────────────────────────

create table public.tags (
  id uuid primary key default gen_random_uuid(),
  name text not null check (length(btrim(name)) > 0),
  color text not null default '#3080d4' check (color ~ '^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$'),
  created_at timestamptz not null default now(),
  deleted_at timestamptz
);
create unique index tags_name_key on public.tags (lower(name)) where deleted_at is null;
alter table public.tags enable row level security;
create policy tags_public_read on public.tags for select to anon, authenticated using (deleted_at is null);
revoke all on public.tags from anon, authenticated;
grant select on public.tags to anon, authenticated;
grant all on public.tags to service_role;

create table public.speakers (
  id uuid primary key default gen_random_uuid(),
  name text not null check (length(btrim(name)) > 0),
  details text,
  image text,
  created_at timestamptz not null default now(),
  deleted_at timestamptz
);
alter table public.speakers enable row level security;
create policy speakers_public_read on public.speakers for select to anon, authenticated
  using (deleted_at is null);
revoke all on public.speakers from anon, authenticated;
grant select on public.speakers to anon, authenticated;
grant all on public.speakers to service_role;

create table public.venues (
  id uuid primary key default gen_random_uuid(),
  name text not null check (length(btrim(name)) > 0),
  address text not null,
  image text,
  lat numeric(9, 6) check (lat between -90 and 90),
  lng numeric(9, 6) check (lng between -180 and 180),
  room text,
  created_at timestamptz not null default now(),
  deleted_at timestamptz
);
alter table public.venues enable row level security;
create policy venues_public_read on public.venues for select to anon, authenticated using (deleted_at is null);
revoke all on public.venues from anon, authenticated;
grant select on public.venues to anon, authenticated;
grant all on public.venues to service_role;

-- ───────────────────────────── joins ─────────────────────────────

create table public.event_tags (
  event_id uuid not null references public.events (id) on delete cascade,
  tag_id uuid not null references public.tags (id) on delete cascade,
  primary key (event_id, tag_id)
);
create index event_tags_tag_idx on public.event_tags (tag_id);
alter table public.event_tags enable row level security;
create policy event_tags_public_read on public.event_tags for select to anon, authenticated
  using (exists (select 1 from public.events e where e.id = event_id and e.deleted_at is null));
revoke all on public.event_tags from anon, authenticated;
grant select on public.event_tags to anon, authenticated;
grant all on public.event_tags to service_role;

create table public.event_speakers (
  event_id uuid not null references public.events (id) on delete cascade,
  speaker_id uuid not null references public.speakers (id) on delete cascade,
  position integer not null default 0,
  primary key (event_id, speaker_id)
);
create index event_speakers_speaker_idx on public.event_speakers (speaker_id);
alter table public.event_speakers enable row level security;
create policy event_speakers_public_read on public.event_speakers for select to anon, authenticated
  using (exists (select 1 from public.events e where e.id = event_id and e.deleted_at is null));
revoke all on public.event_speakers from anon, authenticated;
grant select on public.event_speakers to anon, authenticated;
grant all on public.event_speakers to service_role;

create table public.event_venues (
  event_id uuid not null references public.events (id) on delete cascade,
  venue_id uuid not null references public.venues (id) on delete cascade,
  -- the first venue (lowest position) is the one the details overlay shows
  position integer not null default 0,
  primary key (event_id, venue_id)
);
create index event_venues_venue_idx on public.event_venues (venue_id);
alter table public.event_venues enable row level security;
create policy event_venues_public_read on public.event_venues for select to anon, authenticated
  using (exists (select 1 from public.events e where e.id = event_id and e.deleted_at is null));
revoke all on public.event_venues from anon, authenticated;
grant select on public.event_venues to anon, authenticated;
grant all on public.event_venues to service_role;

-- ───────────────────────────── event files ─────────────────────────────

create table public.event_files (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null references public.events (id) on delete cascade,
  name text not null check (length(btrim(name)) > 0),
  -- object path in the private bucket `event-files`
  path text not null unique,
  created_at timestamptz not null default now()
);
create index event_files_event_idx on public.event_files (event_id);
alter table public.event_files enable row level security;
-- file metadata only; the objects live in a private bucket behind signed URLs
create policy event_files_public_read on public.event_files for select to anon, authenticated
  using (exists (select 1 from public.events e where e.id = event_id and e.deleted_at is null));
revoke all on public.event_files from anon, authenticated;
grant select on public.event_files to anon, authenticated;
grant all on public.event_files to service_role;
