import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { isTrustedProxy, type TrustProxy } from './auth/client-ip.ts';
import { isLoopbackAddress } from './dev/mode.ts';
import { createMicroCache } from './micro-cache.ts';
import type { RequestEnv } from './request-env.ts';
import { SURFACE } from './surface.ts';
import { CA_PATH, type ConnectionLimits, frontDoor, isEncrypted, type TlsFiles } from './tls.ts';

export type Handler = (req: Request, env: RequestEnv) => Promise<Response>;

/**
 * The host's one listening socket: HTTP and, with `tls`, HTTPS on the same port (server/tls.ts), the
 * local authority's certificate, plain HTTP from the network sent to HTTPS, and each request handed
 * to `serve`'s handler as a Web Request (503 until it is set: the URL, and so the token issuer, is
 * known once the port is).
 */
export async function listen(opts: {
  port: number;
  host: string;
  tls: TlsFiles | null;
  trustProxy: TrustProxy;
  connectionLimits?: Partial<ConnectionLimits>;
  appMiddleware?: (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
}): Promise<{
  httpServer: Server;
  address: AddressInfo;
  /** Starts answering: `secureOrigin` is where plain HTTP from the network is sent. */
  serve(handler: Handler, secureOrigin: string): void;
  close(): Promise<void>;
}> {
  const { tls, appMiddleware } = opts;
  let handler: Handler | null = null;
  // where plain HTTP from the network is sent: PUBLIC_URL's host over HTTPS, never the Host header,
  // which the client writes
  let secureOrigin = '';
  // A malformed Host or request target is answered 400 by the listener, before the app sees it.
  const microCache = createMicroCache();
  const listener = getRequestListener((req, { incoming }) => {
    const app = handler;
    if (!app) return new Response('Iniciando…', { status: 503 });
    return microCache.fetch(incoming, req, (r) => app(r, { ip: incoming.socket.remoteAddress ?? '' }));
  });
  // a silent client may hold a connection for seconds, not minutes (the TLS side: frontDoor)
  const httpServer = createServer(
    { headersTimeout: 10_000, connectionsCheckingInterval: 1_000 },
    (req, res) => {
      if (tls) {
        if (tls.caCert && (req.url ?? '/').split('?')[0] === CA_PATH) {
          res.writeHead(200, {
            'content-type': 'application/x-x509-ca-cert',
            'content-disposition': 'attachment; filename="congrega-ca.crt"',
          });
          res.end(tls.caCert);
          return;
        }
        // with HTTPS on, plain HTTP is for this machine only; others are sent to the secure address
        if (!isEncrypted(req) && !isLoopbackAddress(req.socket.remoteAddress ?? '')) {
          const target = req.url?.startsWith('/') ? req.url : '/';
          res.writeHead(308, { location: `${secureOrigin}${target}` });
          res.end();
          return;
        }
      }
      microCache.handle(req, res, () => {
        if (appMiddleware && !SURFACE.test((req.url ?? '/').split('?')[0]!)) {
          appMiddleware(req, res, () => listener(req, res));
        } else {
          listener(req, res);
        }
      });
    },
  );
  // one listening socket for both protocols, bounded per client address (a trusted proxy carries
  // many clients: not counted)
  const trustProxy = opts.trustProxy;
  const front = frontDoor(httpServer, tls, {
    limits: opts.connectionLimits,
    exempt: (address) => Array.isArray(trustProxy) && isTrustedProxy(address, trustProxy),
  });
  await new Promise<void>((ok, fail) => {
    front.once('error', fail);
    // a crowd connecting at once waits in the kernel's queue instead of retrying after a dropped SYN
    // (Node's default is 511; the kernel caps it at net.core.somaxconn)
    front.listen({ port: opts.port, host: opts.host, backlog: 4096 }, () => ok());
  });
  return {
    httpServer,
    address: front.address() as AddressInfo,
    serve(next, origin) {
      secureOrigin = origin;
      handler = next;
    },
    close: () =>
      new Promise<void>((ok) => {
        front.close(() => ok());
        httpServer.closeAllConnections();
        front.destroyConnections();
      }),
  };
}
