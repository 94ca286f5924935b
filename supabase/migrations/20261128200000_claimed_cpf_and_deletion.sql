-- A claimed guest ticket keeps holding, on its event, the CPF it was made for: claiming clears the
-- guest fields (the account's profile speaks for the person then), so the CPF moves to claimed_cpf
-- and the one-active-registration-per-guest-CPF index covers both. Without it, the same person could
-- be put in another caravan of the event right after claiming.
alter table public.registrations
  add column claimed_cpf text check (claimed_cpf is null or claimed_cpf ~ '^[0-9]{11}$');
drop index public.registrations_guest_active_idx;
create unique index registrations_guest_active_idx
  on public.registrations (event_id, (coalesce(guest_cpf, claimed_cpf)))
  where status not in ('rejected', 'canceled', 'expired') and coalesce(guest_cpf, claimed_cpf) is not null;
