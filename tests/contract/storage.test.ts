import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpStorage } from '../../functions/api/ports/http.ts';
import type { Host } from '../../server/host.ts';
import { validPath } from '../../server/storage.ts';
import { adminClient, client, startHost } from './helpers.ts';

let host: Host;
beforeAll(async () => {
  host = await startHost();
});
afterAll(() => host?.close());

const storage = () => adminClient(host).storage;
const bytes = (text: string) => new TextEncoder().encode(text);

describe('Storage subset through supabase-js (service-role key)', () => {
  it('uploads raw bytes to a private bucket and serves them through a signed URL', async () => {
    const up = await storage()
      .from('receipts')
      .upload('reg-1/comprovante.pdf', bytes('%PDF-1.4 teste'), { contentType: 'application/pdf' });
    expect(up.error).toBeNull();
    expect(up.data?.path).toBe('reg-1/comprovante.pdf');
    expect(up.data?.fullPath).toBe('receipts/reg-1/comprovante.pdf');

    const signed = await storage().from('receipts').createSignedUrl('reg-1/comprovante.pdf', 60);
    expect(signed.error).toBeNull();
    expect(signed.data!.signedUrl.startsWith(`${host.url}/storage/v1/object/sign/receipts/reg-1/`)).toBe(
      true,
    );
    const res = await fetch(signed.data!.signedUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('cache-control')).toMatch(/private/);
    expect(res.headers.get('content-security-policy')).toMatch(/sandbox/);
    expect(await res.text()).toBe('%PDF-1.4 teste');

    // Revalidation by ETag.
    const again = await fetch(signed.data!.signedUrl, {
      headers: { 'if-none-match': res.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
  });

  it('uploads a Blob as multipart, keeping its content type', async () => {
    const blob = new Blob([bytes('<svg xmlns="http://www.w3.org/2000/svg"/>')], { type: 'image/svg+xml' });
    const up = await storage().from('images').upload('events/capa.svg', blob);
    expect(up.error).toBeNull();
    const res = await fetch(storage().from('images').getPublicUrl('events/capa.svg').data.publicUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(res.headers.get('cache-control')).toMatch(/public/);
    expect(await res.text()).toContain('<svg');
  });

  it('refuses to overwrite without upsert, and replaces with it', async () => {
    const file = storage().from('event-files');
    expect((await file.upload('a/doc.txt', bytes('v1'), { contentType: 'text/plain' })).error).toBeNull();
    const dup = await file.upload('a/doc.txt', bytes('v2'), { contentType: 'text/plain' });
    expect(dup.error).toBeTruthy();
    expect(
      (await file.upload('a/doc.txt', bytes('v2'), { contentType: 'text/plain', upsert: true })).error,
    ).toBeNull();
    const { data } = await file.createSignedUrl('a/doc.txt', 60);
    expect(await (await fetch(data!.signedUrl)).text()).toBe('v2');
  });

  it('rejects bad, foreign and expired tokens', async () => {
    const file = storage().from('receipts');
    await file.upload('x/um.txt', bytes('um'), { contentType: 'text/plain' });
    await file.upload('x/dois.txt', bytes('dois'), { contentType: 'text/plain' });
    const base = `${host.url}/storage/v1/object/sign/receipts/x/um.txt`;

    expect((await fetch(base)).status).toBe(400);
    expect((await fetch(`${base}?token=abc.def.ghi`)).status).toBe(400);

    const other = (await file.createSignedUrl('x/dois.txt', 60)).data!.signedUrl;
    const token = new URL(other).searchParams.get('token');
    const res = await fetch(`${base}?token=${token}`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'InvalidJWT' });

    // expiry is in whole seconds: 2 s leaves at least one for the first fetch, even on a slow machine
    const short = (await file.createSignedUrl('x/um.txt', 2)).data!.signedUrl;
    expect((await fetch(short)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 3100));
    expect((await fetch(short)).status).toBe(400);
  });

  it('private buckets are not public; unknown buckets and objects are 404', async () => {
    await storage().from('receipts').upload('p/segredo.txt', bytes('s'), { contentType: 'text/plain' });
    const pub = await fetch(`${host.url}/storage/v1/object/public/receipts/p/segredo.txt`);
    expect(pub.status).toBe(400);
    expect(await pub.text()).not.toContain('"s"');
    expect((await fetch(`${host.url}/storage/v1/object/public/nao-existe/a.txt`)).status).toBe(404);
    expect((await fetch(`${host.url}/storage/v1/object/public/images/nada.png`)).status).toBe(404);
    const sign = await storage().from('receipts').createSignedUrl('p/nada.txt', 60);
    expect(sign.error).toBeTruthy();
  });

  it('writes and signing need the service-role key', async () => {
    const anon = await client(host)
      .storage.from('images')
      .upload('x.txt', bytes('x'), { contentType: 'text/plain' });
    expect(anon.error).toBeTruthy();
    const res = await fetch(`${host.url}/storage/v1/object/images/x.txt`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'x',
    });
    expect(res.status).toBe(401);
    const signed = await client(host).storage.from('receipts').createSignedUrl('p/segredo.txt', 60);
    expect(signed.error).toBeTruthy();
  });

  it('rejects path traversal', async () => {
    expect(validPath('a/b.txt')).toBe(true);
    for (const bad of ['../keys.json', 'a/../../b', 'a//b', './a', 'a\\..\\b', '', 'a/\0']) {
      expect(validPath(bad)).toBe(false);
    }
    const res = await fetch(`${host.url}/storage/v1/object/images/..%2F..%2Fkeys.json`, {
      method: 'POST',
      headers: { authorization: `Bearer ${host.serviceRoleKey}`, 'content-type': 'text/plain' },
      body: 'x',
    });
    expect(res.status).toBe(400);
    expect((await fetch(`${host.url}/storage/v1/object/public/images/..%2F..%2Fkeys.json`)).status).toBe(400);
  });

  it('removes objects (single path and storage-js prefixes)', async () => {
    const file = storage().from('event-files');
    await file.upload('del/a.txt', bytes('a'), { contentType: 'text/plain' });
    await file.upload('del/b.txt', bytes('b'), { contentType: 'text/plain' });
    const signedA = (await file.createSignedUrl('del/a.txt', 60)).data!.signedUrl;
    const removed = await file.remove(['del/a.txt']);
    expect(removed.error).toBeNull();
    expect(removed.data).toHaveLength(1);
    expect((await fetch(signedA)).status).toBe(404);

    const res = await fetch(`${host.url}/storage/v1/object/event-files/del/b.txt`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${host.serviceRoleKey}` },
    });
    expect(res.status).toBe(200);
    expect((await file.createSignedUrl('del/b.txt', 60)).error).toBeTruthy();
  });
});

describe("the API's Storage port against this host", () => {
  it('uploads, signs an absolute URL and removes', async () => {
    const port = createHttpStorage({
      supabaseUrl: host.url,
      anonKey: host.anonKey,
      serviceRoleKey: host.serviceRoleKey,
    });
    await port.upload('receipts', 'api/r 1.png', bytes('png-bytes'), 'image/png');
    await port.upload('receipts', 'api/r 1.png', bytes('png-bytes-2'), 'image/png'); // x-upsert: replaces
    const url = await port.signedUrl('receipts', 'api/r 1.png', 120);
    expect(url.startsWith(`${host.url}/storage/v1/object/sign/receipts/api/`)).toBe(true);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(await res.text()).toBe('png-bytes-2');
    await port.remove('receipts', 'api/r 1.png');
    expect((await fetch(url)).status).toBe(404);
  });
});
