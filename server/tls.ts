/**
 * HTTPS for the local host. Phones give the camera and service workers (so: scanning at the door,
 * working offline) only to secure pages, and a plain-HTTP address on the LAN is not one.
 *
 * - `TLS_CERT` + `TLS_KEY`: a real certificate (PEM files), e.g. from your own domain.
 * - `TLS=local`: a local certificate authority and a server certificate it signs, created once and
 *   kept in the data folder (`<DATA_DIR>/tls/`). Each phone trusts the authority once (README); the
 *   server certificate is renewed by itself when the machine's addresses change or it nears its end,
 *   and stays trusted, because the authority does not change.
 */
import { X509Certificate } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Server as HttpServer, IncomingMessage } from 'node:http';
import { createServer as createNetServer, isIP, type Server as NetServer, type Socket } from 'node:net';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { createServer as createTlsServer, type TLSSocket } from 'node:tls';
import { generate } from 'selfsigned';

export interface TlsFiles {
  key: string;
  cert: string;
  /** The local authority's certificate (TLS=local): what a phone installs. */
  caCert?: string;
  /** SHA-256 fingerprint of what a phone trusts: the authority (TLS=local), else the certificate. */
  fingerprint: string;
  /** Names and addresses the certificate is valid for. */
  names: string[];
  /** Where the files are kept (TLS=local on disk). */
  dir?: string;
  /** Whether the authority was created on this start (phones must trust it). */
  createdAuthority?: boolean;
}

/** The path at which the host serves the local authority's certificate, over HTTP and HTTPS. */
export const CA_PATH = '/congrega-ca.crt';

const DAY = 24 * 3600 * 1000;
/** Browsers refuse server certificates valid for more than 398 days. */
const SERVER_DAYS = 397;
const AUTHORITY_DAYS = 10 * 365;
const RENEW_BEFORE_DAYS = 30;

/** The names a phone may use to reach this machine: localhost, its LAN addresses, and extra hosts. */
export function localNames(extra: (string | undefined)[] = []): string[] {
  const names = new Set<string>(['localhost', '127.0.0.1', '::1']);
  for (const list of Object.values(networkInterfaces())) {
    for (const a of list ?? []) if (!a.internal && !a.address.startsWith('fe80:')) names.add(a.address);
  }
  for (const host of extra) {
    const h = host?.trim().replace(/^\[|\]$/g, '');
    if (h && h !== '0.0.0.0' && h !== '::') names.add(h);
  }
  return [...names];
}

/** The hostname of a URL, or undefined. */
export function hostOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).hostname.replace(/^\[|\]$/g, '');
  } catch {
    return undefined;
  }
}

function altNames(names: string[]) {
  return names.map((n) => (isIP(n) ? { type: 7 as const, ip: n } : { type: 2 as const, value: n }));
}

/** Whether a kept server certificate still serves: signed by `ca`, covers `names`, not near its end. */
function stillGood(cert: string, ca: X509Certificate, names: string[], now: Date): boolean {
  try {
    const x = new X509Certificate(cert);
    if (!x.verify(ca.publicKey)) return false;
    if (new Date(x.validTo).getTime() - now.getTime() < RENEW_BEFORE_DAYS * DAY) return false;
    const san = new Set((x.subjectAltName ?? '').split(', ').map((s) => s.replace(/^(DNS|IP Address):/, '')));
    // IPv6 addresses print in more than one form: only the others are compared
    return names.every((n) => isIP(n) === 6 || san.has(n));
  } catch {
    return false;
  }
}

/**
 * The local authority and server certificate, from `dir` when kept there (null: in memory only),
 * created or renewed as needed.
 */
