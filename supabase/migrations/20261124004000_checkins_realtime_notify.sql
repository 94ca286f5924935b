-- The local host's realtime feed of check-in inserts (server/realtime.ts): every new check-in is
-- announced with pg_notify on channel 'realtime_changes'; the host delivers it over
-- /realtime/v1/websocket only to subscribers whose token may select the row (the checkins_own_read
-- policy: the member's own check-ins). On Supabase, Supabase Realtime reads the publication instead
-- and this notify has no listener (it costs one short message per insert).

create or replace function public.checkins_notify_realtime() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  perform pg_catalog.pg_notify(
    'realtime_changes',
    pg_catalog.json_build_object(
      'schema', TG_TABLE_SCHEMA,
      'table', TG_TABLE_NAME,
      'type', TG_OP,
      'commit_timestamp',
        pg_catalog.to_char(pg_catalog.now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'record', pg_catalog.to_jsonb(new)
    )::text
  );
  return new;
end
$$;
revoke all on function public.checkins_notify_realtime() from public;

create trigger checkins_notify_realtime after insert on public.checkins
  for each row execute function public.checkins_notify_realtime();
