import nodemailer from 'nodemailer';
import type { Mailer } from '../mailbox.ts';

export interface SmtpMailer extends Mailer {
  /** Where mail goes, without the password, for the startup log. */
  describe: string;
  close(): void;
}

/**
 * Real e-mail through an SMTP server: `SMTP_URL` like `smtp://user:pass@smtp.example.com:587`
 * (STARTTLS when the server offers it) or `smtps://…:465` (TLS from the start). `from` defaults to
 * the SMTP user when it is an address, else `no-reply@<smtp host>`.
 */
export function createSmtpMailer(
  smtpUrl: string,
  opts: { from?: string; log?: (line: string) => void } = {},
): SmtpMailer {
  let url: URL;
  try {
    url = new URL(smtpUrl);
  } catch {
    throw new Error('SMTP_URL inválida: use smtp://usuario:senha@servidor:587');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    throw new Error(`SMTP_URL deve começar com smtp:// ou smtps:// (recebido: ${url.protocol}//)`);
  }
  const user = decodeURIComponent(url.username);
  const from = opts.from || `Congrega <${user.includes('@') ? user : `no-reply@${url.hostname}`}>`;
  const transport = nodemailer.createTransport(smtpUrl);
  const log = opts.log ?? (() => {});
  return {
    describe: `${url.protocol}//${url.host}`,
    async send(mail) {
      try {
        await transport.sendMail({
          from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          ...(mail.messageId ? { messageId: mail.messageId } : {}),
          ...(mail.headers ? { headers: mail.headers } : {}),
          attachments: (mail.attachments ?? []).map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            content: a.content,
          })),
        });
      } catch (err) {
        throw new Error(
          `Falha ao enviar e-mail para ${mail.to} por SMTP (${url.host}): ${(err as Error).message}`,
          {
            cause: err,
          },
        );
      }
      log(`✉️  E-mail enviado para ${mail.to} por SMTP: "${mail.subject}"`);
    },
    close: () => transport.close(),
  };
}
