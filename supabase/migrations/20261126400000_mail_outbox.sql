-- E-mails to members (registration confirmed, payment approved or rejected, PIX expired, event
-- removed) go through this outbox: a row is written in the same transaction as the change it tells
-- about (a rolled-back change writes none), and a sender delivers it after commit, with retries and
-- backoff, so a payment never fails or repeats because mail did. The row keeps the facts (payload),
-- not the rendered e-mail: the sender renders it with the app's address when it sends.
--
-- Sending: a drain claims due rows in one statement (`for update skip locked`, status 'sending',
-- a claim token and a lease), so concurrent drains never take the same row; a row whose drain died
-- mid-send is taken again only after its lease, with the same id as idempotency key.
create table public.mail_outbox (
  id uuid primary key default gen_random_uuid(),
  kind text not null check (kind in (
    'registration_confirmed', 'payment_approved', 'payment_rejected', 'pix_expired', 'event_removed'
  )),
  to_address text not null check (to_address like '%@%'),
  payload jsonb not null default '{}'::jsonb,
  -- one e-mail per fact (e.g. 'payment_approved:<attempt id>'): a repeated change enqueues nothing
  dedupe_key text not null,
  status text not null default 'pending' check (status in ('pending', 'sending', 'sent', 'failed')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  claim_token uuid,
  lease_until timestamptz,
  last_error text,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  constraint mail_outbox_dedupe_key unique (dedupe_key)
);
-- what a drain looks for: pending rows that are due, and sending rows whose lease ran out
create index mail_outbox_due_idx on public.mail_outbox (next_attempt_at) where status = 'pending';
create index mail_outbox_lease_idx on public.mail_outbox (lease_until) where status = 'sending';

-- Only the API (a privileged role) reads and writes it: addresses and payment facts of members.
alter table public.mail_outbox enable row level security;
revoke all on public.mail_outbox from anon, authenticated;
grant all on public.mail_outbox to service_role;
