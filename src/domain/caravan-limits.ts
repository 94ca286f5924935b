/**
 * What one member (the leader) may make the app do for people other than themselves, so a caravan
 * is never a way to send the church's e-mails to strangers or to empty a tier (README "Under abuse").
 * Counted in the database, in the caravan's own transaction (the leader's profile row locked, so a
 * leader's parallel caravans are counted one after another).
 */
export const CARAVAN_LIMITS = {
  /** caravans a leader registers in any hour (a congregation registers one, maybe a second) */
  perHour: 3,
  /** caravans a leader has registered on one event, ever */
  perEvent: 5,
  /**
   * guest e-mails and minors' guardians' links (other than the leader's own) on a leader's caravans
   * in 24 hours: two full caravans
   */
  guestEmailsPerDay: 40,
  /** people a leader may hold unpaid (pending or in analysis) on one event; staff may raise it per event */
  unpaidPerEvent: 20,
  /** refused caravans (a CPF already registered) a leader may try in an hour */
  refusedPerHour: 10,
  /** hours an unpaid cash caravan keeps its places, unless the event says otherwise */
  cashHoldHours: 72,
} as const;
