/**
 * The e-mails members get about their registrations, rendered from the facts an outbox row keeps
 * (./outbox.ts): subject, plain text, HTML, the main link and, for a confirmed registration or an
 * approved payment, the event as an .ics file (removed from the calendar when the event is removed).
 */
import { formatSeq } from '../../../src/domain/checkin.ts';
import { formatLongDateTime } from '../../../src/domain/dates.ts';
import { checkoutMessages } from '../../../src/domain/messages/checkout.ts';
import { emailMessages as m } from '../../../src/domain/messages/emails.ts';
import { minorMessages } from '../../../src/domain/messages/minors.ts';
import { privacyMessages } from '../../../src/domain/messages/privacy.ts';
import { waitlistMessages } from '../../../src/domain/messages/waitlist.ts';
import { formatPrice } from '../../../src/domain/money.ts';
import { statusLabel } from '../../../src/domain/registrations.ts';
import type { MailAttachment } from '../ports/mailer.ts';
import { buildIcs } from './ics.ts';

export type MailKind =
  | 'registration_confirmed'
  | 'payment_approved'
  | 'payment_rejected'
  | 'pix_expired'
  | 'cash_expired'
  | 'event_removed'
  | 'account_deleted'
  | 'caravan_summary'
  | 'refund_done'
  | 'chargeback_staff'
  | 'guardian_consent'
  | 'event_reminder'
  | 'payment_reminder'
  | 'caravan_paid'
  | 'waitlist_offer';

/** What an outbox row keeps (built in SQL by ./outbox.ts; timestamps as Postgres writes them in JSON). */
export interface MemberMailFacts {
  member_name: string;
  registration_id: string;
  seq: string;
  frozen_value: number;
  registration_status: string;
  tier_name: string;
  reason: string | null;
  strategy?: string | null;
  confirmation_id?: string | null;
  /** a caravan guest's ticket (sent to the guest): the link claims it into their own account */
  guest?: boolean;
  /** the registration's tier (older rows lack it): where 'Tentar novamente' starts a new attempt */
  tier_id?: string;
  /** the leader's own copy of a caravan's e-mail: the people in it */
  caravan_people?: number;
  event: {
    id: string;
    title: string;
    starts_at: string;
    checkin_ends_at: string | null;
    venue: { name: string; address: string; room: string | null } | null;
  };
}

export interface RenderedEmail {
  subject: string;
  /** Extra headers (a reminder's List-Unsubscribe). */
  headers?: Record<string, string>;
  text: string;
  html: string;
  link: string | null;
  attachments: MailAttachment[];
}

/** An event without an end: two hours, or until its check-in closes when that is later. */
const DEFAULT_LENGTH_MS = 2 * 60 * 60 * 1000;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

const methodName = (strategy: string | null | undefined) =>
  (strategy && (checkoutMessages.methodNames as Record<string, string>)[strategy]) || '';

function whereText(venue: MemberMailFacts['event']['venue']): string | null {
  if (!venue) return null;
  return [venue.name, venue.address, venue.room].filter(Boolean).join(' — ');
}

export interface Body {
  subject: string;
  paragraphs: string[];
  details: [string, string][];
  /** The main button: label and URL. */
  link: { label: string; url: string } | null;
  /** A second link (the event page), shown as text. */
  extra?: { label: string; url: string } | null;
  calendar: 'add' | 'remove' | null;
}

