import { isIP } from 'node:net';

/**
 * The client's address for throttles: the socket's, unless the host sits behind one trusted reverse
 * proxy (TRUST_PROXY), whose own entry is the last of X-Forwarded-For (earlier ones are the client's
 * word and can be forged).
 */
export function clientIp(socketIp: string, forwardedFor: string | undefined, trustProxy: boolean): string {
  if (!trustProxy || !forwardedFor) return socketIp;
  const last = forwardedFor.split(',').at(-1)?.trim() ?? '';
  return isIP(last) ? last : socketIp;
}
