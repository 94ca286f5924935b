/**
 * Walk-ins and cash at the door (docs/product-spec.md, the door), shared by the door (browser) and
 * the API: the permission `door_sales`; a walk-in (name, CPF or phone, a tier of the event, free or
 * cash received) is admitted at once and queued; a pending cash registration is paid at the door
 * and admitted. Each item has a client UUID: the server applies it once (door_sales.client_id).
 */
import * as v from 'valibot';
import { DEVICE_LABEL, SYNC_BATCH_MAX } from './checkin.ts';

export type { DoorTier } from './checkin.ts';

import { checkinMessages } from './messages/checkin.ts';
import { doorSalesMessages as m } from './messages/door-sales.ts';
import { isValidCpf, isValidPhone, onlyDigits, phoneDigits } from './validation.ts';

/** At most R$ 100.000,00 taken in cash for one person. */
export const DOOR_AMOUNT_MAX = 10_000_000;

/** A walk-in's CPF or phone as typed: which one it is, digits only; null when it is neither. */
export function cpfOrPhone(value: string): { cpf: string } | { phone: string } | null {
  const digits = onlyDigits(value);
  if (digits.length === 11 && isValidCpf(digits)) return { cpf: digits };
  if (isValidPhone(value)) return { phone: phoneDigits(value) };
  return null;
}

const uuid = v.pipe(v.string(), v.uuid(checkinMessages.invalidCode));
const scannedAt = v.pipe(v.string(), v.isoTimestamp(checkinMessages.invalidCode));
const amount = v.pipe(
  v.number(m.amountInvalid),
  v.integer(m.amountInvalid),
  v.minValue(0, m.amountInvalid),
  v.maxValue(DOOR_AMOUNT_MAX, m.amountInvalid),
);
const walkInName = v.pipe(
  v.string(m.nameInvalid),
  v.trim(),
  v.regex(/\S\s+\S/, m.nameInvalid),
  v.maxLength(120, m.nameInvalid),
  v.transform((s) => s.replace(/\s+/g, ' ')),
);

/** A walk-in registered and admitted at the door; `registrationId` is made by the door. */
export const walkInItemSchema = v.pipe(
  v.object({
    kind: v.literal('walk_in'),
    clientId: uuid,
    registrationId: uuid,
    scannedAt,
    sessionId: v.optional(uuid),
    name: walkInName,
    cpf: v.optional(v.pipe(v.string(), v.check(isValidCpf, m.cpfOrPhoneInvalid), v.transform(onlyDigits))),
    phone: v.optional(
      v.pipe(v.string(), v.check(isValidPhone, m.cpfOrPhoneInvalid), v.transform(phoneDigits)),
    ),
    tierId: v.pipe(v.string(), v.uuid(m.tierInvalid)),
    /** centavos received in cash (0: a free tier) */
    amount,
  }),
  v.check((i) => Boolean(i.cpf) !== Boolean(i.phone), m.cpfOrPhoneInvalid),
);
export type WalkInItem = v.InferOutput<typeof walkInItemSchema>;

/** A pending cash registration paid at the door and admitted. */
export const cashItemSchema = v.object({
  kind: v.literal('cash'),
  clientId: uuid,
  registrationId: uuid,
  scannedAt,
  sessionId: v.optional(uuid),
  amount,
});
export type CashItem = v.InferOutput<typeof cashItemSchema>;

export type DoorSaleItem = WalkInItem | CashItem;

/** POST /v1/admin/checkin/door-sales (permissions `checkin` and `door_sales`) */
export const doorSalesBodySchema = v.object({
  eventId: uuid,
  device: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(60, checkinMessages.deviceInvalid),
      v.regex(DEVICE_LABEL, checkinMessages.deviceInvalid),
    ),
    '',
  ),
  items: v.pipe(
    v.array(v.variant('kind', [walkInItemSchema, cashItemSchema], checkinMessages.invalidCode)),
    v.minLength(1),
    v.maxLength(SYNC_BATCH_MAX),
  ),
});
export type DoorSalesBody = v.InferInput<typeof doorSalesBodySchema>;
