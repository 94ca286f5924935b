import { isIP } from 'node:net';
import type { MiddlewareHandler } from 'hono';
import type { RequestEnv } from '../request-env.ts';

/**
 * Dev mode: the local stand-ins that make every flow work without the internet (the e-mail box at
 * `/_dev/mail`, the Google account chooser, the payment fake). They let anyone read any recovery
 * link or sign in as any e-mail, so they exist only in dev mode and answer only this machine.
 *
 * Dev mode is on when the host listens on a loopback interface and off otherwise; `DEV_HELPERS=1`
 * forces it on (e.g. a LAN demo) and `DEV_HELPERS=0` turns it off.
 */

/** `DEV_HELPERS`: '1'/'true'/'on' → true, '0'/'false'/'off' → false, unset or empty → undefined (auto). */
export function parseDevHelpers(value: string | undefined): boolean | undefined {
  const v = (value ?? '').trim().toLowerCase();
  if (v === '') return undefined;
  if (['1', 'true', 'on', 'yes'].includes(v)) return true;
  if (['0', 'false', 'off', 'no'].includes(v)) return false;
  throw new Error(`DEV_HELPERS deve ser 1 ou 0 (recebido: ${value})`);
}

/** A client address on this machine: 127.0.0.0/8, ::1, or IPv4-mapped 127.x (::ffff:127.0.0.1). */
export function isLoopbackAddress(address: string): boolean {
  const ip = address.trim().toLowerCase();
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (isIP(v4) === 4) return v4.split('.')[0] === '127';
  if (isIP(ip) !== 6) return false;
  // The URL parser writes IPv6 in its shortest form: 0:0:0:0:0:0:0:1 → ::1, ::ffff:127.0.0.1 → ::ffff:7f00:1.
  const canonical = new URL(`http://[${ip}]/`).hostname;
  return canonical === '[::1]' || /^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/.test(canonical);
}

/** An interface to listen on that only this machine can reach. */
export function isLoopbackInterface(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  return h === 'localhost' || isLoopbackAddress(h);
}

/** Dev mode for a host bound to `bindHost`: the explicit switch wins, else on only for loopback. */
export function devModeFor(bindHost: string, forced: boolean | undefined): boolean {
  return forced ?? isLoopbackInterface(bindHost);
}

/** Headers a reverse proxy adds: a proxy on this machine makes every visitor look like 127.0.0.1. */
const PROXY_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip', 'x-forwarded-host'];

/**
 * Guards the dev helpers: 404 when dev mode is off (they do not exist), 403 for any client that is
 * not this machine (by socket address, never by a header), for requests that came through a proxy,
 * and for a Host that is neither a loopback name nor the public URL's host.
 */
export function devOnly(opts: { enabled: boolean; publicUrl: string }): MiddlewareHandler<{
  Bindings: RequestEnv;
}> {
  const publicHost = new URL(opts.publicUrl).hostname.toLowerCase();
  return async (c, next) => {
    if (!opts.enabled) return c.json({ message: 'Not Found' }, 404);
    const hostname = new URL(c.req.url).hostname.toLowerCase();
    const local =
      isLoopbackAddress(c.env?.ip ?? '') &&
      !PROXY_HEADERS.some((h) => c.req.header(h) !== undefined) &&
      // A loopback client asking for another name smells of DNS rebinding (a web page whose
      // domain now points at 127.0.0.1, reading the mailbox as "same origin").
      (isLoopbackInterface(hostname) || hostname === publicHost);
    if (!local) {
      return c.text('Página de desenvolvimento: disponível só no computador que roda o Congrega.', 403, {
        'cache-control': 'no-store',
      });
    }
    await next();
  };
}
