import { once } from 'node:events';
import { type AddressInfo, createServer, type Server } from 'node:net';

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
 * A tiny SMTP server for tests (RFC 5321 subset: EHLO/HELO, AUTH PLAIN/LOGIN, MAIL, RCPT, DATA,
 * RSET, NOOP, QUIT; no TLS). Enough for nodemailer to deliver over a real socket.
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

  const server: Server = createServer((socket) => {
    socket.setEncoding('utf8');
    const reply = (line: string) => socket.write(`${line}\r\n`);
    let buffer = '';
    let mode: 'command' | 'data' | 'auth-plain' | 'auth-user' | 'auth-pass' = 'command';
    let from = '';
    let to: string[] = [];
    let data: string[] = [];
    let auth: ReceivedMail['auth'] = null;
    let loginUser = '';
    const b64 = (s: string) => Buffer.from(s, 'base64').toString('utf8');

    function plain(token: string) {
      const [, user = '', pass = ''] = b64(token).split('\0');
      auth = { user, pass };
      reply('235 2.7.0 Authentication successful');
    }

    function command(line: string) {
      const [verb = '', ...rest] = line.split(' ');
      const arg = rest.join(' ');
      switch (verb.toUpperCase()) {
        case 'EHLO':
          socket.write('250-localhost\r\n250-AUTH PLAIN LOGIN\r\n250-8BITMIME\r\n250 SMTPUTF8\r\n');
          return;
        case 'HELO':
          return reply('250 localhost');
        case 'AUTH': {
          const [method = '', initial] = arg.split(' ');
          if (method.toUpperCase() === 'PLAIN') {
            if (initial) return plain(initial);
            mode = 'auth-plain';
            return reply('334 ');
          }
          if (method.toUpperCase() === 'LOGIN') {
            mode = 'auth-user';
            return reply('334 VXNlcm5hbWU6');
          }
          return reply('504 5.5.4 Unrecognized authentication type');
        }
        case 'MAIL':
          from = /<([^>]*)>/.exec(arg)?.[1] ?? '';
          to = [];
          return reply('250 2.1.0 OK');
        case 'RCPT':
          to.push(/<([^>]*)>/.exec(arg)?.[1] ?? '');
          return reply('250 2.1.5 OK');
        case 'DATA':
          mode = 'data';
          data = [];
          return reply('354 End data with <CR><LF>.<CR><LF>');
        case 'RSET':
          from = '';
          to = [];
          return reply('250 2.0.0 OK');
        case 'NOOP':
          return reply('250 2.0.0 OK');
        case 'QUIT':
          reply('221 2.0.0 Bye');
          socket.end();
          return;
        default:
          return reply('502 5.5.2 Command not implemented');
      }
    }

    function line(text: string) {
      if (mode === 'data') {
        if (text === '.') {
          mode = 'command';
          received.push({ from, to, data: data.join('\r\n'), auth });
          reply('250 2.0.0 Queued');
          for (const wake of waiters.splice(0)) wake();
          return;
        }
        data.push(text.startsWith('..') ? text.slice(1) : text);
        return;
      }
      if (mode === 'auth-plain') {
        mode = 'command';
        return plain(text);
      }
      if (mode === 'auth-user') {
        loginUser = b64(text);
        mode = 'auth-pass';
        return reply('334 UGFzc3dvcmQ6');
      }
      if (mode === 'auth-pass') {
        auth = { user: loginUser, pass: b64(text) };
        mode = 'command';
        return reply('235 2.7.0 Authentication successful');
      }
      command(text);
    }

    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let end = buffer.indexOf('\r\n');
      while (end !== -1) {
        line(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
        end = buffer.indexOf('\r\n');
      }
    });
    socket.on('error', () => {});
    reply('220 localhost ESMTP test');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;

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
