import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_FILES } from '../../../server/seed/demo.ts';
import { apiErrors } from '../../../src/domain/messages.ts';
import { isMissingObject, UpstreamError } from '../ports/http.ts';
import { startTestHost, type TestHost } from '../testing/test-app.ts';

let h: TestHost;
beforeAll(async () => {
  h = await startTestHost();
}, 120_000);
afterAll(() => h?.close());

describe('GET /v1/files when the stored object is gone', () => {
  it('answers 404 FILE_NOT_FOUND (not 500) for a file the event lists but storage lost', async () => {
    const path = DEMO_FILES.schedule.path;
    const url = `/v1/files?type=eventFile&filename=${encodeURIComponent(path)}`;
    const token = await h.token('membro');
    expect((await h.call(url, { token })).status).toBe(200);

    await h.query(`delete from storage.objects where bucket_id = 'event-files' and name = $1`, [path]);
    expect(await h.count(`public.event_files where path = '${path.replaceAll("'", "''")}'`)).toBe(1);
    const res = await h.call(url, { token });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 'FILE_NOT_FOUND', message: apiErrors.FILE_NOT_FOUND });
  });

  it("reads Supabase Storage's not-found answers (404, or 400 with not_found) as a missing object", () => {
    expect(isMissingObject(new UpstreamError('storage', 404, 'not_found', 'Object not found'))).toBe(true);
    expect(isMissingObject(new UpstreamError('storage', 400, 'not_found', 'Object not found'))).toBe(true);
    expect(isMissingObject(new UpstreamError('storage', 400, 'NoSuchKey', 'x'))).toBe(true);
    expect(isMissingObject(new UpstreamError('storage', 500, 'internal', 'x'))).toBe(false);
    expect(isMissingObject(new UpstreamError('auth', 404, 'user_not_found', 'x'))).toBe(false);
    expect(isMissingObject(new Error('not_found'))).toBe(false);
  });
});
