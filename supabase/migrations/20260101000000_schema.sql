-- Congrega schema: every entity of the product spec (§3) plus profiles, roles/permissions, vouchers,
-- payment provider notifications and check-ins (DESIGN §5). Runs on Supabase, on a plain PostgreSQL
-- (15+) and on PGlite, after the bootstrap that gives auth.users, auth.uid() and the API roles.
--
-- Security model: the API connects with a privileged role (RLS bypassed). RLS is enabled on every
-- table anyway, with only the read policies the app needs, because on Supabase the anon key reaches
-- every table through PostgREST.

-- ───────────────────────────── helpers ─────────────────────────────

create or replace function public.set_updated_at() returns trigger
language plpgsql as $$
begin
  new.updated_at := now();
  return new;
end
$$;

-- The seven payment methods (strategies). Kept as a function so checks read the same list.
create or replace function public.payment_methods() returns text[]
language sql immutable as $$
  select array['mp_pix', 'mp_card', 'file', 'cash', 'link', 'voucher', 'open']::text[]
$$;

-- ───────────────────────────── congregations and people ─────────────────────────────

create table public.temples (
  id uuid primary key default gen_random_uuid(),
  name text not null check (length(btrim(name)) > 0),
  -- the regional the congregation belongs to; 'custom' means visitors
  regional text not null default 'custom',
  ours boolean not null default true,
  created_at timestamptz not null default now()
);
create index temples_ours_name_idx on public.temples (name) where ours;

create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  name text not null check (length(btrim(name)) > 0),
  email text not null,
  -- digits only
  phone text check (phone ~ '^[0-9]{10,11}$'),
  cpf text check (cpf ~ '^[0-9]{11}$'),
  temple_id uuid references public.temples (id) on delete set null,
  other_church text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint profiles_cpf_key unique (cpf)
);
create index profiles_temple_idx on public.profiles (temple_id);
create index profiles_email_idx on public.profiles (lower(email));
create index profiles_name_idx on public.profiles (lower(name));
create trigger profiles_updated_at before update on public.profiles
  for each row execute function public.set_updated_at();

create table public.roles (
  name text primary key,
  description text
);

create table public.role_permissions (
  role text not null references public.roles (name) on delete cascade,
  permission text not null check (
    permission in ('write_events', 'read_confirmations', 'write_confirmations', 'create_user', 'reports', 'checkin')
  ),
  primary key (role, permission)
);

create table public.user_roles (
  user_id uuid not null references auth.users (id) on delete cascade,
  role text not null references public.roles (name) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (user_id, role)
);
create index user_roles_role_idx on public.user_roles (role);

insert into public.roles (name, description) values
  ('admin', 'Administração completa'),
  ('secretaria', 'Secretaria: inscrições, pagamentos e cadastros'),
  ('lider', 'Liderança: relatórios e inscrições'),
  ('voluntario', 'Voluntário: check-in na porta');

insert into public.role_permissions (role, permission) values
  ('admin', 'write_events'),
  ('admin', 'read_confirmations'),
  ('admin', 'write_confirmations'),
  ('admin', 'create_user'),
  ('admin', 'reports'),
  ('admin', 'checkin'),
  ('secretaria', 'read_confirmations'),
  ('secretaria', 'write_confirmations'),
  ('secretaria', 'create_user'),
  ('lider', 'reports'),
  ('lider', 'read_confirmations'),
  ('voluntario', 'checkin');

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
  -- places left (null = no limit) and the total offered
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
  constraint pricing_tiers_window check (starts_at is null or ends_at is null or ends_at >= starts_at),
  -- lets registrations reference (tier, event) so a tier always belongs to its registration's event
  constraint pricing_tiers_id_event_key unique (id, event_id)
);
create index pricing_tiers_event_idx on public.pricing_tiers (event_id, "order");
create trigger pricing_tiers_updated_at before update on public.pricing_tiers
  for each row execute function public.set_updated_at();

create table public.tags (
  id uuid primary key default gen_random_uuid(),
  name text not null check (length(btrim(name)) > 0),
  color text not null default '#3080d4' check (color ~ '^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$'),
  created_at timestamptz not null default now(),
  deleted_at timestamptz
);
create unique index tags_name_key on public.tags (lower(name)) where deleted_at is null;

create table public.speakers (
  id uuid primary key default gen_random_uuid(),
  name text not null check (length(btrim(name)) > 0),
  details text,
  image text,
  created_at timestamptz not null default now(),
  deleted_at timestamptz
);

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

create table public.event_tags (
  event_id uuid not null references public.events (id) on delete cascade,
  tag_id uuid not null references public.tags (id) on delete cascade,
  primary key (event_id, tag_id)
);
create index event_tags_tag_idx on public.event_tags (tag_id);

create table public.event_speakers (
  event_id uuid not null references public.events (id) on delete cascade,
  speaker_id uuid not null references public.speakers (id) on delete cascade,
  position integer not null default 0,
  primary key (event_id, speaker_id)
);
create index event_speakers_speaker_idx on public.event_speakers (speaker_id);

create table public.event_venues (
  event_id uuid not null references public.events (id) on delete cascade,
  venue_id uuid not null references public.venues (id) on delete cascade,
  -- the first venue (lowest position) is the one the details overlay shows
  position integer not null default 0,
  primary key (event_id, venue_id)
);
create index event_venues_venue_idx on public.event_venues (venue_id);

create table public.event_files (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null references public.events (id) on delete cascade,
  name text not null check (length(btrim(name)) > 0),
  -- object path in the private bucket `event-files`
  path text not null unique,
  created_at timestamptz not null default now()
);
create index event_files_event_idx on public.event_files (event_id);

