/**
 * Where the API's e-mails to members go (runtime-neutral: Web APIs only). Adapters: the local host's
 * dev mailbox or SMTP (server/mail), an HTTP e-mail API on Supabase (adapters/http-mailer.ts), chosen
 * from configuration at start. A Mailer only delivers: what to send and when (the outbox, retries,
 * backoff) is functions/api/mail/outbox.ts.
 */

/** A text attachment (e.g. the event's .ics), UTF-8. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

export interface Email {
  /** The outbox row's id: stable across retries, so an adapter that can deduplicate does (idempotency key, Message-ID). */
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The e-mail's main link (e.g. the ticket), for mailboxes that show one. */
  link: string | null;
  attachments: MailAttachment[];
  /** Extra headers, e.g. a reminder's List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
}

export interface Mailer {
  /** Where mail goes, without secrets, for logs (e.g. 'mailbox', 'resend', 'smtp://smtp.example.com:587'). */
  readonly describe: string;
  /** Resolves once the e-mail was accepted; throws otherwise (MailerError says whether to retry). */
  send(mail: Email, signal: AbortSignal): Promise<void>;
}

/** A delivery that failed; `permanent` ones (an address or a request the service refuses) are not retried. */
export class MailerError extends Error {
  constructor(
    message: string,
    readonly permanent = false,
  ) {
    super(message);
    this.name = 'MailerError';
  }
}
