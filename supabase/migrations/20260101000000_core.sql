-- Congrega schema, part 1 of 4: shared helpers, congregations, people, roles and permissions.
-- The schema covers every entity of the product spec (§3) plus profiles, roles/permissions,
-- vouchers, payment provider notifications and check-ins (docs/architecture.md, 'Database'). Runs on Supabase, on a plain
-- PostgreSQL (15+) and on PGlite, after the bootstrap that gives auth.users, auth.uid() and the API
-- roles. The parts run in file-name order: core, events, registrations, checkins.
--
-- Security model: the API connects with a privileged role (RLS bypassed). RLS is enabled on every
-- table anyway, with only the read policies the app needs, because on Supabase the anon key reaches
-- every table through PostgREST. Each table is followed by its indexes, RLS, policies and grants:
-- `revoke all` first, because Supabase's default privileges grant everything to anon and
-- authenticated.
--
-- Every function pins `search_path` (to '' with schema-qualified names inside), so a caller's
-- search_path can never redirect what it calls.

-- ───────────────────────────── helpers ─────────────────────────────

create or replace function public.set_updated_at() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := pg_catalog.now();
  return new;
end
$$;
grant execute on function public.set_updated_at() to service_role;

-- The seven payment methods (strategies). Kept as a function so checks read the same list.
create or replace function public.payment_methods() returns text[]
language sql immutable
set search_path = ''
as $$
  select array['mp_pix', 'mp_card', 'file', 'cash', 'link', 'voucher', 'open']::text[]
$$;
grant execute on function public.payment_methods() to service_role;

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
alter table public.temples enable row level security;
-- public metadata: anyone may read it
create policy temples_public_read on public.temples for select to anon, authenticated using (true);
revoke all on public.temples from anon, authenticated;
grant select on public.temples to anon, authenticated;
grant all on public.temples to service_role;

create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  name text not null check (length(btrim(name)) > 0),
  email text not null,
  -- digits only: DDD + 9-digit mobile, e.g. 21912345678 (shown (21) 91234-5678)
  phone text check (phone ~ '^[0-9]{11}$'),
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
alter table public.profiles enable row level security;
-- a signed-in user reads their own profile
create policy profiles_own_read on public.profiles for select to authenticated
  using (id = (select auth.uid()));
revoke all on public.profiles from anon, authenticated;
grant select on public.profiles to authenticated;
grant all on public.profiles to service_role;

-- ───────────────────────────── roles and permissions (API only: no policy) ─────────────────────────────

create table public.roles (
  name text primary key,
  description text
);
alter table public.roles enable row level security;
revoke all on public.roles from anon, authenticated;
grant all on public.roles to service_role;

create table public.role_permissions (
  role text not null references public.roles (name) on delete cascade,
  permission text not null check (
    permission in ('write_events', 'read_confirmations', 'write_confirmations', 'create_user', 'reports', 'checkin')
  ),
  primary key (role, permission)
);
alter table public.role_permissions enable row level security;
revoke all on public.role_permissions from anon, authenticated;
grant all on public.role_permissions to service_role;

create table public.user_roles (
  user_id uuid not null references auth.users (id) on delete cascade,
  role text not null references public.roles (name) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (user_id, role)
);
create index user_roles_role_idx on public.user_roles (role);
alter table public.user_roles enable row level security;
revoke all on public.user_roles from anon, authenticated;
grant all on public.user_roles to service_role;

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