-- ───────────────────────────── registrations and payments ─────────────────────────────

-- A random 6-digit manual check-in code (shown ###-###). Never sequential.
create or replace function public.random_seq() returns char(6)
language sql volatile as $$
  select lpad((floor(random() * 1000000))::integer::text, 6, '0')::char(6)
$$;

create table public.registrations (
  id uuid primary key default gen_random_uuid(),
  seq char(6) not null default public.random_seq() check (seq ~ '^[0-9]{6}$'),
  user_id uuid not null references auth.users (id) on delete cascade,
  tier_id uuid not null,
  event_id uuid not null references public.events (id) on delete cascade,
  -- centavos, computed on the server from the tier price at registration time
  frozen_value integer not null check (frozen_value >= 0),
  status text not null default 'pending'
    check (status in ('paid', 'pending', 'analysis', 'rejected', 'canceled', 'expired')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint registrations_tier_event_fkey foreign key (tier_id, event_id)
    references public.pricing_tiers (id, event_id) on delete cascade,
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
create or replace function public.registrations_assign_seq() returns trigger
language plpgsql as $$
declare
  tries integer := 0;
begin
  if new.seq is null then
    new.seq := public.random_seq();
  end if;
  while exists (select 1 from public.registrations r where r.event_id = new.event_id and r.seq = new.seq) loop
    tries := tries + 1;
    if tries > 50 then
      raise exception 'could not pick a free check-in code for event %', new.event_id;
    end if;
    new.seq := public.random_seq();
  end loop;
  return new;
end
$$;
create trigger registrations_assign_seq before insert on public.registrations
  for each row execute function public.registrations_assign_seq();

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

create table public.registration_confirmations (
  id uuid primary key default gen_random_uuid(),
  registration_id uuid not null references public.registrations (id) on delete cascade,
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

-- ───────────────────────────── check-ins ─────────────────────────────

create table public.checkins (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null references public.events (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  registration_id uuid not null references public.registrations (id) on delete cascade,
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

-- ───────────────────────────── row level security ─────────────────────────────

alter table public.temples enable row level security;
alter table public.profiles enable row level security;
alter table public.roles enable row level security;
alter table public.role_permissions enable row level security;
alter table public.user_roles enable row level security;
alter table public.events enable row level security;
alter table public.pricing_tiers enable row level security;
alter table public.tags enable row level security;
alter table public.speakers enable row level security;
alter table public.venues enable row level security;
alter table public.event_tags enable row level security;
alter table public.event_speakers enable row level security;
alter table public.event_venues enable row level security;
alter table public.event_files enable row level security;
alter table public.registrations enable row level security;
alter table public.vouchers enable row level security;
alter table public.registration_confirmations enable row level security;
alter table public.payment_events enable row level security;
alter table public.checkins enable row level security;

-- Public metadata: anyone may read what is not soft-deleted.
create policy temples_public_read on public.temples for select to anon, authenticated using (true);
create policy events_public_read on public.events for select to anon, authenticated
  using (deleted_at is null);
create policy pricing_tiers_public_read on public.pricing_tiers for select to anon, authenticated
  using (exists (select 1 from public.events e where e.id = event_id and e.deleted_at is null));
create policy tags_public_read on public.tags for select to anon, authenticated using (deleted_at is null);
create policy speakers_public_read on public.speakers for select to anon, authenticated
  using (deleted_at is null);
create policy venues_public_read on public.venues for select to anon, authenticated using (deleted_at is null);
create policy event_tags_public_read on public.event_tags for select to anon, authenticated
  using (exists (select 1 from public.events e where e.id = event_id and e.deleted_at is null));
create policy event_speakers_public_read on public.event_speakers for select to anon, authenticated
  using (exists (select 1 from public.events e where e.id = event_id and e.deleted_at is null));
create policy event_venues_public_read on public.event_venues for select to anon, authenticated
  using (exists (select 1 from public.events e where e.id = event_id and e.deleted_at is null));
-- file metadata only; the objects live in a private bucket behind signed URLs
create policy event_files_public_read on public.event_files for select to anon, authenticated
  using (exists (select 1 from public.events e where e.id = event_id and e.deleted_at is null));

-- A signed-in user reads their own rows.
create policy profiles_own_read on public.profiles for select to authenticated
  using (id = (select auth.uid()));
create policy registrations_own_read on public.registrations for select to authenticated
  using (user_id = (select auth.uid()));
create policy registration_confirmations_own_read on public.registration_confirmations
  for select to authenticated
  using (exists (
    select 1 from public.registrations r where r.id = registration_id and r.user_id = (select auth.uid())
  ));
-- realtime delivers a check-in insert only to its owner
create policy checkins_own_read on public.checkins for select to authenticated
  using (user_id = (select auth.uid()));

-- roles, role_permissions, user_roles, vouchers, payment_events: no policy (API only).

-- ───────────────────────────── grants ─────────────────────────────

revoke all on all tables in schema public from anon, authenticated;
revoke all on all sequences in schema public from anon, authenticated;

grant select on public.temples, public.events, public.pricing_tiers, public.tags, public.speakers,
  public.venues, public.event_tags, public.event_speakers, public.event_venues, public.event_files
  to anon, authenticated;
grant select on public.profiles, public.registrations, public.registration_confirmations, public.checkins
  to authenticated;

grant all on all tables in schema public to service_role;
grant all on all sequences in schema public to service_role;
grant execute on all functions in schema public to service_role;

-- ───────────────────────────── realtime ─────────────────────────────

alter publication supabase_realtime add table public.checkins;
