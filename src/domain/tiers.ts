/**
 * Price tier (lote) display rules of product-spec.md §4, the Fastpass exception, the calls to action a tier
 * offers, and the user's current registration for an event. Pure: no DOM, no React.
 */
import { CARAVAN_MIN } from './caravans.ts';
import { formatDateTime } from './dates.ts';
import { eventMessages, tierStatusText } from './messages.ts';
import { offeredMethods } from './registrations.ts';
import type { MyRegistration, PaymentMethod, PricingTier } from './types.ts';

export type TierStatus = 'WAITING' | 'SOLD_OUT' | 'FINISHED' | 'AVAILABLE';

type TierTiming = Pick<PricingTier, 'starts_at' | 'ends_at' | 'available'>;

const time = (iso: string | null): number | null => (iso === null ? null : new Date(iso).getTime());

/**
 * Evaluated in this order (product-spec.md §4): WAITING when the start is in the future; else SOLD_OUT when
 * available is known and below 1; else FINISHED when the end has passed; else AVAILABLE.
 */
export function tierStatus(tier: TierTiming, now: Date): TierStatus {
  const t = now.getTime();
  const start = time(tier.starts_at);
  if (start !== null && start > t) return 'WAITING';
  if (tier.available !== null && tier.available !== undefined && tier.available < 1) return 'SOLD_OUT';
  const end = time(tier.ends_at);
  if (end !== null && end <= t) return 'FINISHED';
  return 'AVAILABLE';
}

export const FASTPASS_TIER_NAME = 'Fastpass';

/** Where a receipt payment (PIX) goes when the tier sets no key of its own. */
export const DEFAULT_PIX_KEY = 'pix@congrega.app.br';

/** The PIX key a tier's receipt payments go to: its own, or the default. */
export function pixKeyOf(tier: Pick<PricingTier, 'custom_pix_key'>): string {
  return tier.custom_pix_key ?? DEFAULT_PIX_KEY;
}

/** The tier named Fastpass (case and surrounding spaces ignored). */
export function isFastpassTier(tier: Pick<PricingTier, 'name'>): boolean {
  return tier.name.trim().toLowerCase() === FASTPASS_TIER_NAME.toLowerCase();
}

export interface TierDisplay {
  /** What the tier looks like: a sold-out Fastpass still looks AVAILABLE. */
  status: TierStatus;
  /** The real status, which decides whether one can register. */
  actualStatus: TierStatus;
  /** The status texts, in display order (exact spec wording). */
  lines: string[];
  /** Registration is possible (AVAILABLE for real). */
  open: boolean;
}

/**
 * A limited tier whose places are going: at most half of its total is left (or what is left is not
 * known). 'Quantidade limitada! Inscreva-se agora!' is a call to hurry; on a tier with all 50 of its
 * 50 places free it would be noise.
 */
export function placesRunningLow(tier: Pick<PricingTier, 'available' | 'total'>): boolean {
  if (tier.total === null || tier.total === undefined) return false;
  if (tier.available === null || tier.available === undefined) return true;
  return tier.available * 2 <= tier.total;
}

/**
 * Status and texts of a tier.
 * AVAILABLE shows 'Encerra em {date}' when the tier has an end, and 'Quantidade limitada! Inscreva-se
 * agora!' when it has a total and at most half of it is left (placesRunningLow); both when both
 * hold (each fact is true and useful), none when neither.
 * A sold-out Fastpass looks AVAILABLE with the 'places remain without reservation' text only, and
 * cannot be registered on.
 */
