-- Staff tools: the user search (/admin/users) and the audit of what staff change on a person.

-- ───────────────────────────── user search ─────────────────────────────
-- Name, e-mail, CPF and phone, folded (lower case, no Portuguese diacritics: public.search_fold),
-- in one stored column; a trigram index answers "contains" searches (part of a name, of an e-mail,
-- a few CPF or phone digits) without reading every profile.
-- In the `extensions` schema, as Supabase keeps its extensions (the local bootstrap creates it too).
create extension if not exists pg_trgm with schema extensions;

alter table public.profiles
  add column search_text text generated always as (
    public.search_fold(
      name || ' ' || email || ' ' || coalesce(cpf, '') || ' ' || coalesce(phone, '')
    )
  ) stored;
create index profiles_search_text_trgm_idx on public.profiles using gin (search_text extensions.gin_trgm_ops);

-- ───────────────────────────── audit log ─────────────────────────────
-- Every staff change to a person (roles, password, profile, a registration made for them), and
-- later staff reads: who did it, to whom, what, when and from which client address. Written and
-- read by the API only (no policy: on Supabase neither anon nor authenticated may touch it).
create table public.audit_log (
  id uuid primary key default gen_random_uuid(),
  -- the staff member; kept as history when their account goes
  actor_id uuid references auth.users (id) on delete set null,
  -- the person the action is about
  subject_id uuid references auth.users (id) on delete set null,
  -- e.g. role.grant, role.revoke, password.reset, profile.update, registration.create
  action text not null check (action ~ '^[a-z_]+(\.[a-z_]+)+$'),
  details jsonb not null default '{}'::jsonb,
  client_ip text,
  created_at timestamptz not null default now()
);
create index audit_log_subject_idx on public.audit_log (subject_id, created_at desc);
create index audit_log_actor_idx on public.audit_log (actor_id, created_at desc);
alter table public.audit_log enable row level security;
revoke all on public.audit_log from anon, authenticated;
grant all on public.audit_log to service_role;
