/**
 * Rows for checkout and confirmation tests on a bare migrated database (PGlite or PostgreSQL):
 * users, an event with a tier, registrations with a first attempt. Tests only.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../ports/db.ts';

export async function makeUsers(db: Db, count: number): Promise<string[]> {
  const ids = Array.from({ length: count }, () => randomUUID());
  await db.query(
    `insert into auth.users (id, email) select id, id::text || '@teste.local' from unnest($1::uuid[]) as id`,
    [ids],
  );
  // each with a completed profile (CPF, WhatsApp, congregation): checkout requires one
  await db.query(
    `insert into public.profiles (id, name, email, phone, cpf, other_church)
     select id, 'Pessoa ' || left(id::text, 8), id::text || '@teste.local', '11987654321',
            lpad((floor(random() * 1e11))::bigint::text, 11, '0'), 'Igreja de teste'
       from unnest($1::uuid[]) as id`,
    [ids],
  );
  return ids;
}

export interface EventFixture {
  eventId: string;
  tierId: string;
}

/** An event in 10 days with one tier (`total` null = unlimited). */
export async function makeEvent(
  db: Db,
  opts: {
    total?: number | null;
    price?: number;
    methods?: string[];
    restricted?: string[];
    startsAt?: Date;
    tierName?: string;
    tierStartsAt?: Date | null;
    tierEndsAt?: Date | null;
    paymentLink?: string | null;
  } = {},
): Promise<EventFixture> {
  const eventId = randomUUID();
  const tierId = randomUUID();
  const startsAt = opts.startsAt ?? new Date(Date.now() + 10 * 86_400_000);
  await db.query(
    `insert into public.events (id, title, starts_at, allowed_payment_methods) values ($1, 'Evento de teste', $2, $3)`,
    [eventId, startsAt.toISOString(), opts.methods ?? ['cash', 'file', 'link', 'voucher']],
  );
  await db.query(
    `insert into public.pricing_tiers (id, event_id, name, price, total, restricted_payment_methods, starts_at, ends_at, payment_link)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      tierId,
      eventId,
      opts.tierName ?? 'Lote teste',
      opts.price ?? 1000,
      opts.total === undefined ? null : opts.total,
      opts.restricted ?? [],
      opts.tierStartsAt?.toISOString() ?? null,
      opts.tierEndsAt?.toISOString() ?? null,
      opts.paymentLink ?? null,
    ],
  );
  return { eventId, tierId };
}

/**
 * A registration holding a place (the tier's `available` is decreased as a checkout would) with its
 * first attempt; answers both ids.
 */
export async function makeRegistration(
  db: Db,
  fx: EventFixture,
  userId: string,
  opts: { strategy?: string; status?: string } = {},
): Promise<{ registrationId: string; confirmationId: string }> {
  const status = opts.status ?? 'pending';
  return db.transaction(async (tx) => {
    if (['pending', 'analysis', 'paid'].includes(status)) {
      await tx.query(
        'update public.pricing_tiers set available = available - 1 where id = $1 and total is not null',
        [fx.tierId],
      );
    }
    const [reg] = await tx.query<{ id: string }>(
      `insert into public.registrations (user_id, tier_id, event_id, frozen_value, status)
       values ($1, $2, $3, 1000, $4) returning id`,
      [userId, fx.tierId, fx.eventId, status],
    );
    const [conf] = await tx.query<{ id: string }>(
      `insert into public.registration_confirmations (registration_id, strategy, status)
       values ($1, $2, $3) returning id`,
      [reg!.id, opts.strategy ?? 'cash', status],
    );
    return { registrationId: reg!.id, confirmationId: conf!.id };
  });
}

export async function tierAvailable(db: Db, tierId: string): Promise<number | null> {
  const [row] = await db.query<{ available: number | null }>(
    'select available from public.pricing_tiers where id = $1',
    [tierId],
  );
  return row!.available;
}
