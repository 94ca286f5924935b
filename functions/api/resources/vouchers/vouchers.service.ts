/**
 * Vouchers of an event, generated in batches for one of its tiers: 8 random characters from the
 * unambiguous alphabet (src/domain/voucher-codes.ts), stored lower-case, unique across the table
 * (a collision is simply drawn again). Listed with who used them, and exported as CSV.
 */
import { formatDateTime } from '../../../../src/domain/dates.ts';
import { editorMessages } from '../../../../src/domain/messages/editor.ts';
import { formatVoucher } from '../../../../src/domain/registrations.ts';
import { voucherCodeFrom } from '../../../../src/domain/voucher-codes.ts';
import { qb, run, runOneOrNull } from '../../db/kysely.ts';
import { ApiHttpError } from '../../lib/errors.ts';
import { iso, isoOrNull } from '../../lib/rows.ts';
import type { Db } from '../../ports/db.ts';

export interface VoucherRow {
  id: string;
  code: string;
  tier_id: string | null;
  tier_name: string | null;
  description: string | null;
  created_at: string;
  used_at: string | null;
  used_by_name: string | null;
  used_by_email: string | null;
}

/** A fresh random code (Web Crypto: the same on Deno, Node and browsers). */
export function randomVoucherCode(): string {
  for (;;) {
    const code = voucherCodeFrom(crypto.getRandomValues(new Uint8Array(16)));
    if (code) return code;
  }
}

/** Generates `count` vouchers for a tier of the event; answers the new codes. */
export async function generateVouchers(
  db: Db,
  input: { eventId: string; tierId: string; count: number; description: string | null; createdBy: string },
  nextCode: () => string = randomVoucherCode,
): Promise<string[]> {
  const tier = await runOneOrNull(
    db,
    qb
      .selectFrom('pricing_tiers as t')
      .innerJoin('events as e', 'e.id', 't.event_id')
      .select('t.id')
      .where('t.id', '=', input.tierId)
      .where('t.event_id', '=', input.eventId)
      .where('e.deleted_at', 'is', null),
  );
  if (!tier) throw new ApiHttpError(404, 'TIER_NOT_FOUND');
  const created: string[] = [];
  // a batch of 500 collides with nothing in practice; the bound only stops a broken generator
  for (let round = 0; created.length < input.count && round < 20; round++) {
    const codes = [...new Set(Array.from({ length: input.count - created.length }, nextCode))];
    const rows = await run(
      db,
      qb
        .insertInto('vouchers')
        .values(
          codes.map((code) => ({
            code,
            event_id: input.eventId,
            tier_id: input.tierId,
            description: input.description,
            created_by: input.createdBy,
          })),
        )
        .onConflict((oc) => oc.column('code').doNothing())
        .returning('code'),
    );
    created.push(...rows.map((r) => r.code));
  }
  return created;
}

/** The event's vouchers, newest first, with who used each. */
export async function listVouchers(db: Db, eventId: string): Promise<VoucherRow[]> {
  const rows = await run(
    db,
    qb
      .selectFrom('vouchers as v')
      .leftJoin('pricing_tiers as t', 't.id', 'v.tier_id')
      .leftJoin('profiles as p', 'p.id', 'v.used_by')
      .select([
        'v.id',
        'v.code',
        'v.tier_id',
        't.name as tier_name',
        'v.description',
        'v.created_at',
        'v.used_at',
        'p.name as used_by_name',
        'p.email as used_by_email',
      ])
      .where('v.event_id', '=', eventId)
      .orderBy('v.created_at', 'desc')
      .orderBy('v.code'),
  );
  return rows.map((r) => ({ ...r, created_at: iso(r.created_at), used_at: isoOrNull(r.used_at) }));
}

/** One CSV field: quoted when needed; a leading = + - @ is defused for spreadsheets. */
function csvField(value: string | null): string {
  let text = value ?? '';
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The vouchers as CSV (UTF-8 with BOM, so spreadsheets read the accents). */
export function vouchersCsv(rows: VoucherRow[]): string {
  const header = ['Código', 'Lote', 'Descrição', 'Situação', 'Usado por', 'Email', 'Usado em'];
  const lines = rows.map((r) =>
    [
      formatVoucher(r.code),
      r.tier_name,
      r.description,
      r.used_at ? editorMessages.used : editorMessages.unused,
      r.used_by_name,
      r.used_by_email,
      r.used_at ? formatDateTime(r.used_at) : null,
    ]
      .map(csvField)
      .join(','),
  );
  return `\uFEFF${[header.join(','), ...lines].join('\r\n')}\r\n`;
}
