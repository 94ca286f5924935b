/**
 * Demo data of checkout: vouchers to try (printed in the README), a tier with few places, and a
 * pending cash registration of membro@ (to cancel from /my-registrations). Runs inside the demo
 * seed's transaction, after the events and tiers.
 */
import type { Db } from '../../functions/api/ports/db.ts';
import type { SeedContext } from '../seed-context.ts';
import { DEMO_EVENTS, DEMO_TIERS, DEMO_USERS } from './demo.ts';

/** Demo vouchers: code as typed (XXXX-XXXX), stored lower-case without the dash. */
export const DEMO_VOUCHERS = {
  /** any tier of any event */
  welcome: { id: '3c5e7a9b-1d2f-4a6c-8e0a-900000000001', code: 'BEMV-INDO' },
  /** any tier of the conference */
  conference: { id: '3c5e7a9b-1d2f-4a6c-8e0a-900000000002', code: 'CONF-2026' },
  /** the conference's 'Lote Caravana' only */
  caravan: { id: '3c5e7a9b-1d2f-4a6c-8e0a-900000000003', code: 'CARA-VANA' },
  /** already used: always 'Voucher inválido...' */
  used: { id: '3c5e7a9b-1d2f-4a6c-8e0a-900000000004', code: 'USAD-O001' },
} as const;

/** The later event's tier with few places (2): sells out in a demo. */
export const DEMO_FEW_PLACES_TIER = {
  id: 'f1b3d5e7-2a4c-4e6a-8b0d-e00000000019',
  eventId: DEMO_EVENTS.later.id,
  name: 'Lote Relâmpago',
  price: 1500,
  total: 2,
} as const;

/** membro@'s pending cash registration on the later event ('Casal'). */
export const DEMO_PENDING_CASH = {
  id: '9b2d4f6a-8c0e-4a2c-8e4a-f00000000003',
  confirmationId: '9b2d4f6a-8c0e-4a2c-8e4a-f00000000004',
  seq: '318274',
  tierId: DEMO_TIERS.laterCouple.id,
  eventId: DEMO_EVENTS.later.id,
} as const;

const code = (shown: string) => shown.replace('-', '').toLowerCase();

export async function seedCheckout(tx: Db, ctx: SeedContext): Promise<void> {
  const at = (offsetMs: number) => new Date(ctx.now.getTime() + offsetMs).toISOString();
  const v = DEMO_VOUCHERS;
  await tx.query(
    `insert into public.vouchers (id, code, event_id, tier_id, description, used_at, used_by) values
       ($1, $2, null, null, 'Voucher de boas-vindas (qualquer evento)', null, null),
       ($3, $4, $5, null, 'Voucher da Conferência Jovem', null, null),
       ($6, $7, $8, $9, 'Voucher das caravanas', null, null),
       ($10, $11, null, null, 'Voucher já usado', $12, $13)`,
    [
      v.welcome.id,
      code(v.welcome.code),
      v.conference.id,
      code(v.conference.code),
      DEMO_EVENTS.conference.id,
      v.caravan.id,
      code(v.caravan.code),
      DEMO_EVENTS.conference.id,
      DEMO_TIERS.conferenceCaravan.id,
      v.used.id,
      code(v.used.code),
      at(-2 * 86_400_000),
      DEMO_USERS.admin.id,
    ],
  );
  const few = DEMO_FEW_PLACES_TIER;
  await tx.query(
    `insert into public.pricing_tiers (id, event_id, name, description, price, "order", total, available)
     values ($1, $2, $3, 'Poucas vagas: garanta a sua!', $4, 2, $5, $5)`,
    [few.id, few.eventId, few.name, few.price, few.total],
  );
  const cash = DEMO_PENDING_CASH;
  await tx.query(
    `update public.pricing_tiers set available = available - 1 where id = $1 and total is not null`,
    [cash.tierId],
  );
  await tx.query(
    `insert into public.registrations (id, seq, user_id, tier_id, event_id, frozen_value, status, created_at)
     values ($1, $2, $3, $4, $5, $6, 'pending', $7)`,
    [
      cash.id,
      cash.seq,
      DEMO_USERS.membro.id,
      cash.tierId,
      cash.eventId,
      DEMO_TIERS.laterCouple.price,
      at(-86_400_000),
    ],
  );
  await tx.query(
    `insert into public.registration_confirmations (id, registration_id, strategy, status, created_at)
     values ($1, $2, 'cash', 'pending', $3)`,
    [cash.confirmationId, cash.id, at(-86_400_000)],
  );
}
