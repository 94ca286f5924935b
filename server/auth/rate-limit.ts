/**
 * Counts events per key in a sliding window (in memory: one process, and a restart forgiving
 * everyone is acceptable for a local host).
 */
export class SlidingWindow {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  private recent(key: string, now: number): number[] {
    const list = (this.hits.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (list.length) this.hits.set(key, list);
    else this.hits.delete(key);
    return list;
  }

  count(key: string, now = Date.now()): number {
    return this.recent(key, now).length;
  }

  blocked(key: string, now = Date.now()): boolean {
    return this.count(key, now) >= this.max;
  }

  hit(key: string, now = Date.now()): void {
    // A flood of distinct keys (random e-mails) must not grow the map for ever.
    if (this.hits.size > 10_000) for (const k of [...this.hits.keys()]) this.recent(k, now);
    this.hits.set(key, [...this.recent(key, now), now]);
  }

  /** Seconds until the key's oldest counted event leaves the window (at least 1). */
  retryAfter(key: string, now = Date.now()): number {
    const oldest = this.recent(key, now)[0] ?? now;
    return Math.max(1, Math.ceil((oldest + this.windowMs - now) / 1000));
  }

  /** Records the event unless the key is already at its limit; false when it is. */
  take(key: string, now = Date.now()): boolean {
    if (this.blocked(key, now)) return false;
    this.hit(key, now);
    return true;
  }
}

export interface SignInLimits {
  /** Failures from one address, whatever the e-mail. */
  perIp: number;
  /** Failures from one address on one e-mail. */
  perPair: number;
  /** Failures on one e-mail from anywhere: past it, only addresses that already failed on it are held. */
  perEmail: number;
  windowMs: number;
}

/**
 * Password guessing is capped per address and per (address, e-mail). An e-mail under attack from many
 * addresses stops each of them after its first failure, but never the owner typing the right
 * password from an address that has not failed: nobody can lock someone else out.
 */
export class SignInLimiter {
  private readonly ip: SlidingWindow;
  private readonly pair: SlidingWindow;
  private readonly email: SlidingWindow;

  constructor(limits: SignInLimits) {
    this.ip = new SlidingWindow(limits.perIp, limits.windowMs);
    this.pair = new SlidingWindow(limits.perPair, limits.windowMs);
    this.email = new SlidingWindow(limits.perEmail, limits.windowMs);
  }

  blocked(ip: string, email: string, now = Date.now()): boolean {
    const pair = `${ip}\n${email}`;
    if (this.ip.blocked(ip, now) || this.pair.blocked(pair, now)) return true;
    return this.email.blocked(email, now) && this.pair.count(pair, now) > 0;
  }

  /** Seconds until `blocked` may turn false (the longest of the windows that hold the pair). */
  retryAfter(ip: string, email: string, now = Date.now()): number {
    const pair = `${ip}\n${email}`;
    const held = [
      this.ip.blocked(ip, now) ? this.ip.retryAfter(ip, now) : 0,
      this.pair.blocked(pair, now) ? this.pair.retryAfter(pair, now) : 0,
      this.email.blocked(email, now) ? this.email.retryAfter(email, now) : 0,
    ];
    return Math.max(1, ...held);
  }

  fail(ip: string, email: string, now = Date.now()): void {
    this.ip.hit(ip, now);
    this.pair.hit(`${ip}\n${email}`, now);
    this.email.hit(email, now);
  }
}

/** E-mail sending requests (signup, recovery, resend): per recipient and per client address. */
export interface MailLimits {
  perEmail: number;
  perIp: number;
  windowMs: number;
}
