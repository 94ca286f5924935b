/**
 * The Mailer port over an HTTP e-mail API, for Supabase (Edge Functions cannot open SMTP ports),
 * chosen by configuration (`mailerFromEnv`):
 *
 * - `EMAIL_API=resend`: Resend's `POST https://api.resend.com/emails` with `EMAIL_API_KEY`;
 * - `EMAIL_API=webhook`: a JSON POST of the e-mail to `EMAIL_API_URL` (your own relay, an automation
 *   service, another provider's bridge), with `Authorization: Bearer EMAIL_API_KEY` when set.
 *
 * Both send `Idempotency-Key: <outbox row id>`, so a retry of an e-mail the service already took is
 * not sent twice (Resend keeps keys for 24 hours). A 4xx answer (but 408 and 429) is permanent: the
 * outbox gives up on that e-mail; anything else (5xx, network, time limit) is retried later.
 */
import { type Email, type Mailer, MailerError } from '../ports/mailer.ts';

export interface HttpMailerConfig {
  api: 'resend' | 'webhook';
  /** The sender, e.g. `Congrega <avisos@minhaigreja.org>` (a domain verified with the provider). */
  from: string;
  apiKey?: string;
  /** webhook: where to POST; resend: another API base (tests). */
  url?: string;
  fetch?: typeof fetch;
}

const RESEND_URL = 'https://api.resend.com/emails';

/** UTF-8 text as base64 (Web APIs only). */
export function base64Utf8(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

function resendBody(mail: Email, from: string) {
  return {
    from,
    to: [mail.to],
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    attachments: mail.attachments.map((a) => ({
      filename: a.filename,
      content: base64Utf8(a.content),
      content_type: a.contentType,
    })),
    ...(mail.headers ? { headers: mail.headers } : {}),
  };
}

function webhookBody(mail: Email, from: string) {
  return {
    id: mail.id,
    from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    link: mail.link,
    attachments: mail.attachments.map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      contentBase64: base64Utf8(a.content),
    })),
    headers: mail.headers ?? {},
  };
}

export function createHttpMailer(config: HttpMailerConfig): Mailer {
  const doFetch = config.fetch ?? fetch;
  const url = config.api === 'resend' ? (config.url ?? RESEND_URL) : config.url;
  if (!url) throw new Error('EMAIL_API=webhook precisa de EMAIL_API_URL');
  if (config.api === 'resend' && !config.apiKey) throw new Error('EMAIL_API=resend precisa de EMAIL_API_KEY');
  return {
    describe: config.api === 'resend' ? 'resend' : `webhook ${new URL(url).host}`,
    async send(mail, signal) {
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        'idempotency-key': mail.id,
      };
      if (config.apiKey) headers.authorization = `Bearer ${config.apiKey}`;
      const body = config.api === 'resend' ? resendBody(mail, config.from) : webhookBody(mail, config.from);
      let res: Response;
      try {
        res = await doFetch(url, { method: 'POST', headers, body: JSON.stringify(body), signal });
      } catch (error) {
        throw new MailerError(`${config.api}: ${(error as Error).message}`);
      }
      if (res.ok) {
        await res.body?.cancel();
        return;
      }
      const detail = (await res.text().catch(() => '')).slice(0, 300);
      const permanent = res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429;
      throw new MailerError(`${config.api}: HTTP ${res.status} ${detail}`, permanent);
    },
  };
}

/**
 * The mailer the configuration asks for (`EMAIL_API`, `EMAIL_API_KEY`, `EMAIL_API_URL`,
 * `EMAIL_FROM`), or undefined when none is set: the outbox then keeps the e-mails until one is.
 */
export function mailerFromEnv(
  get: (name: string) => string | undefined,
  opts: { fetch?: typeof fetch } = {},
): Mailer | undefined {
  const api = (get('EMAIL_API') ?? '').trim().toLowerCase();
  if (!api) return undefined;
  if (api !== 'resend' && api !== 'webhook') {
    throw new Error(`EMAIL_API deve ser resend ou webhook (recebido: ${api})`);
  }
  return createHttpMailer({
    api,
    from: get('EMAIL_FROM') || 'Congrega <onboarding@resend.dev>',
    apiKey: get('EMAIL_API_KEY') || undefined,
    url: get('EMAIL_API_URL') || undefined,
    fetch: opts.fetch,
  });
}
