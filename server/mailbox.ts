import { Hono } from 'hono';
import type { Database } from './db.ts';
import { html, htmlResponse, page } from './html.ts';

export interface Mail {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The action link in the mail (confirmation, recovery, the member's ticket). */
  link: string | null;
  /** Text attachments (e.g. the event's .ics), served at /_dev/mail/<id>/attachments/<index>. */
  attachments: MailAttachment[];
  created_at: string;
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

/**
 * An e-mail the host sends (confirmation, password recovery) or the API's (members' registrations).
 * `messageId`, when given, identifies it across retries: the mailbox keeps it once, SMTP sends it as
 * the Message-ID.
 */
export type OutgoingMail = Omit<Mail, 'id' | 'created_at' | 'attachments'> & {
  attachments?: MailAttachment[];
  messageId?: string;
  /** Extra headers (List-Unsubscribe): sent by SMTP; the dev mailbox keeps the link in the text. */
  headers?: Record<string, string>;
};

/** Where e-mail goes: the dev mailbox below, or SMTP (`server/mail/smtp.ts`) when `SMTP_URL` is set. */
export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

/** The dev mailbox: a Mailer that keeps what it sends, to read at /_dev/mail. */
export interface Mailbox extends Mailer {
  list(filter?: { to?: string }): Promise<Mail[]>;
}

/** The mailbox when mail goes out for real: nothing is kept, so nothing is listed. */
export function sendOnlyMailbox(mailer: Mailer): Mailbox {
  return { send: (mail) => mailer.send(mail), list: async () => [] };
}

// A local-only table (schema `dev`), created by the host and never by a migration: production
// Supabase sends real e-mail instead.
const SCHEMA = `
create schema if not exists dev;
create table if not exists dev.mail (
  id serial primary key,
  to_address text not null,
  subject text not null,
  text_body text not null,
  html_body text not null,
  link text,
  created_at timestamptz not null default now()
);
alter table dev.mail add column if not exists attachments jsonb not null default '[]'::jsonb;
alter table dev.mail add column if not exists message_id text unique;
`;

interface MailRow {
  id: number;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  link: string | null;
  attachments: MailAttachment[] | null;
  created_at: Date | string;
}

export async function createMailbox(database: Database, log: (line: string) => void): Promise<Mailbox> {
  await database.exec(SCHEMA);
  const { db } = database;
  return {
    async send(mail) {
      // a retried e-mail (same messageId) is kept once
      const kept = await db.query(
        `insert into dev.mail (to_address, subject, text_body, html_body, link, attachments, message_id)
         values ($1, $2, $3, $4, $5, $6, $7) on conflict (message_id) do nothing returning id`,
        [
          mail.to,
          mail.subject,
          mail.text,
          mail.html,
          mail.link,
          mail.attachments ?? [],
          mail.messageId ?? null,
        ],
      );
      if (kept.length === 0) return;
      log(`✉️  E-mail para ${mail.to}: "${mail.subject}"${mail.link ? ` → ${mail.link}` : ''}`);
    },
    async list(filter = {}) {
      const rows = await db.query<MailRow>(
        `select * from dev.mail where ($1::text is null or lower(to_address) = lower($1)) order by id desc`,
        [filter.to ?? null],
      );
      return rows.map((r) => ({
        id: r.id,
        to: r.to_address,
        subject: r.subject,
        text: r.text_body,
        html: r.html_body,
        link: r.link,
        attachments: r.attachments ?? [],
        created_at: new Date(r.created_at).toISOString(),
      }));
    },
  };
}

/** GET /_dev/mail (HTML, newest first) and /_dev/mail.json (`?to=` filter) for people and tests. */
export function mailboxRoutes(mailbox: Mailbox) {
  const app = new Hono();
  app.get('/mail.json', async (c) => c.json(await mailbox.list({ to: c.req.query('to') || undefined })));
  app.get('/mail/:id/attachments/:index', async (c) => {
    const id = Number(c.req.param('id'));
    const index = Number(c.req.param('index'));
    const mail = (await mailbox.list()).find((m) => m.id === id);
    const file = Number.isInteger(index) ? mail?.attachments[index] : undefined;
    if (!file) return c.text('Não encontrado', 404);
    return c.body(file.content, 200, {
      'content-type': file.contentType,
      'content-disposition': `attachment; filename="${file.filename.replace(/[^\w.-]/g, '_')}"`,
    });
  });
  app.get('/mail', async (c) => {
    const to = c.req.query('to') || undefined;
    const mails = await mailbox.list({ to });
    const items = mails.map(
      (m) => html`<article class="card">
  <div class="muted">${new Date(m.created_at).toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo' })}
    · para <strong>${m.to}</strong></div>
  <h2 style="font-size:1.1rem;margin:4px 0">${m.subject}</h2>
  <pre>${m.text}</pre>
  ${m.link && html`<p><a class="btn" href="${m.link}">Abrir o link do e-mail</a></p>`}
  ${m.attachments.map(
    (a, i) =>
      html`<p>Anexo: <a href="/_dev/mail/${m.id}/attachments/${i}" download="${a.filename}">${a.filename}</a></p>`,
  )}
</article>`,
    );
    return htmlResponse(
      page(
        'Caixa de e-mails (local)',
        html`<h1>Caixa de e-mails</h1>
<p class="sub">E-mails que o Congrega local enviaria${to && html` para ${to}`}, do mais novo ao mais antigo.
Só existe no servidor local.</p>
${items.length ? items : html`<p class="card">Nenhum e-mail enviado ainda.</p>`}`,
      ),
    );
  });
  return app;
}
