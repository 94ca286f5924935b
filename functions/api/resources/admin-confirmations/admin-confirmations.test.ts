import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMINREG_DEMO } from '../../../../server/seed/adminreg.ts';
import { DEMO_EVENTS, DEMO_TIERS } from '../../../../server/seed/demo.ts';
import type {
  AdminConfirmationPage,
  AdminConfirmationRow,
} from '../../../../src/domain/admin-registrations.ts';
import { adminRegistrationsMessages } from '../../../../src/domain/messages/admin-registrations.ts';
import { apiErrors } from '../../../../src/domain/messages.ts';
import { createTestApp, seededDb } from '../../testing/test-app.ts';

// In-process: the real app on a seeded PGlite; tokens are fakes naming the demo users.
let t: ReturnType<typeof createTestApp>;
let close: () => Promise<void>;
let countAll: () => Promise<number>;
let sqlQuery: (text: string, params: unknown[]) => Promise<unknown>;
beforeAll(async () => {
  const database = await seededDb();
  sqlQuery = (text, params) => database.db.query(text, params);
  close = database.close;
  countAll = async () =>
    (
      await database.db.query<{ n: number }>(
        'select count(*)::int as n from public.registration_confirmations',
      )
    )[0]!.n;
  t = createTestApp({ db: database.db });
}, 120_000);
afterAll(async () => {
  await close?.();
});

const seeded = (predicate: (a: (typeof ADMINREG_DEMO.confirmations)[number]) => boolean) =>
  ADMINREG_DEMO.confirmations.filter(predicate).map((a) => a.confirmationId);

