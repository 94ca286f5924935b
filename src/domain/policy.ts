/** The policy text of an event's 'Detalhes' (product-spec.md §2): how to take part, and the check-in rule. */
import { formatDateTime } from './dates.ts';
import { policyMessages } from './messages/policy.ts';
import type { EventDetail } from './types.ts';

type PolicyFields = Pick<
  EventDetail,
  'registration_policy' | 'checkin_policy' | 'checkin_starts_at' | 'checkin_ends_at'
>;

/** The lines to show, in order: registration policy, check-in policy, check-in window (if any). */
export function policyLines(event: PolicyFields): string[] {
  const lines: string[] = [
    policyMessages.registration[event.registration_policy],
    policyMessages.checkin[event.checkin_policy],
  ];
  if (event.checkin_policy === 'requires') {
    const from = event.checkin_starts_at ? formatDateTime(event.checkin_starts_at) : null;
    const to = event.checkin_ends_at ? formatDateTime(event.checkin_ends_at) : null;
    if (from && to) lines.push(policyMessages.checkinWindow(from, to));
    else if (from) lines.push(policyMessages.checkinFrom(from));
    else if (to) lines.push(policyMessages.checkinUntil(to));
  }
  return lines;
}
