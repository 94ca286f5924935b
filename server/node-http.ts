import type { IncomingMessage, ServerResponse } from 'node:http';

/** Per-request facts the fetch handler cannot see in a Web Request. */
export interface RequestEnv {
  ip: string;
}

export type FetchHandler = (req: Request, env: RequestEnv) => Promise<Response> | Response;

const MAX_BODY = 25 * 1024 * 1024; // uploads (images, receipts) stay well under this

class BodyTooLargeError extends Error {}
class BadRequestError extends Error {}

/** A Host header: a DNS name or IPv4, or a bracketed IPv6, with an optional port. Nothing else. */
const HOST_HEADER =
  /^(?:[a-z0-9](?:[a-z0-9_-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9_-]*[a-z0-9])?)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The request URL from the Host header and the request target. A malformed Host (spaces, `@`,
 * `/`, bad brackets) or a target that is not a path (`*`, garbage) is the client's fault: 400.
 */
export function requestUrl(host: string | undefined, target: string | undefined): URL {
  const authority = host ?? 'localhost';
  let path = target ?? '/';
  if (/^https?:\/\//i.test(path)) {
    // Absolute-form (what a proxy sends): keep its path; the authority stays the checked Host.
    try {
      const absolute = new URL(path);
      path = absolute.pathname + absolute.search;
    } catch {
      throw new BadRequestError();
    }
  }
  if (!HOST_HEADER.test(authority) || !path.startsWith('/')) throw new BadRequestError();
  try {
    return new URL(`http://${authority}${path}`);
  } catch {
    throw new BadRequestError();
  }
}

async function readBody(req: IncomingMessage): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new BodyTooLargeError();
    chunks.push(chunk as Buffer);
  }
  return new Uint8Array(Buffer.concat(chunks));
}

/** node:http request → Web Request (body buffered: requests here are small JSON or one file). */
export async function toRequest(req: IncomingMessage): Promise<Request> {
  const url = requestUrl(req.headers.host, req.url);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name.startsWith(':')) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  const method = req.method ?? 'GET';
  const body = method === 'GET' || method === 'HEAD' ? undefined : await readBody(req);
  return new Request(url, { method, headers, body: body?.length ? body : undefined });
}

/** Web Response → node:http response, streaming the body. */
export async function writeResponse(res: ServerResponse, response: Response, method: string): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name === 'set-cookie') return;
    headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers['set-cookie'] = cookies;
  res.writeHead(response.status, headers);
  if (!response.body || method === 'HEAD') {
    res.end();
    return;
  }
  for await (const chunk of response.body) {
    if (!res.write(chunk)) await new Promise((resolve) => res.once('drain', resolve));
  }
  res.end();
}

/** Headers of the answers written here, outside the app (which adds its own security headers). */
const BARE_HEADERS = {
  'content-type': 'application/json',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'referrer-policy': 'strict-origin-when-cross-origin',
};

/** A node:http request listener that runs a fetch handler. */
export function nodeListener(handler: FetchHandler, onError: (err: unknown) => void) {
  return async (req: IncomingMessage, res: ServerResponse) => {
    try {
      const request = await toRequest(req);
      const response = await handler(request, { ip: req.socket.remoteAddress ?? '' });
      await writeResponse(res, response, request.method);
    } catch (err) {
      if (err instanceof BadRequestError) {
        res.writeHead(400, BARE_HEADERS).end('{"message":"Bad Request"}');
        return;
      }
      if (err instanceof BodyTooLargeError) {
        res.writeHead(413, BARE_HEADERS).end('{"message":"Payload too large"}');
        return;
      }
      onError(err);
      if (!res.headersSent) res.writeHead(500, BARE_HEADERS);
      res.end('{"message":"Internal server error"}');
    }
  };
}
