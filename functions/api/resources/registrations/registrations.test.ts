import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_EVENTS,
  DEMO_FILES,
  DEMO_REGISTRATIONS,
  DEMO_TIERS,
  DEMO_USERS,
} from '../../../../server/seed/demo.ts';
import type { MyRegistration } from '../../../../src/domain/types.ts';
import { type Harness, startHarness } from '../../testing/harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
}, 120_000);
afterAll(async () => {
  await h?.close();
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

  it('needs a token', async () => {
    expect((await h.call('/v1/registrations')).status).toBe(401);
  });
});

describe('GET /v1/files', () => {
  it('signs an event file URL that serves the file', async () => {
    const token = await h.token('membro');
    const { status, body } = await h.call(
      `/v1/files?type=eventFile&filename=${encodeURIComponent(DEMO_FILES.schedule.path)}`,
      { token },
    );
    expect(status).toBe(200);
    expect(body.signedUrl).toMatch(/^https?:\/\//);
    const file = await fetch(body.signedUrl);
    expect(file.status).toBe(200);
    expect(new TextDecoder().decode(await file.arrayBuffer()).startsWith('%PDF-')).toBe(true);
  });

  it('answers 404 FILE_NOT_FOUND for a path that is not an event file', async () => {
    const token = await h.token('membro');
    const { status, body } = await h.call('/v1/files?type=eventFile&filename=events/nope.pdf', { token });
    expect(status).toBe(404);
    expect(body.code).toBe('FILE_NOT_FOUND');
  });

  it('answers 400 for a bad type or missing filename, 401 without a token', async () => {
    const token = await h.token('membro');
    expect((await h.call(`/v1/files?type=other&filename=${DEMO_FILES.rules.path}`, { token })).status).toBe(
      400,
    );
    expect(
      (await h.call(`/v1/files?type=receiptFile&filename=${DEMO_FILES.rules.path}`, { token })).status,
    ).toBe(400);
    expect((await h.call('/v1/files?type=eventFile', { token })).status).toBe(400);
    expect((await h.call(`/v1/files?type=eventFile&filename=${DEMO_FILES.rules.path}`)).status).toBe(401);
  });
});
