-- Reminders and notices (README 'Reminders and notices'): how each member wants to be told, the
-- event's reminder setting, and WhatsApp beside e-mail in the one outbox.

-- The member's choice: e-mail, WhatsApp or both. WhatsApp needs its own explicit opt-in (LGPD),
-- recorded with when it was given (null: not given; the checkbox starts unchecked). Reminders can be
-- stopped from any message (a signed link, no sign-in): reminders_off_at says since when.
alter table public.profiles
  add column notify_channel text not null default 'email'
    check (notify_channel in ('email', 'whatsapp', 'both')),
  add column whatsapp_opt_in_at timestamptz,
  add column reminders_off_at timestamptz,
  add constraint profiles_whatsapp_needs_opt_in
    check (notify_channel = 'email' or whatsapp_opt_in_at is not null);

-- Per event: the reminder before it (null hours: the day before at 18:00 in São Paulo; off: none),
-- and what the organizer adds to it.
alter table public.events
  add column reminder_hours_before integer check (reminder_hours_before between 1 and 720),
  add column reminders_off boolean not null default false,
  add column reminder_note text check (char_length(reminder_note) <= 500);

-- One outbox for every channel: a row is an e-mail (to an address) or a WhatsApp message (to a
-- number with its country code). member_id marks the reminders and notices, bounded per member.
alter table public.mail_outbox
  add column channel text not null default 'email' check (channel in ('email', 'whatsapp')),
  add column member_id uuid references auth.users (id) on delete cascade;
alter table public.mail_outbox drop constraint mail_outbox_to_address_check;
alter table public.mail_outbox add constraint mail_outbox_to_address_check check (
  (channel = 'email' and to_address like '%@%') or (channel = 'whatsapp' and to_address ~ '^[0-9]{12,15}$')
);
create index mail_outbox_member_idx on public.mail_outbox (member_id, channel, created_at)
  where member_id is not null;

alter table public.mail_outbox drop constraint mail_outbox_kind_check;
alter table public.mail_outbox add constraint mail_outbox_kind_check check (kind in (
  'registration_confirmed', 'payment_approved', 'payment_rejected', 'pix_expired', 'event_removed',
  'account_deleted', 'cash_expired', 'refund_done', 'chargeback_staff', 'caravan_summary', 'guardian_consent',
  'waitlist_offer', 'event_reminder', 'payment_reminder', 'caravan_paid'
));