export function renderMemberEmail(
  kind: MailKind,
  facts: MemberMailFacts,
  opts: { siteUrl: string; now?: Date },
): RenderedEmail {
  if (kind === 'account_deleted') return renderAccountDeleted(facts.member_name ?? '', opts.siteUrl);
  if (kind === 'caravan_summary')
    return renderCaravanSummary(facts as unknown as CaravanSummaryFacts, opts.siteUrl, opts.now);
  if (kind === 'guardian_consent') return renderGuardianConsent(facts as unknown as GuardianFacts, opts);
  if (kind === 'waitlist_offer') return renderWaitlistOffer(facts as unknown as WaitlistOfferFacts, opts);
  const now = opts.now ?? new Date();
  const title = facts.event.title;
  // a guest's name was typed by the caravan's leader: it never opens the e-mail (a plain 'Olá!'),
  // it is only a detail of the ticket (names holding a link or an e-mail are refused at checkout)
  const firstName = facts.guest ? '' : (facts.member_name.trim().split(/\s+/)[0] ?? '');
  const startsAt = new Date(facts.event.starts_at);
  const when = formatLongDateTime(startsAt, now);
  const registrationUrl = facts.guest
    ? `${opts.siteUrl}/claim/${facts.registration_id}`
    : `${opts.siteUrl}/my-registrations/${facts.registration_id}`;
  const eventUrl = `${opts.siteUrl}/events/${facts.event.id}`;
  const paid = facts.registration_status === 'paid';
  const method = methodName(facts.strategy);
  const code = formatSeq(facts.seq);

  const details: [string, string][] = [
    ...(facts.guest ? [[m.details.person, facts.member_name] as [string, string]] : []),
    [m.details.event, title],
    [m.details.when, when],
  ];
  const where = whereText(facts.event.venue);
  if (where) details.push([m.details.where, where]);
  details.push([m.details.tier, facts.tier_name], [m.details.price, formatPrice(facts.frozen_value)]);
  if (method) details.push([m.details.method, method]);
  const ticketDetails = (): [string, string][] => (paid ? [...details, [m.details.code, code]] : details);

  let body: Body;
  switch (kind) {
    case 'registration_confirmed':
      body = paid
        ? {
            subject: m.subjects.confirmed(title),
            paragraphs: [m.confirmed(title), m.ticketHint(code), m.calendarHint],
            details: ticketDetails(),
            link: { label: m.ticketLink, url: registrationUrl },
            calendar: 'add',
          }
        : {
            subject: m.subjects.received(title),
            paragraphs: [m.received(title, method), m.calendarHint],
            details,
            link: { label: m.registrationLink, url: registrationUrl },
            calendar: 'add',
          };
      break;
    case 'payment_approved':
      body = {
        subject: m.subjects.approved(title),
        paragraphs: [m.approved(title, method), m.ticketHint(code), m.calendarHint],
        details: ticketDetails(),
        link: { label: m.ticketLink, url: registrationUrl },
        calendar: 'add',
      };
      break;
    case 'payment_rejected': {
      // a new attempt on the same registration (another receipt or another method): the checkout of
      // its tier, which adds the attempt to it; a caravan guest's payment is the leader's to redo
      const tryAgainUrl = facts.tier_id
        ? `${opts.siteUrl}/checkout/${facts.event.id}/${facts.tier_id}`
        : registrationUrl;
      body = {
        subject: m.subjects.rejected(title),
        paragraphs: [
          m.rejected(title, method),
          ...(facts.reason ? [m.reason(facts.reason)] : []),
          facts.guest ? m.guestAskLeader : m.tryAgain,
        ],
        details,
        link: facts.guest
          ? { label: m.registrationLink, url: registrationUrl }
          : { label: m.tryAgainLink, url: tryAgainUrl },
        extra: facts.guest
          ? { label: m.eventLink, url: eventUrl }
          : { label: m.registrationLink, url: registrationUrl },
        calendar: null,
      };
      break;
    }
    case 'pix_expired':
      // 'Gerar novo PIX' is on the registration (a new PIX attempt on it); a guest asks the leader
      body = {
        subject: m.subjects.pixExpired(title),
        paragraphs: [m.pixExpired(title), facts.guest ? m.guestAskLeader : m.pixTryAgain],
        details,
        link: facts.guest
          ? { label: m.eventLink, url: eventUrl }
          : { label: m.newPixLink, url: registrationUrl },
        ...(facts.guest ? {} : { extra: { label: m.eventLink, url: eventUrl } }),
        calendar: null,
      };
      break;
    case 'cash_expired':
      body = {
        subject: m.subjects.cashExpired(title),
        paragraphs: [
          facts.caravan_people ? m.cashExpiredCaravan(title, facts.caravan_people) : m.cashExpired(title),
          m.cashTryAgain,
        ],
        details,
        link: { label: m.eventLink, url: eventUrl },
        calendar: null,
      };
      break;
    case 'event_removed':
      body = {
        subject: m.subjects.eventRemoved(title),
        paragraphs: [m.eventRemoved(title, when), m.eventRemovedKept, m.calendarRemovedHint],
        details,
        link: { label: m.registrationLink, url: registrationUrl },
        calendar: 'remove',
      };
      break;
    case 'refund_done':
      body = {
        subject: m.subjects.refunded(title),
        paragraphs: [
          m.refunded(title, formatPrice(facts.frozen_value), method),
          ...(facts.reason ? [m.reason(facts.reason)] : []),
          m.refundedPlace,
        ],
        details,
        link: { label: m.registrationLink, url: registrationUrl },
        calendar: 'remove',
      };
      break;
    case 'chargeback_staff':
      body = {
        subject: m.subjects.chargeback(title),
        paragraphs: [m.chargeback(title, facts.member_name, code), m.chargebackHint],
        details: [...details, [m.details.code, code]],
        link: { label: m.adminLink, url: `${opts.siteUrl}/admin/registrations` },
        calendar: null,
      };
      break;
    default:
      throw new Error(`unknown e-mail kind ${String(kind)}`);
  }

  const attachments: MailAttachment[] = [];
  if (body.calendar) {
    const checkinEnds = facts.event.checkin_ends_at ? new Date(facts.event.checkin_ends_at) : null;
    const endsAt = new Date(
      Math.max(startsAt.getTime() + DEFAULT_LENGTH_MS, checkinEnds ? checkinEnds.getTime() : 0),
    );
    attachments.push({
      filename: m.calendarFile,
      contentType: `text/calendar; charset=utf-8; method=${body.calendar === 'remove' ? 'CANCEL' : 'PUBLISH'}`,
      content: buildIcs({
        uid: `registration-${facts.registration_id}@congrega`,
        title,
        startsAt,
        endsAt,
        location: where,
        description: `${facts.tier_name}${paid ? ` — ${m.details.code}: ${code}` : ''}\n${registrationUrl}`,
        url: registrationUrl,
        // confirmed (0) < approved (1) < removed (2): each later file updates the same calendar entry
        sequence:
          kind === 'event_removed' || kind === 'refund_done' ? 2 : kind === 'payment_approved' ? 1 : 0,
        cancelled: body.calendar === 'remove',
        now,
      }),
    });
  }

  return {
    subject: body.subject,
    text: renderText(firstName, body, opts.siteUrl),
    html: renderHtml(firstName, body, opts.siteUrl),
    link: body.link?.url ?? null,
    attachments,
  };
}

