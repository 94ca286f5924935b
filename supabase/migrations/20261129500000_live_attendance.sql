-- Who came, live (docs/product-spec.md §2, /admin/events/:id/presenca): staff with `checkin` or
-- `reports` watch an event's check-ins and its conflicts between doors as they sync, and a caravan's
-- leader watches their caravan's. Realtime delivers a row only to whom its select policy lets read
-- it (on Supabase, Supabase Realtime; locally server/realtime.ts asks these same functions), so the
-- policies below say who. The rows themselves carry ids and times; names come from the API.

-- Does the signed-in user hold `checkin` or `reports`? Security definer: roles are API-only tables.
create or replace function public.watches_attendance() returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (
    select 1 from public.user_roles ur
      join public.role_permissions rp on rp.role = ur.role
     where ur.user_id = (select auth.uid()) and rp.permission in ('checkin', 'reports')
  )
$$;
revoke all on function public.watches_attendance() from public, anon;
grant execute on function public.watches_attendance() to authenticated, service_role;

-- Does the signed-in user lead the caravan of this registration?
create or replace function public.leads_registration(p_registration uuid) returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (
    select 1 from public.registrations r
      join public.registration_groups g on g.id = r.group_id
     where r.id = p_registration and g.leader_id = (select auth.uid())
  )
$$;
revoke all on function public.leads_registration(uuid) from public, anon;
grant execute on function public.leads_registration(uuid) to authenticated, service_role;

create policy checkins_watch_read on public.checkins for select to authenticated
  using ((select public.watches_attendance()) or public.leads_registration(registration_id));

create policy checkin_conflicts_watch_read on public.checkin_conflicts for select to authenticated
  using ((select public.watches_attendance()));
grant select on public.checkin_conflicts to authenticated;

-- a conflict is announced like a check-in (the same notify function, locally; the publication on Supabase)
create trigger checkin_conflicts_notify_realtime after insert on public.checkin_conflicts
  for each row execute function public.checkins_notify_realtime();
alter publication supabase_realtime add table public.checkin_conflicts;
