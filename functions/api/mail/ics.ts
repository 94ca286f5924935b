/**
 * An iCalendar file (RFC 5545) for one event of a registration, in São Paulo time (UTC−3 all year:
 * one STANDARD rule, no daylight saving since 2019). The UID is the registration's, so a later file
 * (SEQUENCE higher) updates the same entry in the member's calendar, and a CANCEL removes it.
 */
import { SAO_PAULO_OFFSET_MS } from '../../../src/domain/events.ts';

export interface CalendarEvent {
  uid: string;
  title: string;
  startsAt: Date;
  endsAt: Date;
  location: string | null;
  description: string;
  url: string;
  /** Bigger for each later version of the same entry. */
  sequence: number;
  cancelled?: boolean;
  now: Date;
}

const two = (n: number) => String(n).padStart(2, '0');

/** 20261201T190000: a moment as São Paulo's wall clock. */
function saoPauloLocal(d: Date): string {
  const l = new Date(d.getTime() + SAO_PAULO_OFFSET_MS);
  return `${l.getUTCFullYear()}${two(l.getUTCMonth() + 1)}${two(l.getUTCDate())}T${two(l.getUTCHours())}${two(l.getUTCMinutes())}${two(l.getUTCSeconds())}`;
}

/** 20261126T100000Z */
function utc(d: Date): string {
  return d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** TEXT values: backslash, semicolon, comma and newlines escaped. */
export function escapeText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

const encoder = new TextEncoder();

/** Lines longer than 75 octets are folded (CRLF + space), never inside a UTF-8 character. */
export function foldLine(line: string): string {
  if (encoder.encode(line).length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let bytes = 0;
  for (const ch of line) {
    const size = encoder.encode(ch).length;
    // the first line has 75 octets; continuation lines 74 after their leading space
    if (bytes + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      bytes = 0;
    }
    current += ch;
    bytes += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export function buildIcs(event: CalendarEvent): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Congrega//Inscricoes//PT-BR',
    'CALSCALE:GREGORIAN',
    `METHOD:${event.cancelled ? 'CANCEL' : 'PUBLISH'}`,
    'BEGIN:VTIMEZONE',
    'TZID:America/Sao_Paulo',
    'BEGIN:STANDARD',
    'DTSTART:19700101T000000',
    'TZOFFSETFROM:-0300',
    'TZOFFSETTO:-0300',
    'TZNAME:-03',
    'END:STANDARD',
    'END:VTIMEZONE',
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${utc(event.now)}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTART;TZID=America/Sao_Paulo:${saoPauloLocal(event.startsAt)}`,
    `DTEND;TZID=America/Sao_Paulo:${saoPauloLocal(event.endsAt)}`,
    `SUMMARY:${escapeText(event.title)}`,
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    `DESCRIPTION:${escapeText(event.description)}`,
    `URL:${event.url}`,
    `STATUS:${event.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
