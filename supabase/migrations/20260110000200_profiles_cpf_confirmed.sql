-- Only confirmed accounts hold a CPF. Before this, an unconfirmed signup kept its CPF for good, so
-- anyone could squat someone else's CPF (the real owner then got 409) with an e-mail they never
-- confirm. Now:
--   * profiles.account_confirmed mirrors auth.users.email_confirmed_at (kept by triggers, never
--     written by hand), and the CPF is unique among confirmed accounts only;
--   * when an account confirms and a confirmed account already holds its CPF, its profile is
--     dropped: it lands on /auth/welcome, where POST /v1/welcome answers 409 CPF_ALREADY_REGISTERED
--     with the way out for the real owner;
--   * unconfirmed signups expire after 7 days (public.expire_unconfirmed_signups, run by /signup).

alter table public.profiles add column account_confirmed boolean not null default false;

update public.profiles p
   set account_confirmed = true
  from auth.users u
 where u.id = p.id and u.email_confirmed_at is not null;

alter table public.profiles drop constraint profiles_cpf_key;
-- same name as the old constraint: pg-errors maps it to 409 CPF_ALREADY_REGISTERED
create unique index profiles_cpf_key on public.profiles (cpf) where account_confirmed;
create index profiles_cpf_idx on public.profiles (cpf) where cpf is not null;

-- The mirror is computed, whatever a writer sends.
create or replace function public.profiles_sync_confirmed() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.account_confirmed := exists (
    select 1 from auth.users u where u.id = new.id and u.email_confirmed_at is not null
  );
  return new;
end
$$;
revoke all on function public.profiles_sync_confirmed() from public, anon, authenticated;
grant execute on function public.profiles_sync_confirmed() to service_role;
create trigger profiles_sync_confirmed before insert or update on public.profiles
  for each row execute function public.profiles_sync_confirmed();

-- Confirmation (GoTrue sets email_confirmed_at): the profile follows. Security definer because on
-- Supabase GoTrue's own role runs it. It never fails the confirmation: a CPF conflict drops the
-- profile instead (the first confirmed account keeps the CPF).
create or replace function public.auth_users_sync_confirmed() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  my_cpf text;
begin
  select p.cpf into my_cpf from public.profiles p where p.id = new.id;
  if not found then
    return null;
  end if;
  if new.email_confirmed_at is not null and my_cpf is not null and exists (
    select 1 from public.profiles p where p.cpf = my_cpf and p.account_confirmed and p.id <> new.id
  ) then
    delete from public.profiles where id = new.id;
    return null;
  end if;
  begin
    update public.profiles set account_confirmed = true where id = new.id; -- recomputed by its trigger
  exception when unique_violation then
    -- another account confirmed with the same CPF at the same moment
    delete from public.profiles where id = new.id;
  end;
  return null;
end
$$;
revoke all on function public.auth_users_sync_confirmed() from public, anon, authenticated;
grant execute on function public.auth_users_sync_confirmed() to service_role;
create trigger users_sync_profile_confirmed after update of email_confirmed_at on auth.users
  for each row when (old.email_confirmed_at is distinct from new.email_confirmed_at)
  execute function public.auth_users_sync_confirmed();

-- Unconfirmed accounts that never signed in are deleted 7 days after signup (their profile goes
-- with them). One that something still references (restrict) is left alone.
create or replace function public.expire_unconfirmed_signups() returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  victim uuid;
  n integer := 0;
begin
  for victim in
    select u.id from auth.users u
     where u.email_confirmed_at is null
       and u.last_sign_in_at is null
       and u.created_at < pg_catalog.now() - interval '7 days'
  loop
    begin
      delete from auth.users where id = victim;
      n := n + 1;
    exception when foreign_key_violation then
      null;
    end;
  end loop;
  return n;
end
$$;
revoke all on function public.expire_unconfirmed_signups() from public, anon, authenticated;
grant execute on function public.expire_unconfirmed_signups() to service_role;
