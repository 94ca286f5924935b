-- An event's external_redirect is opened by browsers: only an absolute http(s) URL may be stored
-- (javascript:, data: and the like would run in the app's origin or mislead). Same shape as
-- isHttpUrl in src/domain/urls.ts. Anything stored before that is not one is dropped first.

update public.events
   set external_redirect = null
 where external_redirect is not null
   and external_redirect !~* '^https?://[^[:space:]/?#]+([/?#][^[:space:]]*)?$';

alter table public.events
  add constraint events_external_redirect_http check (
    external_redirect is null
    or external_redirect ~* '^https?://[^[:space:]/?#]+([/?#][^[:space:]]*)?$'
  );
