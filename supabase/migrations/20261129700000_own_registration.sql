-- "The member's own registration" is one without guest fields (guest_name is null): a caravan
-- guest's (CPF) and a walk-in's (CPF or phone, 20261129400000_door_sales.sql) are other people's
-- tickets held by the leader's or the volunteer's account. Keyed on guest_cpf before, a phone-only
-- walk-in counted as the volunteer's own and kept them from registering for the event.
drop index public.registrations_one_active_idx;
create unique index registrations_one_active_idx on public.registrations (user_id, event_id)
  where status in ('pending', 'analysis', 'paid') and guest_name is null;