/** What the leader's summary keeps (built in SQL by ./outbox.ts enqueueCaravanSummary). */
export interface CaravanSummaryFacts {
  member_name: string;
  group_id: string;
  /** the registration holding the group's payment: the leader's view of the caravan */
  registration_id: string;
  frozen_total: number;
  strategy: string;
  payment_status: string;
  tier_name: string;
  people: { name: string; status: string }[];
  event: MemberMailFacts['event'];
}

/**
 * The leader's summary of a caravan. The people's names are the leader's typing: each comes after
 * its 'Pessoa N (state)' label, never leading a line nor inside a link (escaped in the HTML).
 */
function renderCaravanSummary(facts: CaravanSummaryFacts, siteUrl: string, now = new Date()): RenderedEmail {
  const title = facts.event.title;
  const firstName = facts.member_name.trim().split(/\s+/)[0] ?? '';
  const status = statusLabel(facts.payment_status);
  const method = methodName(facts.strategy);
  const details: [string, string][] = [
    [m.details.event, title],
    [m.details.when, formatLongDateTime(new Date(facts.event.starts_at), now)],
  ];
  const where = whereText(facts.event.venue);
  if (where) details.push([m.details.where, where]);
  details.push(
    [m.details.tier, facts.tier_name],
    [m.details.total, formatPrice(facts.frozen_total)],
    ...(method ? [[m.details.method, method] as [string, string]] : []),
    [m.details.paymentStatus, status],
    ...facts.people.map(
      (p, i) => [m.caravanPerson(i + 1, statusLabel(p.status)), p.name] as [string, string],
    ),
  );
  const next =
    facts.payment_status === 'paid'
      ? m.caravanPaid
      : facts.payment_status === 'pending' || facts.payment_status === 'analysis'
        ? m.caravanPending
        : m.caravanNotPaid;
  const body: Body = {
    subject: m.subjects.caravanSummary(title, status),
    paragraphs: [m.caravanSummary(title, facts.people.length, formatPrice(facts.frozen_total), status), next],
    details,
    link: { label: m.caravanLink, url: `${siteUrl}/my-registrations/${facts.registration_id}` },
    calendar: null,
  };
  return {
    subject: body.subject,
    text: renderText(firstName, body, siteUrl),
    html: renderHtml(firstName, body, siteUrl),
    link: body.link?.url ?? null,
    attachments: [],
  };
}

/** The confirmation that the account was deleted (the outbox row keeps only the first name's source). */
/** What a guardian_consent row keeps (guardians.service.ts): the link's token and the facts. */
interface GuardianFacts {
  guardian_name: string;
  minor_name: string;
  event_title: string;
  starts_at: string;
  token: string;
}

/** To the guardian of a minor: the registration, what is kept and why, and the link to decide. */
function renderGuardianConsent(facts: GuardianFacts, opts: { siteUrl: string; now?: Date }): RenderedEmail {
  const firstName = facts.guardian_name.trim().split(/\s+/)[0] ?? '';
  const body: Body = {
    subject: `Autorização do responsável: ${facts.event_title}`,
    paragraphs: [
      minorMessages.pageLead(facts.guardian_name, facts.minor_name, facts.event_title),
      'A inscrição de menores de 18 anos precisa da sua autorização. Abra o link para autorizar ou recusar.',
      minorMessages.pageKeeps,
    ],
    details: [
      [m.details.event, facts.event_title],
      [m.details.when, formatLongDateTime(new Date(facts.starts_at), opts.now ?? new Date())],
    ],
    link: { label: 'Autorizar ou recusar', url: `${opts.siteUrl}/responsavel/${facts.token}` },
    calendar: null,
  };
  return {
    subject: body.subject,
    text: renderText(firstName, body, opts.siteUrl),
    html: renderHtml(firstName, body, opts.siteUrl),
    link: body.link?.url ?? null,
    attachments: [],
  };
}

