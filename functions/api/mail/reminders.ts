/**
 * The reminders and notices (README 'Reminders and notices') as each channel shows them, rendered
 * from the facts an outbox row keeps (written by resources/reminders/reminders.service.ts): an
 * e-mail (with List-Unsubscribe) or a WhatsApp template's parameters. Every one carries the
 * member's signed 'Não quero receber lembretes' link, which works without signing in.
 */
import { formatLongDateTime } from '../../../src/domain/dates.ts';
import { checkoutMessages } from '../../../src/domain/messages/checkout.ts';
import { reminderMessages as m } from '../../../src/domain/messages/reminders.ts';
import type { WhatsAppTemplate } from '../ports/notifier.ts';
import { type Body, type RenderedEmail, renderHtml, renderText } from './member-emails.ts';

export const REMINDER_KINDS = ['event_reminder', 'payment_reminder', 'caravan_paid'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];
export const isReminderKind = (kind: string): kind is ReminderKind =>
  (REMINDER_KINDS as readonly string[]).includes(kind);

/** What a reminder's outbox row keeps. */
export interface ReminderFacts {
  member_id: string;
  member_name: string;
  registration_id: string;
  event: {
    id: string;
    title: string;
    starts_at: string;
    venue: { name: string; address: string; room: string | null } | null;
  };
  /** event_reminder: the organizer's note */
  note?: string | null;
  /** payment_reminder: the method and when the attempt expires */
  strategy?: string | null;
  expires_at?: string | null;
  /** caravan_paid: how many people */
  people?: number;
}

export interface ReminderContext {
  /** Where the app is served (links). */
  siteUrl: string;
  /** The API's base URL (…/functions/v1/api): the one-click unsubscribe (RFC 8058) posts there. */
  apiUrl: string;
  /** The key the unsubscribe links are signed with (the service key: never leaves the server). */
  secret: string;
  now?: Date;
}

const b64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

async function signature(memberId: string, secret: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`reminders-off:${memberId}`));
  return b64url(new Uint8Array(mac).slice(0, 18));
}

/** The member's unsubscribe token: their id and an HMAC of it (no expiry: every old message keeps working). */
export async function unsubscribeToken(memberId: string, secret: string): Promise<string> {
  return `${memberId}.${await signature(memberId, secret)}`;
}

export const UNSUBSCRIBE_TOKEN =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{24})$/;

/** The member a token names, or null when it is not one we signed. */
export async function memberOfToken(token: string, secret: string): Promise<string | null> {
  const match = UNSUBSCRIBE_TOKEN.exec(token);
  if (!match || !secret) return null;
  const expected = await signature(match[1]!, secret);
  // constant-time comparison of equal-length strings
  let diff = expected.length ^ match[2]!.length;
  for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ (match[2]!.charCodeAt(i) || 0);
  return diff === 0 ? match[1]! : null;
}

function whereText(venue: ReminderFacts['event']['venue']): string {
  return venue ? [venue.name, venue.address, venue.room].filter(Boolean).join(' — ') : '';
}

const methodName = (strategy: string | null | undefined) =>
  (strategy && (checkoutMessages.methodNames as Record<string, string>)[strategy]) || '';

const firstNameOf = (name: string) => name.trim().split(/\s+/)[0] ?? '';

/** The member's links and the texts both channels share. */
async function parts(kind: ReminderKind, facts: ReminderFacts, ctx: ReminderContext) {
  const now = ctx.now ?? new Date();
  const token = await unsubscribeToken(facts.member_id, ctx.secret);
  return {
    now,
    token,
    unsubscribeUrl: `${ctx.siteUrl}/lembretes/sair/${token}`,
    oneClickUrl: `${ctx.apiUrl}/v1/reminders/unsubscribe/${token}`,
    registrationUrl: `${ctx.siteUrl}/my-registrations/${facts.registration_id}`,
    when: formatLongDateTime(new Date(facts.event.starts_at), now),
    until: facts.expires_at ? formatLongDateTime(new Date(facts.expires_at), now) : '',
    method: methodName(facts.strategy),
    kind,
  };
}

export async function renderReminderEmail(
  kind: ReminderKind,
  facts: ReminderFacts,
  ctx: ReminderContext,
): Promise<RenderedEmail> {
  const p = await parts(kind, facts, ctx);
  const title = facts.event.title;
  const details: [string, string][] = [
    ['Evento', title],
    ['Quando', p.when],
  ];
  const where = whereText(facts.event.venue);
  if (where) details.push(['Onde', where]);
  const extra = { label: m.unsubscribeLink, url: p.unsubscribeUrl };
  let body: Body;
  if (kind === 'event_reminder') {
    body = {
      subject: m.subjects.event(title),
      paragraphs: [m.event(title, p.when), ...(facts.note ? [m.organizerNote(facts.note)] : [])],
      details,
      link: { label: 'Ver meu ingresso', url: p.registrationUrl },
      extra,
      calendar: null,
    };
  } else if (kind === 'payment_reminder') {
    body = {
      subject: m.subjects.payment(title),
      paragraphs: [m.payment(title, p.method, p.until)],
      details,
      link: { label: 'Ver minha inscrição', url: p.registrationUrl },
      extra,
      calendar: null,
    };
  } else {
    body = {
      subject: m.subjects.caravanPaid(title),
      paragraphs: [m.caravanPaid(title, facts.people ?? 0)],
      details,
      link: { label: 'Ver caravana', url: p.registrationUrl },
      extra,
      calendar: null,
    };
  }
  const firstName = firstNameOf(facts.member_name);
  return {
    subject: body.subject,
    text: renderText(firstName, body, ctx.siteUrl),
    html: renderHtml(firstName, body, ctx.siteUrl),
    link: body.link?.url ?? null,
    attachments: [],
    headers: {
      'List-Unsubscribe': `<${p.oneClickUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** The WhatsApp template and its parameters, in the order of its body (ports/notifier.ts). */
export async function renderReminderWhatsApp(
  kind: ReminderKind,
  facts: ReminderFacts,
  ctx: ReminderContext,
): Promise<{ template: WhatsAppTemplate; params: string[] }> {
  const p = await parts(kind, facts, ctx);
  const name = firstNameOf(facts.member_name);
  const title = facts.event.title;
  if (kind === 'event_reminder') {
    return {
      template: kind,
      params: [
        name,
        title,
        p.when,
        whereText(facts.event.venue),
        facts.note ?? '',
        p.registrationUrl,
        p.unsubscribeUrl,
      ],
    };
  }
  if (kind === 'payment_reminder') {
    return { template: kind, params: [name, title, p.method, p.until, p.registrationUrl, p.unsubscribeUrl] };
  }
  return {
    template: kind,
    params: [name, String(facts.people ?? 0), title, p.registrationUrl, p.unsubscribeUrl],
  };
}
