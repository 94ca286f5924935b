-- The caravan leader's summary e-mail (the event, each person and their ticket state, the total, the
-- payment status, a link to the caravan): sent when the caravan is registered and when its payment
-- settles (functions/api/mail/outbox.ts enqueueCaravanSummary).
alter table public.mail_outbox drop constraint mail_outbox_kind_check;
alter table public.mail_outbox add constraint mail_outbox_kind_check check (kind in (
  'registration_confirmed', 'payment_approved', 'payment_rejected', 'pix_expired', 'event_removed',
  'account_deleted', 'cash_expired', 'refund_done', 'chargeback_staff', 'caravan_summary'
));
