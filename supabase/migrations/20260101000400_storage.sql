-- Storage buckets the app uses: `images` is public (event, speaker and venue pictures); files of
-- events and payment receipts are private, reached only through signed URLs. Created here, like
-- the rest of the schema, on Supabase and on the local host alike.
insert into storage.buckets (id, name, public) values
  ('images', 'images', true),
  ('event-files', 'event-files', false),
  ('receipts', 'receipts', false)
on conflict (id) do nothing;
