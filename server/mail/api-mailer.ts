import { type Email, type Mailer, MailerError } from '../../functions/api/ports/mailer.ts';
import type { Mailer as HostMailer } from '../mailbox.ts';

/**
 * The API's Mailer port over the host's mail (the dev mailbox or SMTP, whichever the host uses for
 * its own e-mails): the members' e-mails from the outbox go the same way. The outbox row's id becomes
 * the Message-ID, so a retry is kept once by the mailbox and recognisable by mail servers.
 */
export function apiMailer(host: HostMailer, describe: string): Mailer {
  return {
    describe,
    async send(mail: Email, signal: AbortSignal) {
      if (signal.aborted) throw new MailerError('envio cancelado (tempo esgotado)');
      const sending = host.send({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        link: mail.link,
        attachments: mail.attachments,
        messageId: `<${mail.id}@congrega.mail>`,
        ...(mail.headers ? { headers: mail.headers } : {}),
      });
      // nodemailer has no AbortSignal: stop waiting at the time limit (the outbox retries later)
      await new Promise<void>((resolve, reject) => {
        const onAbort = () => reject(new MailerError('envio cancelado (tempo esgotado)'));
        signal.addEventListener('abort', onAbort, { once: true });
        sending.then(
          () => {
            signal.removeEventListener('abort', onAbort);
            resolve();
          },
          (error) => {
            signal.removeEventListener('abort', onAbort);
            reject(error);
          },
        );
      });
    },
  };
}
