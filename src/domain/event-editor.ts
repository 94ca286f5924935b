/**
 * What staff write with the event editor (product-spec.md §3, §5): events, venues, speakers, tags, pricing
 * tiers and voucher batches, as valibot schemas shared by the editor's forms and the API. The API
 * bodies take ISO timestamps and centavos; the forms take what people type (DD/MM/YYYY HH:mm, R$)
 * and their schemas turn it into the same bodies, through the same field rules. Pure.
 */
import * as v from 'valibot';
import { DEFAULT_TAG_COLOR } from './colors.ts';
import { SAO_PAULO_OFFSET_MS } from './events.ts';
import { editorValidation as e } from './messages/editor.ts';
import { validationMessages as m } from './messages/validation.ts';
import { DEFAULT_WITHDRAWAL_DAYS, MAX_WITHDRAWAL_DAYS } from './refunds.ts';
import { PAYMENT_METHODS } from './types.ts';

// ───────────────────────────── dates ─────────────────────────────

const BR_DATE_TIME = /^(\d{2})\/(\d{2})\/(20\d{2})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * 'DD/MM/YYYY', 'DD/MM/YYYY HH:mm' or 'DD/MM/YYYY HH:mm:ss' (year 20xx, product-spec.md §5) in São Paulo time
 * → ISO timestamp; null when it is not a real date in that shape.
 */
export function parseBrDateTime(text: string): string | null {
  const match = BR_DATE_TIME.exec(text.trim());
  if (!match) return null;
  const [day, month, year, hour = 0, minute = 0, second = 0] = match.slice(1).map((x) => Number(x ?? 0));
  if (hour > 23 || minute > 59 || second > 59) return null;
  const utc = Date.UTC(year!, month! - 1, day!, hour, minute, second);
  const check = new Date(utc);
  if (check.getUTCDate() !== day || check.getUTCMonth() !== month! - 1) return null;
  return new Date(utc - SAO_PAULO_OFFSET_MS).toISOString();
}

