-- Congrega schema, part 5: the general tag is a flag, not a name. The home's row lists the upcoming
-- events carrying the tag marked `is_general` (at most one live tag carries it), whatever it is
-- called, so renaming 'Geral' or translating it never empties the home.

alter table public.tags add column is_general boolean not null default false;

-- At most one general tag among the tags not soft-deleted.
create unique index tags_one_general_idx on public.tags (is_general) where is_general and deleted_at is null;

-- Databases created before this flag existed called their general tag 'Geral': keep their home.
update public.tags set is_general = true
where id = (
  select id from public.tags
  where deleted_at is null and lower(btrim(name)) = 'geral'
  order by created_at, id
  limit 1
);
