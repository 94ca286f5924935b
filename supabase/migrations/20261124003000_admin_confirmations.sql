-- Staff payment review (GET /v1/admin/confirmations): 'Nome ou email' matches case- and
-- accent-insensitively, and the list is sorted by the member's name and paged by keyset.

-- Lower case without Portuguese diacritics ('Sérgio' → 'sergio'), for searching. A plain
-- translate keeps it immutable and available everywhere (no unaccent extension on PGlite).
create or replace function public.search_fold(value text) returns text
language sql immutable parallel safe
set search_path = ''
as $$
  select pg_catalog.translate(
    pg_catalog.lower(value),
    'áàâãäåéèêëíìîïóòôõöúùûüçñýÿ',
    'aaaaaaeeeeiiiiooooouuuucnyy'
  )
$$;
revoke all on function public.search_fold(text) from public;
grant execute on function public.search_fold(text) to service_role;

-- Filters by method then status ('Pendentes em Pagamento presencial', 'PIX Expirados', ...).
create index registration_confirmations_strategy_status_idx
  on public.registration_confirmations (strategy, status);

-- The folded name, stored: the list sorts and searches by it without calling the function per row
-- (a function with a pinned search_path is never inlined). Compared byte by byte ("C"), so every
-- database and driver sorts the same way.
alter table public.profiles
  add column search_name text collate "C" generated always as (public.search_fold(name)) stored;
create index profiles_search_name_idx on public.profiles (search_name, id);