/** ISO timestamp → 'DD/MM/YYYY HH:mm' in São Paulo time (seconds shown only when not zero). */
export function formatBrDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(new Date(iso).getTime() + SAO_PAULO_OFFSET_MS);
  const two = (n: number) => String(n).padStart(2, '0');
  const base = `${two(d.getUTCDate())}/${two(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
  return d.getUTCSeconds() ? `${base}:${two(d.getUTCSeconds())}` : base;
}

/** The calendar date of an ISO timestamp exists (no 30 February) and its year is 20xx. */
function isRealIsoDate(s: string): boolean {
  const match = /^(20\d{2})-(\d{2})-(\d{2})/.exec(s);
  if (!match || Number.isNaN(Date.parse(s))) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

/** An ISO timestamp of the years 2000–2099 (what the forms' dates become). */
export const isoDateSchema = v.pipe(
  v.string(m.date),
  v.isoTimestamp(m.date),
  v.check(isRealIsoDate, m.date),
  v.transform((s) => new Date(s).toISOString()),
);
const optionalIsoDate = v.optional(v.nullable(isoDateSchema), null);

/** A typed start date (product-spec.md §5): DD/MM/YYYY or DD/MM/YYYY HH:mm(:ss), year 20xx → ISO. */
export const brDateTimeSchema = v.pipe(
  v.string(m.date),
  v.trim(),
  v.nonEmpty(m.date),
  v.check((s) => parseBrDateTime(s) !== null, m.date),
  v.transform((s) => parseBrDateTime(s) as string),
);
/** The same, empty allowed (→ null). */
export const optionalBrDateTimeSchema = v.pipe(
  v.optional(v.string(m.date), ''),
  v.trim(),
  v.check((s) => s === '' || parseBrDateTime(s) !== null, m.date),
  v.transform((s) => (s === '' ? null : parseBrDateTime(s))),
);

// ───────────────────────────── shared fields ─────────────────────────────

/** Required text; a missing key reads as empty, so it gets the field's own message. */
const requiredText = (message: string, max = 200) =>
  v.pipe(v.optional(v.string(message), ''), v.trim(), v.nonEmpty(message), v.maxLength(max, e.tooLong(max)));

/** Free text, '' and missing stored as null. */
const optionalText = (max: number) =>
  v.pipe(
    v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(max, e.tooLong(max))))),
    v.transform((s) => (s ? s : null)),
  );

/** An https:// link (external redirect, payment link); '' and missing are null. */
export const optionalHttpsUrlSchema = v.pipe(
  v.optional(v.nullable(v.pipe(v.string(e.https), v.trim(), v.maxLength(2000, e.tooLong(2000))))),
  v.transform((s) => (s ? s : null)),
  v.check((s) => s === null || isHttpsUrl(s), e.https),
);

export function isHttpsUrl(value: string): boolean {
  if (!/^https:\/\/[^\s/?#]+(?:[/?#]\S*)?$/i.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '';
  } catch {
    return false;
  }
}

/** A storage path of the public `images` bucket as the upload answers it (events/… or speakers/…). */
export const IMAGE_PATH = /^(events|speakers|venues)\/[A-Za-z0-9][A-Za-z0-9._-]{0,120}$/;
const optionalImagePath = v.pipe(
  v.optional(v.nullable(v.union([v.literal(''), v.pipe(v.string(), v.regex(IMAGE_PATH))]))),
  v.transform((s) => (s ? s : null)),
);

const uuid = v.pipe(v.string(), v.uuid());
const uuidList = v.pipe(
  v.optional(v.array(uuid), []),
  v.maxLength(50),
  v.transform((ids) => [...new Set(ids)]),
);
const paymentMethods = v.pipe(
  v.optional(v.array(v.picklist(PAYMENT_METHODS)), []),
  v.transform((list) => [...new Set(list)]),
);

/** A coordinate typed ('-22,9'), pasted or found by the geocoder; required (product-spec.md §5). */
const coordinate = (min: number, max: number, message: string) =>
  v.pipe(
    // a missing key reads as '' and gets the 'required' message
    v.optional(
      v.union(
        [
          v.number(e.latLng),
          v.pipe(
            v.string(e.latLng),
            v.trim(),
            v.nonEmpty(e.latLng),
            v.transform((s) => Number(s.replace(',', '.'))),
          ),
        ],
        e.latLng,
      ),
      '',
    ),
    v.check((n: number) => Number.isFinite(n), e.latLng),
    v.minValue(min, message),
    v.maxValue(max, message),
  );

// ───────────────────────────── venues, speakers, tags ─────────────────────────────

/** Venue (product-spec.md §5): name, address, lat and lng required; lat/lng numbers. */
export const venueSchema = v.object({
  id: v.optional(uuid),
  name: requiredText(e.nameRequired, 120),
  address: requiredText(m.addressRequired, 300),
  lat: coordinate(-90, 90, e.lat),
  lng: coordinate(-180, 180, e.lng),
  image: optionalImagePath,
  room: optionalText(120),
});
export type VenueInput = v.InferInput<typeof venueSchema>;
export type VenueBody = v.InferOutput<typeof venueSchema>;

/** Speaker (product-spec.md §5): name required. */
export const speakerSchema = v.object({
  id: v.optional(uuid),
  name: requiredText(e.nameRequired, 120),
  details: optionalText(2000),
  image: optionalImagePath,
});
export type SpeakerInput = v.InferInput<typeof speakerSchema>;
export type SpeakerBody = v.InferOutput<typeof speakerSchema>;

export const HEX_COLOR = /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

/** Tag (product-spec.md §5): name required; colour a hex of 3 or 6 digits, default #3080d4. */
export const tagSchema = v.object({
  id: v.optional(uuid),
  name: requiredText(e.nameRequired, 60),
  color: v.pipe(
    v.optional(v.string(e.color), DEFAULT_TAG_COLOR),
    v.trim(),
    v.transform((s) => (s === '' ? DEFAULT_TAG_COLOR : s)),
    v.regex(HEX_COLOR, e.color),
    v.toLowerCase(),
  ),
});
export type TagInput = v.InferInput<typeof tagSchema>;
export type TagBody = v.InferOutput<typeof tagSchema>;

// ───────────────────────────── events ─────────────────────────────

/** The fields an event body and the event form share (everything but the dates). */
const eventFields = {
  title: requiredText(e.titleRequired, 200),
  description: optionalText(100_000),
  details: optionalText(4000),
  image: optionalImagePath,
  registration_policy: v.optional(v.picklist(['open', 'allows', 'requires']), 'requires'),
  checkin_policy: v.optional(v.picklist(['requires', 'none']), 'none'),
  external_redirect: optionalHttpsUrlSchema,
  allowed_payment_methods: paymentMethods,
  force_upcoming: v.optional(v.boolean(), false),
  // the right of withdrawal (src/domain/refunds.ts): digits as typed, or a number
  withdrawal_days: v.pipe(
    v.optional(v.union([v.number(), v.string()]), DEFAULT_WITHDRAWAL_DAYS),
    v.transform((x) =>
      typeof x === 'string' ? (x.trim() === '' ? DEFAULT_WITHDRAWAL_DAYS : Number(x.trim())) : x,
    ),
    v.number(e.withdrawalDays),
    v.integer(e.withdrawalDays),
    v.minValue(0, e.withdrawalDays),
    v.maxValue(MAX_WITHDRAWAL_DAYS, e.withdrawalDays),
  ),
  parent_id: v.pipe(
    v.optional(v.nullable(v.union([v.literal(''), uuid]))),
    v.transform((s) => (s ? s : null)),
  ),
  // product-spec.md §5: venue required
  venue_ids: v.pipe(uuidList, v.minLength(1, e.venueRequired)),
  speaker_ids: uuidList,
  tag_ids: uuidList,
};

type Window = { checkin_starts_at: string | null; checkin_ends_at: string | null };
const windowInOrder = (x: Window) =>
  x.checkin_starts_at === null ||
  x.checkin_ends_at === null ||
  Date.parse(x.checkin_ends_at) >= Date.parse(x.checkin_starts_at);

/** POST/PUT /v1/admin/events body: the event with its venues, speakers and tags (in order). */
export const eventBodySchema = v.pipe(
  v.object(
    {
      ...eventFields,
      starts_at: isoDateSchema,
      checkin_starts_at: optionalIsoDate,
      checkin_ends_at: optionalIsoDate,
    },
    m.required,
  ),
  v.forward(v.partialCheck([['checkin_starts_at'], ['checkin_ends_at']], windowInOrder, e.checkinWindow), [
    'checkin_ends_at',
  ]),
);
export type EventBodyInput = v.InferInput<typeof eventBodySchema>;
export type EventBody = v.InferOutput<typeof eventBodySchema>;

/** The event form: dates as typed (DD/MM/YYYY HH:mm), output is the API body. */
export const eventFormSchema = v.pipe(
  v.object(
    {
      ...eventFields,
      starts_at: brDateTimeSchema,
      checkin_starts_at: optionalBrDateTimeSchema,
      checkin_ends_at: optionalBrDateTimeSchema,
    },
    m.required,
  ),
  v.forward(v.partialCheck([['checkin_starts_at'], ['checkin_ends_at']], windowInOrder, e.checkinWindow), [
    'checkin_ends_at',
  ]),
);
export type EventFormInput = v.InferInput<typeof eventFormSchema>;

// ───────────────────────────── tiers ─────────────────────────────

/** A place count: a whole number from 0, or null for no limit. */
const totalSchema = v.pipe(
  v.optional(v.nullable(v.union([v.number(e.total), v.pipe(v.string(e.total), v.trim())], e.total)), null),
  v.transform((x) => (x === '' || x === null ? null : typeof x === 'number' ? x : Number(x))),
  v.check((x) => x === null || (Number.isInteger(x) && x >= 0 && x <= 1_000_000), e.total),
);

const tierFields = {
  name: requiredText(e.nameRequired, 120),
  description: optionalText(2000),
  total: totalSchema,
  restricted_payment_methods: paymentMethods,
  custom_pix_key: optionalText(200),
  payment_link: optionalHttpsUrlSchema,
  /** only staff register people on it (the desk's signup), e.g. the volunteers' tier */
  staff_only: v.optional(v.boolean(), false),
  /** sold only at the door (walk-ins): never offered online, on the event page or to a caravan */
  door_only: v.optional(v.boolean(), false),
};

type TierWindow = { starts_at: string | null; ends_at: string | null };
const tierWindowInOrder = (x: TierWindow) =>
  x.starts_at === null || x.ends_at === null || Date.parse(x.ends_at) >= Date.parse(x.starts_at);

/** POST /v1/admin/events/:id/tiers and PUT …/tiers/:tierId: price in centavos. */
export const tierBodySchema = v.pipe(
  v.object(
    {
      ...tierFields,
      price: v.pipe(
        v.number(e.price),
        v.integer(e.price),
        v.minValue(0, e.price),
        v.maxValue(100_000_000, e.price),
      ),
      starts_at: optionalIsoDate,
      ends_at: optionalIsoDate,
    },
    m.required,
  ),
  v.forward(v.partialCheck([['starts_at'], ['ends_at']], tierWindowInOrder, e.tierWindow), ['ends_at']),
);
export type TierBodyInput = v.InferInput<typeof tierBodySchema>;
export type TierBody = v.InferOutput<typeof tierBodySchema>;

/** 'R$ 1.234,56', '25', '25,5' → centavos; null when it is not a price. */
export function parsePrice(text: string): number | null {
  const clean = text.replace(/R\$|\s/g, '');
  if (!/^\d{1,3}(\.\d{3})*(,\d{1,2})?$|^\d+(,\d{1,2})?$/.test(clean)) return null;
  const [whole = '0', cents = ''] = clean.replace(/\./g, '').split(',');
  return Number(whole) * 100 + Number(cents.padEnd(2, '0'));
}

/** Centavos → '25,00' (what the price field shows). */
export function formatPriceInput(centavos: number): string {
  return `${Math.floor(centavos / 100)},${String(centavos % 100).padStart(2, '0')}`;
}

/** The tier form: price as typed in reais, dates as typed; output is the API body. */
export const tierFormSchema = v.pipe(
  v.object(
    {
      ...tierFields,
      price: v.pipe(
        v.string(e.price),
        v.trim(),
        v.check((s) => parsePrice(s === '' ? '0' : s) !== null, e.price),
        v.transform((s) => parsePrice(s === '' ? '0' : s) as number),
      ),
      starts_at: optionalBrDateTimeSchema,
      ends_at: optionalBrDateTimeSchema,
    },
    m.required,
  ),
  v.forward(v.partialCheck([['starts_at'], ['ends_at']], tierWindowInOrder, e.tierWindow), ['ends_at']),
);
export type TierFormInput = v.InferInput<typeof tierFormSchema>;

/** PUT /v1/admin/events/:id/tiers/order: every tier id of the event, in the new order. */
export const tierOrderSchema = v.object({ ids: v.pipe(v.array(uuid), v.minLength(1), v.maxLength(100)) });

// ───────────────────────────── vouchers, files, lists ─────────────────────────────

export const MAX_VOUCHERS_PER_BATCH = 500;

/** POST /v1/admin/events/:id/vouchers: a batch for one tier. */
export const voucherBatchSchema = v.object({
  tier_id: uuid,
  count: v.pipe(
    v.union(
      [v.number(e.voucherCount), v.pipe(v.string(e.voucherCount), v.transform(Number))],
      e.voucherCount,
    ),
    v.integer(e.voucherCount),
    v.minValue(1, e.voucherCount),
    v.maxValue(MAX_VOUCHERS_PER_BATCH, e.voucherCount),
  ),
  description: optionalText(200),
});
export type VoucherBatchInput = v.InferInput<typeof voucherBatchSchema>;

/** GET /v1/admin/events: search text and upcoming (default) or past. */
export const adminEventsQuerySchema = v.object({
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(120)), ''),
  when: v.optional(v.picklist(['upcoming', 'past']), 'upcoming'),
});

/** POST /v1/admin/events/:id/duplicate: the copy starts this many days later (default 7). */
export const duplicateEventSchema = v.object({
  shift_days: v.optional(v.pipe(v.number(), v.integer(), v.minValue(-3660), v.maxValue(3660)), 7),
});

/** A name for an uploaded event file. */
export const eventFileNameSchema = requiredText(e.fileName, 120);
