import type { IncomingMessage, ServerResponse } from 'node:http';

/** Per-request facts the fetch handler cannot see in a Web Request. */
export interface RequestEnv {
  ip: string;
}

export type FetchHandler = (req: Request, env: RequestEnv) => Promise<Response> | Response;

const MAX_BODY = 25 * 1024 * 1024; // uploads (images, receipts) stay well under this

class BodyTooLargeError extends Error {}

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
  const url = `http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`;
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

/** A node:http request listener that runs a fetch handler. */
export function nodeListener(handler: FetchHandler, onError: (err: unknown) => void) {
  return async (req: IncomingMessage, res: ServerResponse) => {
    try {
      const request = await toRequest(req);
      const response = await handler(request, { ip: req.socket.remoteAddress ?? '' });
      await writeResponse(res, response, request.method);
    } catch (err) {
      if (err instanceof BodyTooLargeError) {
        res.writeHead(413, { 'content-type': 'application/json' }).end('{"message":"Payload too large"}');
        return;
      }
      onError(err);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end('{"message":"Internal server error"}');
    }
  };
}
