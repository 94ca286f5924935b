-- Throttles the API counts in the database (an Edge Function keeps no memory between requests):
-- hits per key (e.g. 'receipt:user:<id>', 'voucher:ip:<address>') in fixed windows. Only the API,
-- through its privileged connection, reads or writes them.
create table public.api_throttles (
  key text not null,
  window_start timestamptz not null,
  hits integer not null default 0,
  primary key (key, window_start)
);
alter table public.api_throttles enable row level security;
revoke all on public.api_throttles from anon, authenticated;

-- The secret key of each event's door roster: the roster carries a short keyed hash of each CPF
-- (src/domain/checkin.ts rosterCpfTag), computed here and never sent without the roster's staff
-- permission. It stays on the server: a door device gets it only with the roster it downloads.
create table public.event_roster_keys (
  event_id uuid primary key references public.events (id) on delete cascade,
  key text not null default replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''),
  created_at timestamptz not null default now()
);
alter table public.event_roster_keys enable row level security;
revoke all on public.event_roster_keys from anon, authenticated;