async function list(query: string, as: 'secretaria' | 'lider' | 'admin' = 'secretaria') {
  const res = await t.call(`/v1/admin/confirmations${query}`, { token: t.tokenFor(as) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as AdminConfirmationPage;
}

/** Every row of a filter, following the cursor page by page. */
async function listAll(query: string): Promise<AdminConfirmationRow[]> {
  const rows: AdminConfirmationRow[] = [];
  let cursor: string | null = null;
  do {
    const sep = query ? '&' : '?';
    const page: AdminConfirmationPage = await list(cursor ? `${query}${sep}cursor=${cursor}` : query);
    rows.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return rows;
}

/** The list's order: name without case or accents, then id. */
const fold = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
const byName = (rows: AdminConfirmationRow[]) => {
  const keys = rows.map((r) => [fold(r.user.name), r.id] as const);
  const sorted = [...keys].sort((a, b) => (a[0] === b[0] ? (a[1] < b[1] ? -1 : 1) : a[0] < b[0] ? -1 : 1));
  return { keys, sorted };
};

describe('GET /v1/admin/confirmations', () => {
  it('401 without a token; 403 without read_confirmations', async () => {
    expect(await t.call('/v1/admin/confirmations')).toMatchObject({
      status: 401,
      body: { code: 'UNAUTHORIZED' },
    });
    for (const who of ['membro', 'voluntario'] as const) {
      for (const path of ['/v1/admin/confirmations', '/v1/admin/confirmations/events']) {
        expect(await t.call(path, { token: t.tokenFor(who) }), `${who} ${path}`).toMatchObject({
          status: 403,
          body: { code: 'FORBIDDEN', message: apiErrors.FORBIDDEN },
        });
      }
    }
  });

  it('lists receipts in analysis (the screen’s first filter) with everything a row shows', async () => {
    const page = await list('?status=analysis&paymentMethod=file');
    expect(page.nextCursor).toBeNull();
    expect(page.items.map((r) => r.id)).toEqual(
      expect.arrayContaining(seeded((a) => a.strategy === 'file' && a.status === 'analysis')),
    );
    expect(page.items.every((r) => r.strategy === 'file' && r.status === 'analysis')).toBe(true);
    const julia = ADMINREG_DEMO.confirmations[0]!;
    const row = page.items.find((r) => r.id === julia.confirmationId)!;
    expect(row).toMatchObject({
      strategy: 'file',
      status: 'analysis',
      reason: null,
      voucher_code: null,
      receipt_path: julia.receiptPath,
      registration: { id: julia.registrationId, frozen_value: 4500, status: 'analysis' },
      event: { id: DEMO_EVENTS.conference.id, title: DEMO_EVENTS.conference.title },
      tier: { name: '2º Lote' },
      user: { id: julia.userId, name: julia.name, email: julia.email },
    });
    expect(row.registration.seq).toMatch(/^\d{6}$/);
    expect(row.user.phone).toMatch(/^\d{11}$/);
    expect(row.user.temple_name).toBeTruthy();
    expect(new Date(row.created_at).toISOString()).toBe(row.created_at);
    const { keys, sorted } = byName(page.items);
    expect(keys).toEqual(sorted);
  });

  it('marks a deleted account’s rows (no badge to print for them); everyone else’s are not', async () => {
    const julia = ADMINREG_DEMO.confirmations[0]!;
    await sqlQuery('update public.profiles set deleted_at = now() where id = $1', [julia.userId]);
    try {
      const rows = await listAll('?status=analysis&paymentMethod=file');
      const gone = rows.filter((r) => r.user.account_deleted);
      expect(gone.map((r) => r.id)).toContain(julia.confirmationId);
      expect(gone.every((r) => r.user.id === julia.userId)).toBe(true);
      expect(rows.some((r) => !r.user.account_deleted)).toBe(true);
    } finally {
      await sqlQuery('update public.profiles set deleted_at = null where id = $1', [julia.userId]);
    }
  });

  it('filters by each quick filter, by event, and shows reasons and voucher codes', async () => {
    // the demo attempts of this area are there; other areas' demo data may add more of a kind
    const cash = await list('?status=pending&paymentMethod=cash');
    expect(cash.items.map((r) => r.id)).toEqual(
      expect.arrayContaining(seeded((a) => a.strategy === 'cash' && a.status === 'pending')),
    );
    expect(cash.items.every((r) => r.strategy === 'cash' && r.status === 'pending')).toBe(true);
    const paid = await list('?status=paid');
    // the seed's paid attempts plus membro@'s two
    expect(paid.items.map((r) => r.id)).toEqual(expect.arrayContaining(seeded((a) => a.status === 'paid')));
    expect(paid.items.every((r) => r.status === 'paid')).toBe(true);
    expect(paid.items.find((r) => r.strategy === 'voucher')?.voucher_code).toBe('jovem026');
    const pix = await list('?status=expired&paymentMethod=mp_pix');
    expect(pix.items.map((r) => r.id)).toEqual(
      expect.arrayContaining(seeded((a) => a.strategy === 'mp_pix' && a.status === 'expired')),
    );
    expect(pix.items.every((r) => r.strategy === 'mp_pix' && r.status === 'expired')).toBe(true);
    const rejected = await list('?status=rejected');
    expect(rejected.items.map((r) => r.reason)).toContain('Comprovante ilegível, envie novamente.');
    expect(rejected.items.every((r) => r.status === 'rejected')).toBe(true);

    const later = await list(`?eventId=${DEMO_EVENTS.later.id}`);
    expect(later.items.map((r) => r.id)).toEqual(
      expect.arrayContaining(seeded((a) => a.tier === 'laterCouple')),
    );
    expect(later.items.every((r) => r.event.id === DEMO_EVENTS.later.id)).toBe(true);
    const laterCash = await list(`?eventId=${DEMO_EVENTS.later.id}&paymentMethod=cash&status=canceled`);
    expect(laterCash.items.map((r) => r.reason)).toContain('Inscrição duplicada.');
  });

  it("matches 'Nome ou email' ignoring case and accents, wildcards taken literally", async () => {
    const angela = ADMINREG_DEMO.confirmations.find((a) => a.name.startsWith('Ângela'))!;
    for (const text of ['angela', 'ÂNGELA', 'conceicao', 'Conceição Ribeiro', 'angela.ribeiro@exemplo']) {
      const page = await list(`?text=${encodeURIComponent(text)}`);
      expect(
        page.items.map((r) => r.id),
        text,
      ).toEqual([angela.confirmationId]);
    }
    expect((await list('?text=%25')).items).toEqual([]);
    expect((await list('?text=_')).items).toEqual([]);
    const membro = await list('?text=MEMBRO%40congrega');
    expect(membro.items.length).toBeGreaterThanOrEqual(2);
    expect(membro.items.every((r) => r.user.email === 'membro@congrega.local')).toBe(true);
  });

  it("'Ver tudo' pages through every confirmation by name with no row twice", async () => {
    const everything = await listAll('?size=4');
    const ids = everything.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(await countAll());
    expect(ids).toEqual(expect.arrayContaining(ADMINREG_DEMO.confirmations.map((a) => a.confirmationId)));
    const { keys, sorted } = byName(everything);
    expect(keys).toEqual(sorted);
    expect(everything[0]!.user.name).toBe('Ângela Conceição Ribeiro');
    const first = await list('?size=4');
    expect(first.items.map((r) => r.id)).toEqual(ids.slice(0, 4));
    expect(first.nextCursor).toBeTruthy();
    expect((await list('')).items.length).toBe(Math.min(ids.length, 50));
  });

  it('answers 400 in pt-BR for bad filters and cursors, never 500', async () => {
    const token = t.tokenFor('secretaria');
    for (const bad of [
      'status=approved',
      'paymentMethod=pix',
      'eventId=not-a-uuid',
      `text=${'x'.repeat(121)}`,
      'cursor=%%%',
      'cursor=WyJhIiwiYiJd',
      'size=0',
      'size=101',
      'size=abc',
    ]) {
      const res = await t.call(`/v1/admin/confirmations?${bad}`, { token });
      expect(res.status, bad).toBe(400);
      expect(res.body.code, bad).toBe('INVALID_DATA');
      expect(res.body.message, bad).toMatch(/^(Dados inválidos|Página inválida)/);
    }
    const res = await t.call('/v1/admin/confirmations?cursor=nope', { token });
    expect(res.body.message).toBe(adminRegistrationsMessages.invalidCursor);
  });

  it('lists the events with registrations for the event filter (lider@ may read)', async () => {
    const res = await t.call('/v1/admin/confirmations/events', { token: t.tokenFor('lider') });
    expect(res.status).toBe(200);
    const ids = (res.body as { id: string }[]).map((e) => e.id);
    expect(ids).toEqual(expect.arrayContaining([DEMO_EVENTS.conference.id, DEMO_EVENTS.later.id]));
    expect(ids).not.toContain(DEMO_EVENTS.vigil.id);
  });
});

describe('POST /v1/admin/confirmations/:id/approve|reject|cancel', () => {
  const confirmation = (name: string) => ADMINREG_DEMO.confirmations.find((a) => a.name.startsWith(name))!;
  const post = (id: string, action: string, as: Parameters<typeof t.tokenFor>[0], json?: unknown) =>
    t.call(`/v1/admin/confirmations/${id}/${action}`, {
      method: 'POST',
      token: t.tokenFor(as),
      ...(json === undefined ? {} : { json }),
    });
  const statusOf = async (id: string) => {
    const page = await list(
      `?text=${encodeURIComponent(ADMINREG_DEMO.confirmations.find((a) => a.confirmationId === id)!.email)}`,
    );
    return page.items.find((r) => r.id === id)!;
  };

  it('401 without a token; 403 without write_confirmations (lider@ may only read)', async () => {
    const id = confirmation('Júlia').confirmationId;
    for (const action of ['approve', 'reject', 'cancel']) {
      expect((await t.call(`/v1/admin/confirmations/${id}/${action}`, { method: 'POST' })).status).toBe(401);
      for (const who of ['lider', 'voluntario', 'membro'] as const) {
        expect(await post(id, action, who, { reason: 'Motivo qualquer' }), `${who} ${action}`).toMatchObject({
          status: 403,
          body: { code: 'FORBIDDEN' },
        });
      }
    }
    expect((await statusOf(id)).status).toBe('analysis');
  });

  it('approves a receipt in analysis: paid, with its registration, and it leaves the analysis list', async () => {
    const julia = confirmation('Júlia');
    const res = await post(julia.confirmationId, 'approve', 'secretaria');
    expect(res).toMatchObject({
      status: 200,
      body: { id: julia.confirmationId, status: 'paid', registration: { status: 'paid' }, changed: true },
    });
    const analysis = await list('?status=analysis&paymentMethod=file');
    expect(analysis.items.map((r) => r.id)).not.toContain(julia.confirmationId);
    expect((await statusOf(julia.confirmationId)).registration.status).toBe('paid');
    // the member's own read says paid too
    const mine = await t.call('/v1/registrations', { token: t.tokenFor({ id: julia.userId }) });
    expect(JSON.stringify(mine.body)).toContain('"paid"');
  });

  it('rejects with a reason of 3+ characters, kept for the member; bad reasons change nothing', async () => {
    const carla = confirmation('Carla');
    for (const bad of [
      {},
      { reason: '' },
      { reason: '  ab  ' },
      { reason: 12 },
      { reason: 'x'.repeat(501) },
    ]) {
      const res = await post(carla.confirmationId, 'reject', 'secretaria', bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.code).toBe('INVALID_DATA');
    }
    expect((await post(carla.confirmationId, 'reject', 'secretaria', { reason: 'ab' })).body.message).toBe(
      'O motivo deve ter ao menos 3 caracteres',
    );
    const long = await post(carla.confirmationId, 'reject', 'secretaria', { reason: 'x'.repeat(501) });
    expect(long.body.message).toBe('O motivo deve ter no máximo 500 caracteres');
    expect((await statusOf(carla.confirmationId)).status).toBe('pending');

    const res = await post(carla.confirmationId, 'reject', 'admin', { reason: '  Pagamento não recebido  ' });
    expect(res).toMatchObject({
      status: 200,
      body: { status: 'rejected', registration: { status: 'rejected' } },
    });
    const row = await statusOf(carla.confirmationId);
    expect(row).toMatchObject({ status: 'rejected', reason: 'Pagamento não recebido' });
    const mine = await t.call('/v1/registrations', { token: t.tokenFor({ id: carla.userId }) });
    expect(JSON.stringify(mine.body)).toContain('Pagamento não recebido');
  });

  it("'Excluir' cancels with a reason, returns the place to a limited tier exactly once; a decided confirmation is 409", async () => {
    const felipe = confirmation('Felipe'); // cash pending on the 'Lote Caravana' (limited)
    const tierBefore = await t.call(`/v1/events/${DEMO_EVENTS.conference.id}`);
    const available = (body: { pricing_tiers: { id: string; available: number | null }[] }) =>
      body.pricing_tiers.find((tier) => tier.id === DEMO_TIERS.conferenceCaravan.id)?.available;
    expect((await post(felipe.confirmationId, 'cancel', 'secretaria', { reason: 'x' })).status).toBe(400);
    const res = await post(felipe.confirmationId, 'cancel', 'secretaria', { reason: 'Inscrição duplicada' });
    expect(res).toMatchObject({
      status: 200,
      body: { status: 'canceled', registration: { status: 'canceled' } },
    });
    const tierAfter = await t.call(`/v1/events/${DEMO_EVENTS.conference.id}`);
    expect(available(tierAfter.body)).toBe((available(tierBefore.body) ?? 0) + 1);

    // a canceled attempt is decided: approve, reject and cancel again are 409
    for (const action of ['approve', 'reject'] as const) {
      expect(
        await post(felipe.confirmationId, action, 'secretaria', { reason: 'Outro motivo' }),
      ).toMatchObject({
        status: 409,
        body: { code: 'INVALID_TRANSITION' },
      });
    }
    const again = await post(felipe.confirmationId, 'cancel', 'secretaria', { reason: 'De novo' });
    expect([200, 409]).toContain(again.status);
    expect(available((await t.call(`/v1/events/${DEMO_EVENTS.conference.id}`)).body)).toBe(
      available(tierAfter.body),
    );
  });

  it('refuses a rejected confirmation (409), answers 404 for an unknown or malformed id', async () => {
    const vinicius = confirmation('Vinícius'); // rejected in the seed
    expect(await post(vinicius.confirmationId, 'approve', 'secretaria')).toMatchObject({
      status: 409,
      body: { code: 'INVALID_TRANSITION' },
    });
    for (const id of ['7e57a000-0000-4000-8003-999999999999', 'nope']) {
      const res = await post(id, 'approve', 'secretaria');
      expect(res.status, id).toBe(404);
      expect(res.body.code).toBe('REGISTRATION_NOT_FOUND');
    }
  });
});