export function tierDisplay(
  tier: Pick<PricingTier, 'name' | 'starts_at' | 'ends_at' | 'available' | 'total'>,
  now: Date,
  formatDate: (iso: string) => string = formatDateTime,
): TierDisplay {
  const actualStatus = tierStatus(tier, now);
  switch (actualStatus) {
    case 'WAITING':
      return {
        status: 'WAITING',
        actualStatus,
        lines: [tierStatusText.waiting(formatDate(tier.starts_at!))],
        open: false,
      };
    case 'SOLD_OUT':
      if (isFastpassTier(tier)) {
        return { status: 'AVAILABLE', actualStatus, lines: [eventMessages.fastpassSoldOut], open: false };
      }
      return { status: 'SOLD_OUT', actualStatus, lines: [eventMessages.soldOut], open: false };
    case 'FINISHED':
      return {
        status: 'FINISHED',
        actualStatus,
        lines: [tierStatusText.finished(formatDate(tier.ends_at!))],
        open: false,
      };
    case 'AVAILABLE': {
      const lines: string[] = [];
      if (tier.ends_at) lines.push(tierStatusText.endsAt(formatDate(tier.ends_at)));
      if (placesRunningLow(tier)) lines.push(eventMessages.limited);
      return { status: 'AVAILABLE', actualStatus, lines, open: true };
    }
  }
}

export type TierAction =
  | { kind: 'login'; loginHref: string; signupHref: string }
  | { kind: 'register'; href: string }
  | { kind: 'view'; href: string }
  /** a tier only the secretaria registers people on (a volunteers' tier): said, no button */
  | { kind: 'staffOnly' }
  | { kind: 'none' };

/**
 * The call to action under a tier (product-spec.md §4):
 * - the tier of the user's current registration: 'Ver inscrição »' (whatever the tier's status);
 * - otherwise only a tier open for registration gets one: guests the login prompt ('Login »',
 *   'Nova conta »', both carrying redirectTo = the event page), signed-in users without a current
 *   registration for the event 'Inscrever agora »' (checkout);
 * - a tier only the secretaria registers people on says so instead (the API refuses it too).
 */
export function tierAction(
  tier: Pick<PricingTier, 'id' | 'event_id' | 'staff_only'>,
  display: Pick<TierDisplay, 'open'>,
  user: { signedIn: boolean; registration: Pick<MyRegistration, 'id' | 'tier_id'> | undefined },
): TierAction {
  if (user.signedIn && user.registration) {
    if (user.registration.tier_id === tier.id) {
      return { kind: 'view', href: `/my-registrations/${encodeURIComponent(user.registration.id)}` };
    }
    return { kind: 'none' };
  }
  if (!display.open) return { kind: 'none' };
  if (tier.staff_only) return { kind: 'staffOnly' };
  if (!user.signedIn) {
    const redirectTo = encodeURIComponent(`/events/${tier.event_id}`);
    return {
      kind: 'login',
      loginHref: `/auth/login?redirectTo=${redirectTo}`,
      signupHref: `/auth/signup?redirectTo=${redirectTo}`,
    };
  }
  return {
    kind: 'register',
    href: `/checkout/${encodeURIComponent(tier.event_id)}/${encodeURIComponent(tier.id)}`,
  };
}

/** Tiers in display order. */
export function sortTiers<T extends Pick<PricingTier, 'order' | 'name'>>(tiers: readonly T[]): T[] {
  return [...tiers].sort((a, b) => a.order - b.order || a.name.localeCompare(b.name, 'pt-BR'));
}

/** What the caravan form offers: one payment for everyone, without a card form or a voucher. */
export const CARAVAN_FORM_METHODS: readonly PaymentMethod[] = ['mp_pix', 'file', 'cash', 'link'];

/**
 * Whether a tier takes a caravan now, so 'Inscrever uma caravana »' is offered on it (to a member
 * registered on the event or not): open for registration, room for CARAVAN_MIN people when limited,
 * and free or payable by one of the form's methods. Not the Fastpass: each person issues their own.
 */
export function caravanAllowed(
  event: { allowed_payment_methods: readonly string[] },
  tier: Pick<
    PricingTier,
    | 'name'
    | 'price'
    | 'starts_at'
    | 'ends_at'
    | 'available'
    | 'total'
    | 'restricted_payment_methods'
    | 'payment_link'
    | 'staff_only'
  >,
  now: Date,
): boolean {
  if (tier.staff_only || isFastpassTier(tier) || !tierDisplay(tier, now).open) return false;
  if (tier.available !== null && tier.available < CARAVAN_MIN) return false;
  return tier.price === 0 || offeredMethods(event, tier).some((x) => CARAVAN_FORM_METHODS.includes(x));
}
