-- Data rights (LGPD): consents, deleted accounts, the account-deleted e-mail and receipt retention.
--
-- A person's congregation (or other church) tells their religious affiliation: sensitive personal
-- data (LGPD Art. 5 II, Art. 11), kept only with a specific consent for a stated purpose. Each
-- consent given is a row (purpose, the text version shown, when); revoking it stamps revoked_at and
-- the API clears the congregation from the profile in the same transaction.

-- ───────────────────────────── consents ─────────────────────────────
create table public.consents (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  -- what the consent is for, e.g. 'congregation' (organising events and reports by congregation)
  purpose text not null check (purpose in ('congregation')),
  -- the version of the text the person saw (src/domain/privacy.ts)
  text_version text not null check (length(text_version) between 1 and 40),
  given_at timestamptz not null default now(),
  revoked_at timestamptz,
  constraint consents_revoked_after check (revoked_at is null or revoked_at >= given_at)
);
-- at most one live consent per person and purpose
create unique index consents_live_key on public.consents (user_id, purpose) where revoked_at is null;
create index consents_user_idx on public.consents (user_id, given_at desc);
alter table public.consents enable row level security;
-- a signed-in person reads their own consents; every write goes through the API
create policy consents_own_read on public.consents for select to authenticated
  using (user_id = (select auth.uid()));
revoke all on public.consents from anon, authenticated;
grant select on public.consents to authenticated;
grant all on public.consents to service_role;

-- ───────────────────────────── deleted accounts ─────────────────────────────
-- A deleted account keeps its profile row as an anonymous placeholder (name 'Conta excluída', no
-- e-mail, phone, CPF or congregation), so that its registrations and payment attempts stay in the
-- accounts; deleted_at says so, and door rosters, searches and reports leave it out.
alter table public.profiles add column deleted_at timestamptz;

-- ───────────────────────────── e-mail outbox ─────────────────────────────
-- the confirmation that an account was deleted (sent to the address it had)
alter table public.mail_outbox drop constraint mail_outbox_kind_check;
alter table public.mail_outbox add constraint mail_outbox_kind_check check (kind in (
  'registration_confirmed', 'payment_approved', 'payment_rejected', 'pix_expired', 'event_removed',
  'account_deleted'
));
