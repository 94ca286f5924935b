-- Refunds and chargebacks (docs/product-spec.md §4, 'Reembolsos'): money that went back out.
--
-- Two more statuses for a registration and its payment attempts: 'refunded' (the money went back:
-- through Mercado Pago's refunds API, in its panel, or outside the app for a receipt or cash) and
-- 'charged_back' (the card holder's bank took it back). Both are history: the place returns to the
-- tier, the ticket is no longer valid, and the member may register again.
alter table public.registrations drop constraint registrations_status_check;
alter table public.registrations add constraint registrations_status_check check (status in (
  'paid', 'pending', 'analysis', 'rejected', 'canceled', 'expired', 'refunded', 'charged_back'
));
alter table public.registration_confirmations drop constraint registration_confirmations_status_check;
alter table public.registration_confirmations add constraint registration_confirmations_status_check
  check (status in (
    'paid', 'pending', 'analysis', 'rejected', 'canceled', 'expired', 'refunded', 'charged_back'
  ));

drop index public.registrations_one_active_idx;
create unique index registrations_one_active_idx on public.registrations (user_id, event_id)
  where status in ('pending', 'analysis', 'paid') and guest_cpf is null;
drop index public.registrations_guest_active_idx;
-- a claimed guest ticket keeps holding its CPF (claimed_cpf, 20261128200000_claimed_cpf_and_deletion.sql)
create unique index registrations_guest_active_idx
  on public.registrations (event_id, (coalesce(guest_cpf, claimed_cpf)))
  where status in ('pending', 'analysis', 'paid') and coalesce(guest_cpf, claimed_cpf) is not null;

-- The right of withdrawal per event: days after payment during which the member may cancel and get
-- the money back (never once the event started). 7 is the consumer code's (CDC art. 49); 0 turns
-- the member's own refund off (staff may still refund).
alter table public.events
  add column withdrawal_days integer not null default 7 check (withdrawal_days between 0 and 60);

-- One row per payment attempt whose money went back out: a full refund or a chargeback. The unique
-- attempt makes a refund idempotent (a repeated click, a retried request, the webhook of a refund
-- the app itself asked for). Written and read by the API only (no policy).
create table public.refunds (
  id uuid primary key default gen_random_uuid(),
  confirmation_id uuid not null references public.registration_confirmations (id) on delete restrict,
  registration_id uuid not null references public.registrations (id) on delete restrict,
  -- centavos that went back
  amount integer not null check (amount >= 0),
  kind text not null default 'refund' check (kind in ('refund', 'chargeback')),
  -- mercadopago: through its refunds API or panel; manual: outside the app (receipt, cash), recorded by staff
  method text not null check (method in ('mercadopago', 'manual')),
  -- who started it: the member (withdrawal), staff, or the provider (its panel, a chargeback)
  origin text not null check (origin in ('member', 'staff', 'provider')),
  provider_refund_id text,
  reason text check (reason is null or length(reason) <= 500),
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  constraint refunds_confirmation_key unique (confirmation_id)
);
create index refunds_registration_idx on public.refunds (registration_id);
create index refunds_created_idx on public.refunds (created_at);
alter table public.refunds enable row level security;
revoke all on public.refunds from anon, authenticated;
grant all on public.refunds to service_role;

-- the member's e-mail about a refund; staff's about a chargeback
alter table public.mail_outbox drop constraint mail_outbox_kind_check;
alter table public.mail_outbox add constraint mail_outbox_kind_check check (kind in (
  'registration_confirmed', 'payment_approved', 'payment_rejected', 'pix_expired', 'event_removed',
  'account_deleted', 'cash_expired', 'refund_done', 'chargeback_staff'
));

-- When an attempt became paid: the withdrawal period counts from it. Attempts paid before this
-- column existed count from their last change.
alter table public.registration_confirmations add column paid_at timestamptz;
update public.registration_confirmations set paid_at = updated_at where status = 'paid';
