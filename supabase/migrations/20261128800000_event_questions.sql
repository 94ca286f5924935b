-- Registration questions per event (docs/product-spec.md, README 'Registration questions'): staff
-- ask what the event needs (shirt size, team, allergies...); members answer at checkout, in the
-- caravan form (per person), staff at the desk. A question is never deleted while answers exist:
-- removing it hides it (deleted_at) and its answers stay for the records; changing its text or
-- options keeps the answers as given (an answer stores the chosen option's text, not an index).
create table public.event_questions (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null references public.events (id) on delete cascade,
  -- null: asked on every tier; else only on this tier
  tier_id uuid references public.pricing_tiers (id) on delete cascade,
  kind text not null check (kind in ('short_text', 'long_text', 'one_choice', 'many_choices', 'yes_no', 'date')),
  label text not null check (length(btrim(label)) between 1 and 200),
  help text check (help is null or length(help) <= 500),
  options jsonb not null default '[]'::jsonb check (jsonb_typeof(options) = 'array'),
  required boolean not null default false,
  -- health, medication, allergies: only staff with read_sensitive see it; never on a badge or the
  -- door; deleted with the member's account
  sensitive boolean not null default false,
  -- the one question whose answer the badges print (a shirt size, a team)
  on_badge boolean not null default false,
  "order" integer not null default 0,
  deleted_at timestamptz,
  created_at timestamptz not null default now(),
  constraint event_questions_sensitive_not_on_badge check (not (sensitive and on_badge))
);
create index event_questions_event_idx on public.event_questions (event_id, "order");
create unique index event_questions_one_badge_idx on public.event_questions (event_id)
  where on_badge and deleted_at is null;
-- only the API reads and writes questions (the member reads them through /v1/events/:id/questions)
alter table public.event_questions enable row level security;
revoke all on public.event_questions from anon, authenticated;
grant all on public.event_questions to service_role;

-- One answer per registration and question: text for text/date/one choice/yes-no ('sim'/'nao'),
-- an array of option texts for several choices.
create table public.registration_answers (
  registration_id uuid not null references public.registrations (id) on delete cascade,
  question_id uuid not null references public.event_questions (id) on delete cascade,
  value jsonb not null,
  updated_at timestamptz not null default now(),
  primary key (registration_id, question_id)
);
create index registration_answers_question_idx on public.registration_answers (question_id);
alter table public.registration_answers enable row level security;
revoke all on public.registration_answers from anon, authenticated;
grant all on public.registration_answers to service_role;

-- who may read sensitive answers (health): a permission of its own, given to admin and secretaria
alter table public.role_permissions drop constraint role_permissions_permission_check;
alter table public.role_permissions add constraint role_permissions_permission_check check (
  permission in ('write_events', 'read_confirmations', 'write_confirmations', 'create_user', 'reports',
                 'checkin', 'read_sensitive')
);
insert into public.role_permissions (role, permission) values
  ('admin', 'read_sensitive'),
  ('secretaria', 'read_sensitive')
on conflict do nothing;

-- ───────────────────────────── minors and their guardian's consent ─────────────────────────────
-- LGPD art. 14: a child's data needs a parent's or guardian's specific consent. The profile and a
-- caravan person carry a birth date; an event may set a minimum age and may require the guardian's
-- consent under 18 (age on the event's day, São Paulo).
alter table public.profiles add column birth_date date
  check (birth_date is null or birth_date between date '1900-01-01' and date '2100-01-01');
alter table public.registrations add column guest_birth_date date
  check (guest_birth_date is null or guest_birth_date between date '1900-01-01' and date '2100-01-01');
alter table public.events
  add column min_age integer check (min_age is null or min_age between 0 and 120),
  add column guardian_consent boolean not null default false;

-- One consent per registration of a minor: 'pending' until the guardian opens the e-mailed link
-- and authorizes or refuses; staff may record a paper authorization. The ticket is valid at the
-- door only once authorized. The token is kept as its SHA-256 (the link carries the token).
create table public.guardian_consents (
  registration_id uuid primary key references public.registrations (id) on delete cascade,
  guardian_name text not null check (length(btrim(guardian_name)) between 3 and 120),
  guardian_cpf text not null check (guardian_cpf ~ '^[0-9]{11}$'),
  guardian_email text not null check (length(guardian_email) between 3 and 254),
  token_hash text not null unique,
  state text not null default 'pending' check (state in ('pending', 'authorized', 'refused')),
  -- 'link' (the guardian, from the e-mail) or 'paper' (recorded by staff)
  decided_by text check (decided_by is null or decided_by in ('link', 'paper')),
  decided_by_staff uuid references auth.users (id) on delete set null,
  decided_at timestamptz,
  created_at timestamptz not null default now()
);
alter table public.guardian_consents enable row level security;
revoke all on public.guardian_consents from anon, authenticated;
grant all on public.guardian_consents to service_role;

alter table public.mail_outbox drop constraint mail_outbox_kind_check;
alter table public.mail_outbox add constraint mail_outbox_kind_check check (kind in (
  'registration_confirmed', 'payment_approved', 'payment_rejected', 'pix_expired', 'event_removed',
  'account_deleted', 'cash_expired', 'refund_done', 'chargeback_staff', 'caravan_summary', 'guardian_consent'
));
