-- Staff reports (GET /v1/admin/reports*, GET /v1/admin/badges): an event's registrations are
-- counted by status and congregation, which joins each registration with its person's profile.
-- With these covering indexes both sides are read from the index alone (no table rows), which
-- keeps a report of 50,000 registrations within its budget (docs/performance.md).

-- An event's registrations by status, with the person: replaces (event_id, status).
create index registrations_event_status_user_idx on public.registrations (event_id, status) include (user_id);
drop index if exists public.registrations_event_status_idx;

-- A person's congregation by their id.
create index profiles_id_temple_idx on public.profiles (id) include (temple_id);

-- The congregations of a regional (the attendees of a regional).
create index temples_regional_idx on public.temples (regional);
