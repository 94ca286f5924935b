-- Walk-ins and cash at the door (docs/product-spec.md, the door): a volunteer with `door_sales`
-- registers a walk-in (name, CPF or phone, tier, free or cash received) and admits them at once, or
-- takes the cash of a pending cash registration and admits; offline too, each synced exactly once
-- on its client UUID (door_sales below), audited (who, device, when, amount).

-- the permission, given to the demo door and admin roles
alter table public.role_permissions drop constraint role_permissions_permission_check;
alter table public.role_permissions add constraint role_permissions_permission_check check (
  permission in ('write_events', 'read_confirmations', 'write_confirmations', 'create_user', 'reports',
                 'checkin', 'read_sensitive', 'door_sales')
);
insert into public.role_permissions (role, permission) values
  ('admin', 'door_sales'),
  ('voluntario', 'door_sales')
on conflict do nothing;

-- a tier sold only at the door: never offered online (every tier of the event may be sold at the door)
alter table public.pricing_tiers add column door_only boolean not null default false;

-- A walk-in's registration belongs to the volunteer's account who sold it (like a caravan guest's
-- to the leader's) and carries the person's name and CPF or phone; it is a guest registration
-- (one check-in per registration) outside any caravan.
alter table public.registrations
  add column guest_phone text check (guest_phone is null or guest_phone ~ '^[0-9]{10,11}$'),
  add column walk_in boolean not null default false,
  drop constraint registrations_guest_fields,
  drop constraint registrations_guest_in_group,
  add constraint registrations_guest_fields check ((guest_name is null) = (guest_cpf is null and guest_phone is null)),
  add constraint registrations_guest_in_group check (guest_name is null or group_id is not null or walk_in);

-- One row per door sale item (its client UUID): the registration made or paid (a walk-in refused
-- for a CPF already registered names that registration), what was received, by whom, on which door.
create table public.door_sales (
  id uuid primary key default gen_random_uuid(),
  client_id uuid not null unique,
  kind text not null check (kind in ('walk_in', 'cash')),
  event_id uuid not null references public.events (id) on delete cascade,
  registration_id uuid references public.registrations (id) on delete cascade,
  outcome text not null check (outcome in ('created', 'conflict', 'not_found', 'not_paid')),
  -- centavos received in cash (0: free, or nothing taken)
  amount integer not null check (amount >= 0),
  device text,
  sold_by uuid references auth.users (id) on delete set null,
  scanned_at timestamptz not null,
  created_at timestamptz not null default now()
);
create index door_sales_event_idx on public.door_sales (event_id, created_at);
create index door_sales_registration_idx on public.door_sales (registration_id);
alter table public.door_sales enable row level security;
revoke all on public.door_sales from anon, authenticated;
grant all on public.door_sales to service_role;

-- a walk-in refused because the CPF already had a registration is kept with the doors' conflicts
alter table public.checkin_conflicts
  add column kind text not null default 'checkin' check (kind in ('checkin', 'walk_in')),
  add column walk_in_name text;