export async function localCertificate(
  dir: string | null,
  names: string[],
  now = new Date(),
): Promise<TlsFiles> {
  const files = dir
    ? {
        caKey: join(dir, 'ca-key.pem'),
        caCert: join(dir, 'ca.crt'),
        key: join(dir, 'server-key.pem'),
        cert: join(dir, 'server.crt'),
      }
    : null;
  const read = (path: string | undefined) => (path && existsSync(path) ? readFileSync(path, 'utf8') : null);
  let caKey = read(files?.caKey);
  let caCert = read(files?.caCert);
  let createdAuthority = false;
  if (!caKey || !caCert) {
    const ca = await generate([{ name: 'commonName', value: 'Congrega (autoridade local)' }], {
      keyType: 'ec',
      curve: 'P-256',
      algorithm: 'sha256',
      notBeforeDate: new Date(now.getTime() - DAY),
      notAfterDate: new Date(now.getTime() + AUTHORITY_DAYS * DAY),
      extensions: [
        { name: 'basicConstraints', cA: true, pathLenConstraint: 0, critical: true },
        { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
      ],
    });
    caKey = ca.private;
    caCert = ca.cert;
    createdAuthority = true;
  }
  const authority = new X509Certificate(caCert);
  let key = createdAuthority ? null : read(files?.key);
  let cert = createdAuthority ? null : read(files?.cert);
  if (!key || !cert || !stillGood(cert, authority, names, now)) {
    const server = await generate(
      [{ name: 'commonName', value: names.find((n) => !isIP(n)) ?? 'localhost' }],
      {
        keyType: 'ec',
        curve: 'P-256',
        algorithm: 'sha256',
        notBeforeDate: new Date(now.getTime() - DAY),
        notAfterDate: new Date(now.getTime() + SERVER_DAYS * DAY),
        ca: { key: caKey, cert: caCert },
        extensions: [
          { name: 'basicConstraints', cA: false, critical: true },
          { name: 'keyUsage', digitalSignature: true, critical: true },
          { name: 'extKeyUsage', serverAuth: true },
          { name: 'subjectAltName', altNames: altNames(names) },
        ],
      },
    );
    key = server.private;
    cert = server.cert;
  }
  if (files && dir) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    writeFileSync(files.caKey, caKey, { mode: 0o600 });
    writeFileSync(files.caCert, caCert, { mode: 0o600 });
    writeFileSync(files.key, key, { mode: 0o600 });
    writeFileSync(files.cert, cert, { mode: 0o600 });
  }
  return {
    key,
    cert,
    caCert,
    fingerprint: authority.fingerprint256,
    names,
    dir: dir ?? undefined,
    createdAuthority,
  };
}

/** A real certificate from PEM files (TLS_CERT may hold the chain). */
export function certificateFromFiles(certFile: string, keyFile: string): TlsFiles {
  const cert = readFileSync(certFile, 'utf8');
  const key = readFileSync(keyFile, 'utf8');
  const x = new X509Certificate(cert);
  const names = (x.subjectAltName ?? '')
    .split(',')
    .map((s) => s.trim().replace(/^(DNS|IP Address):/, ''))
    .filter(Boolean);
  return { key, cert, fingerprint: x.fingerprint256, names };
}

/**
 * The TLS settings from the environment: TLS_CERT + TLS_KEY, or TLS=local (kept in `dataDir`/tls,
 * or in memory for `memory://`); null for plain HTTP.
 */
export async function tlsFromEnv(
  env: NodeJS.ProcessEnv,
  { dataDir, hosts }: { dataDir: string; hosts: (string | undefined)[] },
): Promise<TlsFiles | null> {
  const certFile = env.TLS_CERT?.trim();
  const keyFile = env.TLS_KEY?.trim();
  if (certFile || keyFile) {
    if (!certFile || !keyFile) throw new Error('TLS_CERT e TLS_KEY vão juntas: informe as duas.');
    return certificateFromFiles(certFile, keyFile);
  }
  const mode = env.TLS?.trim().toLowerCase();
  if (!mode || ['0', 'off', 'false', 'no'].includes(mode)) return null;
  if (mode !== 'local') throw new Error(`TLS=${env.TLS}: use TLS=local, ou TLS_CERT e TLS_KEY.`);
  const dir = dataDir === 'memory://' ? null : join(dataDir, 'tls');
  return localCertificate(dir, localNames(hosts));
}

