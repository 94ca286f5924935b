import { isIP } from 'node:net';

/**
 * Which peers may name the client in X-Forwarded-For (TRUST_PROXY): `false` none; a list of proxy
 * addresses (`TRUST_PROXY=10.0.0.5`) only those; `true` (`TRUST_PROXY=1`, the old form) any peer,
 * which lets a client that reaches the host directly pick its own address (the host warns at start).
 */
export type TrustProxy = boolean | readonly string[];

/** An address as sockets report it, IPv4-mapped IPv6 (`::ffff:10.0.0.5`) as plain IPv4. */
export function plainAddress(address: string): string {
  const a = address.trim().toLowerCase();
  return a.startsWith('::ffff:') && isIP(a.slice(7)) === 4 ? a.slice(7) : a;
}

/** Whether `socketIp` is a proxy whose X-Forwarded-For is believed. */
export function isTrustedProxy(socketIp: string, trust: TrustProxy): boolean {
  if (typeof trust === 'boolean') return trust;
  return trust.includes(plainAddress(socketIp));
}

/**
 * The client's address for throttles: the socket's, unless the socket is a trusted reverse proxy
 * (TRUST_PROXY), whose own entry is the last of X-Forwarded-For (earlier ones are the client's word
 * and can be forged).
 */
export function clientIp(socketIp: string, forwardedFor: string | undefined, trust: TrustProxy): string {
  if (!forwardedFor || !isTrustedProxy(socketIp, trust)) return socketIp;
  const last = forwardedFor.split(',').at(-1)?.trim() ?? '';
  return isIP(last) ? last : socketIp;
}

/**
 * TRUST_PROXY's value: unset/0/off → false; 1/true/on/yes → true (any peer); else a comma-separated
 * list of proxy IP addresses. Throws a pt-BR message on anything else, so a typo never trusts anyone.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const v = (value ?? '').trim().toLowerCase();
  if (!v || ['0', 'false', 'off', 'no'].includes(v)) return false;
  if (['1', 'true', 'on', 'yes'].includes(v)) return true;
  const addresses = v.split(',').map((a) => plainAddress(a.replace(/^\[|\]$/g, '')));
  const bad = addresses.find((a) => !isIP(a));
  if (bad !== undefined) {
    throw new Error(
      `TRUST_PROXY=${value}: use o endereço IP do proxy reverso (ex.: TRUST_PROXY=10.0.0.5; vários separados por vírgula).`,
    );
  }
  return addresses;
}
