import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMINREG_DEMO } from '../../../../server/seed/adminreg.ts';
import { DEMO_FILES } from '../../../../server/seed/demo.ts';
import { createTestApp, seededDb, startTestHost, type TestHost } from '../../testing/test-app.ts';
import { SIGNED_URL_SECONDS } from './files.service.ts';

const path = (filename: string, type = 'eventFile') =>
  `/v1/files?type=${type}&filename=${encodeURIComponent(filename)}`;

describe('GET /v1/files (in-process)', () => {
  let t: ReturnType<typeof createTestApp>;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const database = await seededDb();
    close = database.close;
    t = createTestApp({ db: database.db });
  }, 120_000);
  afterAll(async () => {
    await close?.();
  });

  it('signs a URL for a listed event file, for 10 minutes', async () => {
    const { status, body } = await t.call(path(DEMO_FILES.schedule.path), { token: t.tokenFor('membro') });
    expect(status).toBe(200);
    expect(body).toEqual({
      signedUrl: `signed:event-files/${DEMO_FILES.schedule.path}?${SIGNED_URL_SECONDS}`,
    });
  });

  it('answers 404 FILE_NOT_FOUND for a path that is not an event file', async () => {
    const { status, body } = await t.call(path('events/nope.pdf'), { token: t.tokenFor('membro') });
    expect(status).toBe(404);
    expect(body.code).toBe('FILE_NOT_FOUND');
  });

  it('answers 400 (in pt-BR) for a bad type or missing filename, 401 without a token', async () => {
    const token = t.tokenFor('membro');
    for (const bad of [path(DEMO_FILES.rules.path, 'other'), path(DEMO_FILES.rules.path, 'receipt')]) {
      expect(await t.call(bad, { token })).toMatchObject({
        status: 400,
        body: { code: 'INVALID_DATA', message: 'Dados inválidos' },
      });
    }
    expect((await t.call('/v1/files?type=eventFile', { token })).status).toBe(400);
    expect((await t.call(path(DEMO_FILES.rules.path))).status).toBe(401);
  });
});

describe('GET /v1/files?type=receiptFile (in-process)', () => {
  let t: ReturnType<typeof createTestApp>;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const database = await seededDb();
    close = database.close;
    t = createTestApp({ db: database.db });
  }, 120_000);
  afterAll(async () => {
    await close?.();
  });
  const julia = ADMINREG_DEMO.confirmations[0]!;
  const receipt = path(julia.receiptPath!, 'receiptFile');

  it('signs a receipt for staff with read_confirmations and for the member who sent it', async () => {
    for (const token of [t.tokenFor('secretaria'), t.tokenFor('lider'), t.tokenFor({ id: julia.userId })]) {
      expect(await t.call(receipt, { token })).toEqual(
        expect.objectContaining({
          status: 200,
          body: { signedUrl: `signed:receipts/${julia.receiptPath}?${SIGNED_URL_SECONDS}` },
        }),
      );
    }
  });

  it('answers 404 to anyone else, and for a path no confirmation carries', async () => {
    const other = ADMINREG_DEMO.confirmations[1]!;
    for (const token of [t.tokenFor('membro'), t.tokenFor('voluntario'), t.tokenFor({ id: other.userId })]) {
      expect(await t.call(receipt, { token })).toMatchObject({
        status: 404,
        body: { code: 'FILE_NOT_FOUND' },
      });
    }
    expect(
      (await t.call(path(DEMO_FILES.schedule.path, 'receiptFile'), { token: t.tokenFor('secretaria') }))
        .status,
    ).toBe(404);
    expect((await t.call(receipt)).status).toBe(401);
  });
});

// Through the real host: the signed URL is served by its storage.
describe('GET /v1/files (host)', () => {
  let h: TestHost;
  beforeAll(async () => {
    h = await startTestHost();
  }, 120_000);
  afterAll(async () => {
    await h?.close();
  });

  it('signs an event file URL that serves the file', async () => {
    const token = await h.token('membro');
    const { status, body } = await h.call(path(DEMO_FILES.schedule.path), { token });
    expect(status).toBe(200);
    expect(body.signedUrl).toMatch(/^https?:\/\//);
    const file = await fetch(body.signedUrl);
    expect(file.status).toBe(200);
    expect(new TextDecoder().decode(await file.arrayBuffer()).startsWith('%PDF-')).toBe(true);
  });

  it('signs a receipt URL for staff that serves the uploaded image', async () => {
    const julia = ADMINREG_DEMO.confirmations[0]!;
    const token = await h.token('secretaria');
    const { status, body } = await h.call(path(julia.receiptPath!, 'receiptFile'), { token });
    expect(status).toBe(200);
    const file = await fetch(body.signedUrl);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toContain('image/png');
    expect([...new Uint8Array(await file.arrayBuffer()).subarray(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
  });
});
