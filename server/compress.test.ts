import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeEach, describe, expect, it } from 'vitest';
import { compressWithZlib, createJsonCompression } from './compress.ts';

// counts the compressions the host runs (zlib's own compressor does the work)
const calls = { br: 0, gzip: 0 };
const counted = () =>
  createJsonCompression({
    compress: (raw, encoding) => {
      calls[encoding] += 1;
      return compressWithZlib(raw, encoding);
    },
  });

beforeEach(() => {
  calls.br = 0;
  calls.gzip = 0;
});

const json = (n: number) => JSON.stringify({ title: `Conferência ${n}`, text: 'x'.repeat(4000) });
const req = (encoding: string) => new Request('http://host/x', { headers: { 'accept-encoding': encoding } });
const res = (body: string, etag?: string, status = 200) =>
  new Response(body, {
    status,
    headers: { 'content-type': 'application/json', ...(etag ? { etag } : {}) },
  });
const decoded = async (r: Response) => {
  const bytes = Buffer.from(await r.arrayBuffer());
  const encoding = r.headers.get('content-encoding');
  return (encoding === 'br' ? brotliDecompressSync(bytes) : gunzipSync(bytes)).toString('utf8');
};

describe('createJsonCompression', () => {
  it('compresses a crowd of answers with one ETag once per encoding, each decoding to the JSON', async () => {
    const compress = counted();
    const body = json(1);
    const answers = await Promise.all([
      ...Array.from({ length: 30 }, () => compress(req('br, gzip'), res(body, 'W/"a"'))),
      ...Array.from({ length: 30 }, () => compress(req('gzip'), res(body, 'W/"a"'))),
    ]);
    expect(calls).toEqual({ br: 1, gzip: 1 });
    for (const a of answers) {
      expect(await decoded(a)).toBe(body);
      expect(a.headers.get('vary')).toMatch(/accept-encoding/i);
    }
    // later reads with the same tag too
    await compress(req('br'), res(body, 'W/"a"'));
    expect(calls).toEqual({ br: 1, gzip: 1 });
  });

  it('a new ETag (an edited event) is compressed afresh: never the old bytes', async () => {
    const compress = counted();
    expect(await decoded(await compress(req('br'), res(json(1), 'W/"a"')))).toBe(json(1));
    expect(await decoded(await compress(req('br'), res(json(2), 'W/"b"')))).toBe(json(2));
    expect(calls.br).toBe(2);
  });

  it('answers without an ETag, or not 200, are compressed every time', async () => {
    const compress = counted();
    await compress(req('br'), res(json(1)));
    await compress(req('br'), res(json(1)));
    await compress(req('br'), res(json(1), 'W/"a"', 404));
    await compress(req('br'), res(json(1), 'W/"a"', 404));
    expect(calls.br).toBe(4);
  });

  it('keeps a bounded number of bodies, dropping the least recently used', async () => {
    const compress = counted();
    await compress(req('br'), res(json(0), 'W/"0"'));
    for (let i = 1; i <= 64; i++) {
      await compress(req('br'), res(json(i), `W/"${i}"`));
      await compress(req('br'), res(json(0), 'W/"0"')); // kept: used again each time
    }
    expect(calls.br).toBe(65);
    await compress(req('br'), res(json(1), 'W/"1"')); // dropped: compressed again
    expect(calls.br).toBe(66);
  });
});
