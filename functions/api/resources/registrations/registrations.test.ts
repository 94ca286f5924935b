import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EVENTS, DEMO_REGISTRATIONS, DEMO_TIERS, DEMO_USERS } from '../../../../server/seed/demo.ts';
import type { MyRegistration } from '../../../../src/domain/types.ts';
import { createTestApp, seededDb } from '../../testing/test-app.ts';
import { myRegistrationsQuery } from './registrations.service.ts';

// In-process: the real app on a seeded PGlite; tokens are fakes naming the demo users.
let t: ReturnType<typeof createTestApp>;
let close: () => Promise<void>;
const h = {
  call: (path: string, init: { token?: string } = {}) => t.call(path, init),
  token: async (user: 'lider' | 'membro') => t.tokenFor(user),
};
beforeAll(async () => {
  const database = await seededDb();
  close = database.close;
  t = createTestApp({ db: database.db });
}, 120_000);
afterAll(async () => {
  await close?.();
});

describe('GET /v1/registrations', () => {
  it("lists membro's own registrations with confirmations", async () => {
    const { status, body } = await h.call('/v1/registrations', { token: await h.token('membro') });
    expect(status).toBe(200);
    const regs = body as MyRegistration[];
    const conf = regs.find((r) => r.id === DEMO_REGISTRATIONS.membroConference.id)!;
    expect(conf).toMatchObject({
      seq: DEMO_REGISTRATIONS.membroConference.seq,
      user_id: DEMO_USERS.membro.id,
      tier_id: DEMO_TIERS.conferenceSecond.id,
      event_id: DEMO_EVENTS.conference.id,
      frozen_value: 4500,
      status: 'paid',
    });
    expect(conf.confirmations).toEqual([
      expect.objectContaining({ strategy: 'mp_pix', status: 'paid', registration_id: conf.id }),
    ]);
    expect(regs.every((r) => r.user_id === DEMO_USERS.membro.id)).toBe(true);
  });

  it('is empty for a user without registrations', async () => {
    const { status, body } = await h.call('/v1/registrations', { token: await h.token('lider') });
    expect(status).toBe(200);
    expect(body).toEqual([]);
  });

  it('answers timestamps as toISOString() and the code without padding', async () => {
    const { body } = await h.call('/v1/registrations', { token: await h.token('membro') });
    for (const r of body as MyRegistration[]) {
      expect(r.created_at).toBe(new Date(r.created_at).toISOString());
      expect(r.seq).toMatch(/^\d{6}$/);
      for (const c of r.confirmations) expect(c.created_at).toBe(new Date(c.created_at).toISOString());
    }
  });

  it('is one statement (confirmations aggregated, no N+1)', () => {
    const { sql } = myRegistrationsQuery(DEMO_USERS.membro.id).compile();
    expect(sql).toMatch(/^select /);
    expect(sql).toContain('json_agg');
  });

  it('needs a token', async () => {
    expect((await h.call('/v1/registrations')).status).toBe(401);
  });

  it("keeps a removed event's registration and says when the event was removed", async () => {
    const token = await h.token('membro');
    const before = (await h.call('/v1/registrations', { token })).body as MyRegistration[];
    const conf = before.find((r) => r.id === DEMO_REGISTRATIONS.membroConference.id)!;
    expect(conf.event.deleted_at).toBeNull();
    expect(conf.event).toHaveProperty('checkin_starts_at');
    const database = t.ports.db;
    await database.query('update events set deleted_at = now() where id = $1', [DEMO_EVENTS.conference.id]);
    try {
      const after = (await h.call('/v1/registrations', { token })).body as MyRegistration[];
      const removed = after.find((r) => r.id === conf.id)!;
      expect(removed.status).toBe('paid');
      expect(removed.event.deleted_at).toBe(new Date(removed.event.deleted_at!).toISOString());
    } finally {
      await database.query('update events set deleted_at = null where id = $1', [DEMO_EVENTS.conference.id]);
    }
  });
});
