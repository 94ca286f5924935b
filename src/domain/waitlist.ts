/**
 * The waiting list of a sold-out tier (docs/product-spec.md §4, 'Lista de espera'): how long a
 * returned place is held for the person it is offered to, and the shapes the API answers. Pure.
 */
import * as v from 'valibot';
import { waitlistMessages } from './messages/waitlist.ts';

export const WAITLIST_DEFAULT_OFFER_HOURS = 24;
export const WAITLIST_MAX_OFFER_HOURS = 168;
const HOUR = 3_600_000;
/** Under this much time before the deadline no offer is made: the place goes back to the sale. */
export const WAITLIST_MIN_LEAD_MS = HOUR;

/**
 * How long a place is held for an offer made at `now` (ms), or null when none is made: the tier's
 * hours (default 24 h), but never past `deadline` (the event's start, or the tier's end of sale when
 * earlier) and at most a quarter of the time left until it, so a place returned the evening before
 * is held for hours, not for the night; within the last hour before the deadline no offer is made.
 */
export function offerHoldMs(hours: number, now: Date, deadline: Date): number | null {
  const left = deadline.getTime() - now.getTime();
  if (left < WAITLIST_MIN_LEAD_MS) return null;
  return Math.min(hours * HOUR, Math.floor(left / 4));
}

export type WaitlistStatus = 'waiting' | 'offered' | 'accepted' | 'expired' | 'left' | 'removed';

/** The signed-in member's open entry on a tier (GET /v1/waitlist/tiers/:tierId). */
export interface MyWaitlistEntry {
  id: string;
  status: 'waiting' | 'offered';
  /** 1 = next to get an offer (among those waiting); null while an offer is out to this member */
  position: number | null;
  offer_expires_at: string | null;
}

/** One open entry as staff see it (GET /v1/admin/tiers/:tierId/waitlist). */
export interface StaffWaitlistEntry {
  id: string;
  user_id: string;
  name: string;
  email: string | null;
  status: 'waiting' | 'offered';
  /** 1-based among those waiting; null for an offer out */
  position: number | null;
  created_at: string;
  offered_at: string | null;
  offer_expires_at: string | null;
}

export interface StaffWaitlist {
  tier: { id: string; name: string; total: number | null; available: number | null; offer_hours: number };
  entries: StaffWaitlistEntry[];
}

/** 'Você é o 3º da fila'. */
export const ordinal = (n: number) => `${n}º`;

export const waitlistMoveSchema = v.object({
  direction: v.picklist(['up', 'down'], waitlistMessages.invalidDirection),
});

export const waitlistHoursSchema = v.object({
  hours: v.pipe(
    v.number(waitlistMessages.invalidHours),
    v.integer(waitlistMessages.invalidHours),
    v.minValue(1, waitlistMessages.invalidHours),
    v.maxValue(WAITLIST_MAX_OFFER_HOURS, waitlistMessages.invalidHours),
  ),
});

/**
 * Whether a tier offers its waiting list to this person: a limited tier that is sold out for real
 * (a sold-out Fastpass looks open and has none), not staff-only, to a signed-in member without a
 * current registration in the event.
 */
export function waitlistOffered(
  tier: { total: number | null; staff_only?: boolean },
  display: { status: string; actualStatus: string },
  user: { signedIn: boolean; registered: boolean },
): boolean {
  return (
    user.signedIn &&
    !user.registered &&
    tier.total !== null &&
    !tier.staff_only &&
    display.status === 'SOLD_OUT' &&
    display.actualStatus === 'SOLD_OUT'
  );
}
