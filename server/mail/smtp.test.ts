import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMailer } from './api-mailer.ts';
import { createSmtpMailer } from './smtp.ts';
import { decodeQuotedPrintable, startTestSmtpServer } from './test-smtp-server.ts';

let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
});
afterAll(() => smtp?.close());

describe('SMTP mailer', () => {
  it('delivers over SMTP with login, sender and both bodies', async () => {
    const mailer = createSmtpMailer(smtp.url('avisos@igreja.org', 'p@ss word'));
    try {
      await mailer.send({
        to: 'maria@example.com',
        subject: 'Redefinição de senha',
        text: 'Abra o link: http://localhost:5173/auth/v1/verify?token=abc&type=recovery',
        html: '<p>Olá</p>',
        link: 'http://localhost:5173/auth/v1/verify?token=abc&type=recovery',
      });
      const mail = await smtp.next();
      expect(mail.auth).toEqual({ user: 'avisos@igreja.org', pass: 'p@ss word' });
      expect(mail.from).toBe('avisos@igreja.org');
      expect(mail.to).toEqual(['maria@example.com']);
      const body = decodeQuotedPrintable(mail.data);
      expect(body).toContain('token=abc&type=recovery');
      expect(body).toContain('<p>Olá</p>');
      expect(mail.data).toMatch(/^Subject: =\?UTF-8\?/m);
      expect(mailer.describe).toBe(`smtp://127.0.0.1:${smtp.port}`);
    } finally {
      mailer.close();
    }
  });

  it('sends the members’ e-mails through the API port with their .ics and the outbox id as Message-ID', async () => {
    const smtpMailer = createSmtpMailer(smtp.url('avisos@igreja.org', 'x'));
    const mailer = apiMailer(smtpMailer, smtpMailer.describe);
    try {
      await mailer.send(
        {
          id: '6f1c2d3e-0000-4000-8000-000000000001',
          to: 'maria@example.com',
          subject: 'Inscrição confirmada: Conferência',
          text: 'Código do ingresso: 482-913',
          html: '<p>Código do ingresso: 482-913</p>',
          link: 'http://localhost:5173/my-registrations/x',
          attachments: [
            {
              filename: 'evento.ics',
              contentType: 'text/calendar; charset=utf-8',
              content: 'BEGIN:VCALENDAR\r\n',
            },
          ],
        },
        AbortSignal.timeout(10_000),
      );
      const mail = await smtp.next();
      expect(mail.data).toMatch(/^Message-ID: <6f1c2d3e-0000-4000-8000-000000000001@congrega\.mail>/im);
      expect(mail.data).toMatch(/filename=.?evento\.ics/);
      expect(mail.data).toMatch(/Content-Type: text\/calendar/i);
    } finally {
      smtpMailer.close();
    }
  });

  it('uses SMTP_FROM when given, and no-reply@<host> when the user is not an address', async () => {
    const custom = createSmtpMailer(smtp.url(), { from: 'Congrega <nao-responda@congrega.app.br>' });
    const fallback = createSmtpMailer(smtp.url());
    try {
      const mail = { to: 'a@example.com', subject: 'Oi', text: 'oi', html: '<p>oi</p>', link: null };
      await custom.send(mail);
      expect((await smtp.next()).from).toBe('nao-responda@congrega.app.br');
      await fallback.send(mail);
      expect((await smtp.next()).from).toBe('no-reply@127.0.0.1');
    } finally {
      custom.close();
      fallback.close();
    }
  });

  it('rejects a URL that is not smtp:// or smtps://, and reports a failed delivery clearly', async () => {
    expect(() => createSmtpMailer('http://example.com')).toThrow(/smtp:\/\//);
    expect(() => createSmtpMailer('não é url')).toThrow(/SMTP_URL inválida/);
    // Nothing listens on port 1.
    const dead = createSmtpMailer('smtp://127.0.0.1:1');
    await expect(
      dead.send({ to: 'a@example.com', subject: 'x', text: 'x', html: 'x', link: null }),
    ).rejects.toThrow(/Falha ao enviar e-mail para a@example.com por SMTP/);
    dead.close();
  });
});
