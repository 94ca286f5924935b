/** Shapes the API returns and the browser stores. Timestamps are ISO strings; money is integer centavos. */

import type { GuestInfo, RegistrationGroupInfo } from './caravans.ts';

export const PAYMENT_METHODS = ['mp_pix', 'mp_card', 'file', 'cash', 'link', 'voucher', 'open'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const REGISTRATION_STATUSES = [
  'paid',
  'pending',
  'analysis',
  'rejected',
  'canceled',
  'expired',
  'refunded',
  'charged_back',
] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];
export type ConfirmationStatus = RegistrationStatus;

export type RegistrationPolicy = 'open' | 'allows' | 'requires';
export type CheckinPolicy = 'requires' | 'none';

export interface Temple {
  id: string;
  name: string;
  regional: string;
}

export interface Tag {
  id: string;
  name: string;
  color: string;
  /** The general tag (at most one): its upcoming events make the home's row. */
  is_general: boolean;
}

export interface Speaker {
  id: string;
  name: string;
  details: string | null;
  image: string | null;
}

export interface Venue {
  id: string;
  name: string;
  address: string;
  image: string | null;
  lat: number | null;
  lng: number | null;
  room: string | null;
}

export interface PricingTier {
  id: string;
  event_id: string;
  name: string;
  description: string | null;
  price: number;
  order: number;
  starts_at: string | null;
  ends_at: string | null;
  /** Places left; null when the tier has no limit. */
  available: number | null;
  total: number | null;
  restricted_payment_methods: PaymentMethod[];
  custom_pix_key: string | null;
  payment_link: string | null;
  /** Only staff register people on it (the desk's signup); members' checkouts and caravans are refused. */
  staff_only?: boolean;
  /** Sold only at the door (walk-ins); online checkouts and caravans are refused, the event page hides it. */
  door_only?: boolean;
}

export interface EventFile {
  name: string;
  path: string;
}

/** A child event as listed on its parent's page. */
export interface EventSummary {
  id: string;
  title: string;
  image: string | null;
  starts_at: string;
  registration_policy: RegistrationPolicy;
  external_redirect: string | null;
}

/** One event with everything the list, the overlay and the event page show. */
export interface EventDetail {
  id: string;
  title: string;
  description: string | null;
  details: string | null;
  image: string | null;
  starts_at: string;
  registration_policy: RegistrationPolicy;
  checkin_policy: CheckinPolicy;
  checkin_starts_at: string | null;
  checkin_ends_at: string | null;
  external_redirect: string | null;
  allowed_payment_methods: PaymentMethod[];
  force_upcoming: boolean;
  parent_id: string | null;
  /**
   * Days after payment the member may cancel with a refund (never once the event started); absent
   * from answers stored before it existed (then the default, 7).
   */
  withdrawal_days?: number;
  tags: Tag[];
  speakers: Speaker[];
  venues: Venue[];
  pricing_tiers: PricingTier[];
  files: EventFile[];
  child_events: EventSummary[];
}

export interface Profile {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  cpf: string | null;
  temple_id: string | null;
  temple_name: string | null;
  other_church: string | null;
  /** 'YYYY-MM-DD' (src/domain/minors.ts) */
  birth_date: string | null;
}

/** GET /v1/me */
export interface Me {
  id: string;
  email: string;
  profile: Profile | null;
  roles: string[];
  permissions: Permission[];
}

export const PERMISSIONS = [
  'write_events',
  'read_confirmations',
  'write_confirmations',
  'create_user',
  'reports',
  'checkin',
  'read_sensitive',
  'door_sales',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export interface Confirmation {
  id: string;
  registration_id: string;
  strategy: PaymentMethod;
  status: ConfirmationStatus;
  created_at: string;
  expires_at: string | null;
  transaction_id: string | null;
  request_data: Record<string, unknown> | null;
  response_data: Record<string, unknown> | null;
  /** The applied voucher's code (stored lower-case), when one was applied. */
  voucher_code: string | null;
  /** A signed link to the uploaded receipt (GET /v1/registrations/{id} only). */
  receipt_url?: string | null;
  /** When it became paid: the withdrawal period counts from it (absent from older stored answers). */
  paid_at?: string | null;
}

/** What a ticket and /my-registrations show of the event (kept offline with the registration). */
export interface RegistrationEvent {
  id: string;
  title: string;
  starts_at: string;
  image: string | null;
  checkin_policy: CheckinPolicy;
  /** The check-in window (null: none set); with starts_at it tells when the event is under way. */
  checkin_starts_at: string | null;
  checkin_ends_at: string | null;
  /** Set when staff removed the event: the registration is kept, the ticket is no longer valid. */
  deleted_at: string | null;
  /** The right of withdrawal in days (absent from older stored answers: the default, 7). */
  withdrawal_days?: number;
}

/** What /my-registrations shows of the tier. */
export interface RegistrationTier {
  id: string;
  name: string;
  price: number;
  payment_link: string | null;
  custom_pix_key: string | null;
}

/** GET /v1/registrations (the signed-in user's own). */
export interface MyRegistration {
  id: string;
  seq: string;
  user_id: string;
  tier_id: string;
  event_id: string;
  frozen_value: number;
  status: RegistrationStatus;
  created_at: string;
  /** A caravan's registration: its group (null otherwise; absent from older stored answers). */
  group?: RegistrationGroupInfo | null;
  /** The caravan guest this registration is for, while nobody claimed it. */
  guest?: GuestInfo | null;
  /** A minor's guardian consent (README 'Minors'): null when none is needed; absent from older stored answers. */
  guardian?: { name: string; state: 'pending' | 'authorized' | 'refused' } | null;
  event: RegistrationEvent;
  tier: RegistrationTier;
  /** Newest first. */
  confirmations: Confirmation[];
}

/** The API's one error shape. */
export interface ApiError {
  code: string;
  message: string;
}
