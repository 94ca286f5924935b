/** The price tiers (lotes) under 'Inscrições': price, status texts and the call to action. */
import { useMyRegistrations } from '../../../data/registrations/use-my-registrations.ts';
import { caravanApiErrors, caravanMessages } from '../../../domain/messages/caravans.ts';
import { eventMessages } from '../../../domain/messages.ts';
import { formatPrice } from '../../../domain/money.ts';
import { currentRegistration } from '../../../domain/registrations.ts';
import { caravanAllowed, sortTiers, tierAction, tierDisplay } from '../../../domain/tiers.ts';
import type { PricingTier } from '../../../domain/types.ts';
import { waitlistOffered } from '../../../domain/waitlist.ts';
import { useIsSignedIn } from '../../../lib/session.ts';
import { useNow } from '../use-now.ts';
import { AppLink } from './app-link.tsx';
import { WaitlistBox } from './waitlist-box.tsx';

export function TierList({
  eventId,
  tiers,
  allowedMethods,
}: {
  eventId: string;
  tiers: PricingTier[];
  /** the event's allowed_payment_methods (whether a tier takes a caravan) */
  allowedMethods: readonly string[];
}) {
  const now = useNow();
  const signedIn = useIsSignedIn();
  const { data: registrations } = useMyRegistrations();
  const registration = signedIn ? currentRegistration(registrations, eventId) : undefined;
  if (!tiers.length) return null;
  return (
    <ul className="tier-list">
      {sortTiers(tiers).map((tier) => {
        const display = tierDisplay(tier, now);
        const action = tierAction(tier, display, { signedIn, registration });
        const nameId = `tier-${tier.id}`;
        return (
          <li
            key={tier.id}
            className={`tier tier-${display.status.toLowerCase()}`}
            data-status={display.status}
            aria-labelledby={nameId}
          >
            <div className="tier-head">
              <h4 id={nameId} className="tier-name">
                {tier.name}
              </h4>
              <span className="tier-price">{formatPrice(tier.price)}</span>
            </div>
            {tier.description && <p className="tier-description">{tier.description}</p>}
            {display.lines.map((line) => (
              <p key={line} className="tier-status">
                {line}
              </p>
            ))}
            <TierCallToAction action={action} />
            {waitlistOffered(tier, display, { signedIn, registered: Boolean(registration) }) && (
              <WaitlistBox eventId={eventId} tierId={tier.id} />
            )}
            {/* registered on the event or not, signed in or not (the caravan route asks to sign in) */}
            {caravanAllowed({ allowed_payment_methods: allowedMethods }, tier, now) && (
              <AppLink
                className="button button-secondary tier-cta"
                href={`/caravan/${encodeURIComponent(eventId)}/${encodeURIComponent(tier.id)}`}
              >
                {caravanMessages.open}
              </AppLink>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function TierCallToAction({ action }: { action: ReturnType<typeof tierAction> }) {
  switch (action.kind) {
    case 'none':
      return null;
    case 'staffOnly':
      return <p className="tier-status">{caravanApiErrors.TIER_STAFF_ONLY}</p>;
    case 'view':
      return (
        <AppLink className="button tier-cta" href={action.href}>
          {eventMessages.seeRegistration}
        </AppLink>
      );
    case 'register':
      return (
        <AppLink className="button tier-cta" href={action.href}>
          {eventMessages.registerNow}
        </AppLink>
      );
    case 'login':
      return (
        <div className="tier-login">
          <p>{eventMessages.loginPrompt}</p>
          <div className="tier-login-buttons">
            <AppLink className="button" href={action.loginHref}>
              {eventMessages.loginButton}
            </AppLink>
            <AppLink className="button button-secondary" href={action.signupHref}>
              {eventMessages.newAccountButton}
            </AppLink>
          </div>
        </div>
      );
  }
}
