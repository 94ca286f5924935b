import { sql } from 'kysely';
import {
  ADMIN_ACTION_TARGET,
  ADMIN_CONFIRMATIONS_PAGE_SIZE,
  type AdminAction,
  type AdminConfirmationEvent,
  type AdminConfirmationFilter,
  type AdminConfirmationPage,
  paidWithMoney,
} from '../../../../src/domain/admin-registrations.ts';
import { adminRegistrationsMessages } from '../../../../src/domain/messages/admin-registrations.ts';
import { qb, run } from '../../db/kysely.ts';
import { conflict, invalidData } from '../../lib/errors.ts';
import { iso, isoOrNull } from '../../lib/rows.ts';
import type { Db } from '../../ports/db.ts';
import { transitionConfirmation } from '../confirmations/confirmation-transitions.ts';

/** Where a page ends: the last row's sort name and confirmation id. */
interface Cursor {
  name: string;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function encodeCursor(cursor: Cursor): string {
  const bytes = new TextEncoder().encode(JSON.stringify([cursor.name, cursor.id]));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

/** The cursor a previous page handed out; anything else is 400 (never a 500). */
export function decodeCursor(text: string): Cursor {
  try {
    const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
    const parsed: unknown = JSON.parse(
      new TextDecoder().decode(Uint8Array.from(binary, (ch) => ch.charCodeAt(0))),
    );
    if (
      Array.isArray(parsed) &&
      parsed.length === 2 &&
      typeof parsed[0] === 'string' &&
      typeof parsed[1] === 'string' &&
      UUID.test(parsed[1])
    ) {
      return { name: parsed[0], id: parsed[1] };
    }
  } catch {
    // falls through to the 400
  }
  throw invalidData(adminRegistrationsMessages.invalidCursor);
}

/** `like` pattern for a text inside a column, with the text's own wildcards taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * The list's order: the person's name without case or accents ('Ângela' with the a's), compared
 * byte by byte so every database and driver agrees; a user without a profile sorts first.
 */
const sortName = sql<string>`coalesce(p.search_name, '')`;

/**
 * The statement behind the list: one row per payment attempt with its registration, event, tier,
 * person, congregation and voucher, filtered, sorted by name then id, one page past the cursor.
 */
export function adminConfirmationsQuery(
  filter: AdminConfirmationFilter,
  after: Cursor | null,
  limit: number,
) {
  let select = qb
    .selectFrom('registration_confirmations as c')
    .innerJoin('registrations as r', 'r.id', 'c.registration_id')
    .innerJoin('events as e', 'e.id', 'r.event_id')
    .innerJoin('pricing_tiers as t', 't.id', 'r.tier_id')
    .leftJoin('profiles as p', 'p.id', 'r.user_id')
    .leftJoin('temples as tp', 'tp.id', 'p.temple_id')
    .leftJoin('vouchers as v', 'v.id', 'c.voucher_id')
    .select([
      'c.id',
      'c.strategy',
      'c.status',
      'c.created_at',
      'c.expires_at',
      sql<string | null>`c.response_data->>'reason'`.as('reason'),
      sql<string | null>`c.request_data->>'receipt'`.as('receipt_path'),
      'v.code as voucher_code',
      'r.id as registration_id',
      'r.seq',
      'r.frozen_value',
      'r.status as registration_status',
      'e.id as event_id',
      'e.title as event_title',
      't.id as tier_id',
      't.name as tier_name',
      'r.user_id',
      sortName.as('sort_name'),
      // a caravan guest's registration (held by the leader's account): the guest's name and e-mail
      sql<string>`coalesce(r.guest_name, p.name, '')`.as('user_name'),
      sql<string>`case when r.guest_name is null then coalesce(p.email, '') else coalesce(r.guest_email, '') end`.as(
        'user_email',
      ),
      sql<string | null>`case when r.group_id is null then null
        else (select coalesce(lp.name, '') from public.registration_groups g
                left join public.profiles lp on lp.id = g.leader_id where g.id = r.group_id) end`.as(
        'caravan_leader',
      ),
      'p.phone as user_phone',
      'tp.name as temple_name',
      // the member deleted their account (a caravan guest is another person): no badge to print
      sql<boolean>`(p.deleted_at is not null and r.guest_name is null)`.as('account_deleted'),
      // money that went back out: the record, with who did it
      sql<{
        amount: number;
        kind: 'refund' | 'chargeback';
        method: 'mercadopago' | 'manual';
        origin: 'member' | 'staff' | 'provider';
        by_name: string | null;
        created_at: string;
      } | null>`(select jsonb_build_object('amount', rf.amount, 'kind', rf.kind, 'method', rf.method,
          'origin', rf.origin, 'by_name', bp.name, 'created_at', rf.created_at)
          from public.refunds rf left join public.profiles bp on bp.id = rf.created_by
         where rf.confirmation_id = c.id)`.as('refund'),
    ])
    .orderBy(sortName)
    .orderBy('c.id')
    .limit(limit);
  if (filter.status) select = select.where('c.status', '=', filter.status);
  if (filter.paymentMethod) select = select.where('c.strategy', '=', filter.paymentMethod);
  if (filter.eventId) select = select.where('r.event_id', '=', filter.eventId);
  if (filter.text) {
    const pattern = containsPattern(filter.text);
    select = select.where((eb) =>
      eb.or([
        eb('p.search_name', 'like', sql<string>`public.search_fold(${pattern})`),
        eb('p.email', 'ilike', pattern),
        eb('r.guest_name', 'ilike', pattern),
      ]),
    );
  }
  if (after) {
    select = select.where(sql<boolean>`(${sortName}, c.id) > (${after.name} collate "C", ${after.id}::uuid)`);
  }
  return select;
}

/** A page of the staff list (product-spec.md §2 'Inscrições'): filtered, sorted by the member's name. */
export async function listAdminConfirmations(
  db: Db,
  filter: AdminConfirmationFilter,
  cursor: string | undefined,
  size: number = ADMIN_CONFIRMATIONS_PAGE_SIZE,
): Promise<AdminConfirmationPage> {
  const after = cursor ? decodeCursor(cursor) : null;
  const rows = await run(db, adminConfirmationsQuery(filter, after, size + 1));
  const page = rows.slice(0, size);
  const last = page.at(-1);
  return {
    items: page.map((r) => ({
      id: r.id,
      strategy: r.strategy as AdminConfirmationPage['items'][number]['strategy'],
      status: r.status as AdminConfirmationPage['items'][number]['status'],
      created_at: iso(r.created_at),
      expires_at: isoOrNull(r.expires_at),
      reason: r.reason,
      voucher_code: r.voucher_code,
      receipt_path: r.receipt_path,
      registration: {
        id: r.registration_id,
        seq: r.seq.trim(),
        frozen_value: r.frozen_value,
        status: r.registration_status as AdminConfirmationPage['items'][number]['status'],
      },
      event: { id: r.event_id, title: r.event_title },
      tier: { id: r.tier_id, name: r.tier_name },
      caravan: r.caravan_leader === null ? null : { leader_name: r.caravan_leader },
      refund: r.refund
        ? { ...r.refund, amount: Number(r.refund.amount), created_at: iso(r.refund.created_at) }
        : null,
      user: {
        id: r.user_id,
        name: r.user_name,
        email: r.user_email,
        phone: r.user_phone,
        temple_name: r.temple_name,
        account_deleted: r.account_deleted,
      },
    })),
    nextCursor: rows.length > size && last ? encodeCursor({ name: last.sort_name, id: last.id }) : null,
  };
}

/** Events that have registrations, newest first: the list's event filter. */
export async function listConfirmationEvents(db: Db): Promise<AdminConfirmationEvent[]> {
  const rows = await run(
    db,
    qb
      .selectFrom('events as e')
      .select(['e.id', 'e.title', 'e.starts_at'])
      .where((eb) =>
        eb.exists(eb.selectFrom('registrations as r').select('r.id').whereRef('r.event_id', '=', 'e.id')),
      )
      .orderBy('e.starts_at', 'desc')
      .limit(200),
  );
  return rows.map((r) => ({ id: r.id, title: r.title, starts_at: iso(r.starts_at) }));
}

/**
 * A staff decision on one attempt, through the one transition function (row locks, the domain's
 * allowed moves — 409 INVALID_TRANSITION otherwise —, the reason kept, the place back once).
 */
export async function applyStaffDecision(
  db: Db,
  id: string,
  action: Exclude<AdminAction, 'refund'>,
  reviewerId: string,
  reason?: string,
) {
  const result = await transitionConfirmation(db, {
    confirmationId: id,
    to: ADMIN_ACTION_TARGET[action],
    reason: reason ?? null,
    reviewedBy: reviewerId,
    guard: (locked) => {
      // the place never returns without a record of the money: 'Reembolsar' (refunds.service.ts)
      if (action === 'cancel' && paidWithMoney(locked.confirmation)) throw conflict('PAID_NEEDS_REFUND');
    },
  });
  return {
    id: result.confirmation.id,
    status: result.confirmation.status,
    registration: { id: result.registration.id, status: result.registration.status },
    changed: result.changed,
  };
}
