import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the SMTP server received it. */
export interface ReceivedMail {
  from: string;
  to: string[];
  /** The raw message (headers + MIME body), dot-unstuffed. */
  data: string;
  /** The credentials of `AUTH PLAIN` / `AUTH LOGIN`, if the client logged in. */
  auth: { user: string; pass: string } | null;
}

/**
 * An SMTP server for tests (`smtp-server`, plain text, any login accepted and recorded): enough for
 * nodemailer to deliver over a real socket.
 */
export async function startTestSmtpServer(): Promise<{
  port: number;
  url(user?: string, pass?: string): string;
  received: ReceivedMail[];
  /** Resolves with the next message (or one already received and not yet taken). */
  next(timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}> {
  const received: ReceivedMail[] = [];
  let taken = 0;
  const waiters: (() => void)[] = [];

  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, done) {
      done(null, { user: { user: auth.username ?? '', pass: auth.password ?? '' } });
    },
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data: Buffer.concat(chunks).toString('utf8'),
          auth: (session.user as ReceivedMail['auth'] | undefined) ?? null,
        });
        done();
        for (const wake of waiters.splice(0)) wake();
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const port = (server.server.address() as AddressInfo).port;

  return {
    port,
    url: (user = 'congrega', pass = 'segredo') =>
      `smtp://${encodeURIComponent(user)}:${encodeURIComponent(pass)}@127.0.0.1:${port}`,
    received,
    async next(timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length <= taken) {
        if (Date.now() > deadline) throw new Error('no mail arrived over SMTP');
        await new Promise<void>((wake) => {
          waiters.push(wake);
          setTimeout(wake, 100);
        });
      }
      return received[taken++]!;
    },
    close: () =>
      new Promise<void>((ok) => {
        server.close(() => ok());
      }),
  };
}

/** A received message with its quoted-printable soft breaks and escapes undone (bytes as UTF-8). */
export function decodeQuotedPrintable(raw: string): string {
  const bytes: number[] = [];
  const text = raw.replaceAll(/=\r?\n/g, '');
  for (let i = 0; i < text.length; i++) {
    const hex = text[i] === '=' ? /^[0-9A-F]{2}/.exec(text.slice(i + 1, i + 3)) : null;
    if (hex) {
      bytes.push(Number.parseInt(hex[0], 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}
