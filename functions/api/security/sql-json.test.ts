import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSuite } from '../testing/api-suite.ts';
import { startTestHost, type TestHost } from '../testing/test-app.ts';

// postgres.js serialises a jsonb parameter with JSON.stringify: JSON text bound there became a JSON
// *string* on PostgreSQL (PGlite parsed it, so only the postgres project could see it).
describe('objects bound to jsonb parameters are stored as jsonb objects on both drivers', () => {
  const { database } = apiSuite();

  it('stores an object and an array as jsonb object/array and reads them back parsed', async () => {
    const value = { method: 'pix', nested: { amount: 1500, tags: ['a'] }, none: null, text: 'olá "x"' };
    const [row] = await database.db.query<{ o: string; a: string; back: unknown; field: string }>(
      `select jsonb_typeof($1::jsonb) as o, jsonb_typeof($2::jsonb) as a, $1::jsonb as back,
              $1::jsonb ->> 'text' as field`,
      [value, [1, { b: 2 }]],
    );
    expect(row).toEqual({ o: 'object', a: 'array', back: value, field: 'olá "x"' });
  });
});

describe('a host writes jsonb objects (storage metadata)', () => {
  let h: TestHost;
  beforeAll(async () => {
    h = await startTestHost();
  });
  afterAll(() => h?.close());

  it('storage objects keep their metadata as a jsonb object, not a string', async () => {
    const rows = await h.query<{ t: string; n: number }>(
      `select jsonb_typeof(metadata) as t, count(*)::int as n from storage.objects group by 1`,
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((r) => r.t)).toEqual(['object']);
  });
});