/** What one client address may hold open on the host's port, and how long a silent connection lives. */
export interface ConnectionLimits {
  /** Open connections per client address (HTTP, HTTPS and realtime sockets together); more are closed at once. */
  perAddress: number;
  /** A connection that sends no byte, or does not finish its TLS handshake, is closed after this. */
  silentMs: number;
  /**
   * A kept-alive connection with no request in flight is closed after this. Longer than clients keep
   * theirs (Node's default is 5 s): a request sent as the host closes the connection is lost, and
   * while a browser sends it again, a Node client (a webhook sender, the tests) gets ECONNRESET; a
   * door phone on weak Wi-Fi keeps its connection instead of a new TLS handshake.
   */
  idleMs: number;
}

/**
 * A browser opens 6 connections per host and realtime allows 32 sockets per address, so 128 leaves a
 * phone (or a few tabs) room while one client can no longer pile up thousands of idle sockets.
 * 5 s of silence is far more than any client needs to send its first byte or finish a handshake;
 * 65 s idle between requests outlasts the clients' own keep-alive.
 */
export const CONNECTION_LIMITS: ConnectionLimits = { perAddress: 128, silentMs: 5_000, idleMs: 65_000 };

/**
 * The host's listening socket. Every connection is counted by client address (past `perAddress` it
 * is closed at once; `exempt` addresses, the trusted proxy, are not counted) and must speak within
 * `silentMs`. Its first byte then decides: with `tls`, a TLS handshake is decrypted (and must finish
 * within `silentMs`) and handed to `httpServer`; any other goes to it as is (the host's own loopback
 * calls, the authority's certificate for a phone that does not trust it yet, a redirect to HTTPS).
 * `httpServer` handles requests and upgrades as usual and is not itself listening.
 */
export function frontDoor(
  httpServer: HttpServer,
  tls: Pick<TlsFiles, 'key' | 'cert'> | null,
  opts: { limits?: Partial<ConnectionLimits>; exempt?: (address: string) => boolean } = {},
): NetServer & { destroyConnections(): void } {
  const limits = { ...CONNECTION_LIMITS, ...opts.limits };
  httpServer.keepAliveTimeout = limits.idleMs;
  const secure = tls
    ? createTlsServer({ key: tls.key, cert: tls.cert, handshakeTimeout: limits.silentMs }, (socket) =>
        httpServer.emit('connection', socket),
      )
    : null;
  secure?.on('tlsClientError', (_err, socket) => socket.destroy());
  const sockets = new Set<Socket>();
  const open = new Map<string, number>();
  const release = (address: string) => {
    const n = (open.get(address) ?? 1) - 1;
    if (n > 0) open.set(address, n);
    else open.delete(address);
  };
  const front = createNetServer((socket) => {
    const address = socket.remoteAddress ?? '';
    if (!opts.exempt?.(address)) {
      const n = open.get(address) ?? 0;
      if (n >= limits.perAddress) {
        socket.destroy();
        return;
      }
      open.set(address, n + 1);
      socket.once('close', () => release(address));
    }
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    socket.setTimeout(limits.silentMs, () => socket.destroy());
    socket.once('data', (chunk: Buffer) => {
      socket.setTimeout(0);
      socket.pause();
      socket.unshift(chunk);
      (secure && chunk[0] === 0x16 ? secure : httpServer).emit('connection', socket);
      process.nextTick(() => socket.resume());
    });
  });
  return Object.assign(front, {
    destroyConnections() {
      for (const s of sockets) s.destroy();
    },
  });
}

/** Whether a request arrived over TLS (see frontDoor). */
export function isEncrypted(req: IncomingMessage): boolean {
  return Boolean((req.socket as TLSSocket).encrypted);
}