/** What a waitlist_offer row keeps (outbox.ts enqueueWaitlistOffer). */
interface WaitlistOfferFacts {
  member_name: string;
  tier_id: string;
  tier_name: string;
  offer_expires_at: string;
  event: MemberMailFacts['event'];
}

/** To the first person of a waiting list: a place held for them, until when, and the checkout's link. */
function renderWaitlistOffer(
  facts: WaitlistOfferFacts,
  opts: { siteUrl: string; now?: Date },
): RenderedEmail {
  const now = opts.now ?? new Date();
  const firstName = facts.member_name.trim().split(/\s+/)[0] ?? '';
  const until = formatLongDateTime(new Date(facts.offer_expires_at), now);
  const title = facts.event.title;
  const body: Body = {
    subject: waitlistMessages.mailSubject(title),
    paragraphs: [waitlistMessages.mailLead(title, facts.tier_name), waitlistMessages.mailHeld(until)],
    details: [
      [m.details.event, title],
      [m.details.when, formatLongDateTime(new Date(facts.event.starts_at), now)],
      [m.details.tier, facts.tier_name],
      [waitlistMessages.mailUntil, until],
    ],
    link: {
      label: waitlistMessages.mailLink,
      url: `${opts.siteUrl}/checkout/${facts.event.id}/${facts.tier_id}`,
    },
    extra: { label: m.eventLink, url: `${opts.siteUrl}/events/${facts.event.id}` },
    calendar: null,
  };
  return {
    subject: body.subject,
    text: renderText(firstName, body, opts.siteUrl),
    html: renderHtml(firstName, body, opts.siteUrl),
    link: body.link?.url ?? null,
    attachments: [],
  };
}

function renderAccountDeleted(memberName: string, siteUrl: string): RenderedEmail {
  const firstName = memberName.trim().split(/\s+/)[0] ?? '';
  const body: Body = {
    subject: privacyMessages.accountDeletedSubject,
    paragraphs: [...privacyMessages.accountDeletedBody],
    details: [],
    link: { label: privacyMessages.emailFooterPrivacy, url: `${siteUrl}/privacidade` },
    calendar: null,
  };
  return {
    subject: body.subject,
    text: renderText(firstName, body, siteUrl),
    html: renderHtml(firstName, body, siteUrl),
    link: body.link?.url ?? null,
    attachments: [],
  };
}

export function renderText(firstName: string, body: Body, siteUrl: string): string {
  const lines = [m.greeting(firstName), '', ...body.paragraphs.flatMap((p) => [p, ''])];
  for (const [label, value] of body.details) lines.push(`${label}: ${value}`);
  lines.push('');
  if (body.link) lines.push(`${body.link.label}: ${body.link.url}`);
  if (body.extra) lines.push(`${body.extra.label}: ${body.extra.url}`);
  lines.push('', m.footer, `${privacyMessages.emailFooterPrivacy}: ${siteUrl}/privacidade`);
  return `${lines.join('\n')}\n`;
}

export function renderHtml(firstName: string, body: Body, siteUrl: string): string {
  const rows = body.details
    .map(
      ([label, value]) =>
        `<tr><th align="left" style="padding:4px 12px 4px 0;color:#555;font-weight:600">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  const button = body.link
    ? `<p style="margin:24px 0"><a href="${escapeHtml(body.link.url)}" style="background:#1f4fd1;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(body.link.label)}</a></p>`
    : '';
  const extra = body.extra
    ? `<p><a href="${escapeHtml(body.extra.url)}">${escapeHtml(body.extra.label)}</a></p>`
    : '';
  return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(body.subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#222;line-height:1.5;max-width:560px;margin:0 auto;padding:16px">
<p>${escapeHtml(m.greeting(firstName))}</p>
${body.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
<table role="presentation" style="border-collapse:collapse;margin:16px 0">${rows}</table>
${button}${extra}
<p style="color:#777;font-size:12px">${escapeHtml(m.footer)} <a href="${escapeHtml(`${siteUrl}/privacidade`)}" style="color:#777">${escapeHtml(privacyMessages.emailFooterPrivacy)}</a></p>
</body></html>
`;
}
