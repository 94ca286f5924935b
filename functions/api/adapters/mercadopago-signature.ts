/**
 * Mercado Pago's webhook signature (as its webhook documentation gives it): header `x-signature: ts=<ts>,v1=<hex>` where
 * v1 = HMAC-SHA256(secret, "id:<data.id>;request-id:<x-request-id>;ts:<ts>;"), a segment left out
 * when its value is absent. Web Crypto only, so it runs in Deno and Node alike.
 */

/** How far the signed `ts` may be from our clock: a captured notification replays for no longer. */
export const SIGNATURE_TOLERANCE_MS = 10 * 60_000;

const encoder = new TextEncoder();

export function signatureManifest(parts: { dataId?: string; requestId?: string; ts: string }): string {
  let manifest = '';
  if (parts.dataId) manifest += `id:${parts.dataId};`;
  if (parts.requestId) manifest += `request-id:${parts.requestId};`;
  return `${manifest}ts:${parts.ts};`;
}

export async function hmacSha256Hex(secret: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(message)));
  return [...mac].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Compares two strings in time that depends on their length only. */
export function constantTimeEqual(a: string, b: string): boolean {
  const x = encoder.encode(a);
  const y = encoder.encode(b);
  let diff = x.length ^ y.length;
  for (let i = 0; i < x.length; i++) diff |= x[i]! ^ (y[i % Math.max(y.length, 1)] ?? 0);
  return diff === 0;
}

/** `ts=…,v1=…` → its parts (order and spaces do not matter). */
export function parseSignatureHeader(header: string | undefined): { ts: string; v1: string } | null {
  if (!header) return null;
  const fields = new Map<string, string>();
  for (const part of header.split(',')) {
    const at = part.indexOf('=');
    if (at > 0) fields.set(part.slice(0, at).trim(), part.slice(at + 1).trim());
  }
  const ts = fields.get('ts');
  const v1 = fields.get('v1');
  if (!ts || !v1 || !/^\d{1,16}$/.test(ts) || !/^[0-9a-f]{64}$/i.test(v1)) return null;
  return { ts, v1: v1.toLowerCase() };
}

/** `ts` in milliseconds: the docs say milliseconds, the SDKs and examples use seconds. */
export function signatureTimeMs(ts: string): number {
  const n = Number(ts);
  return n > 1e12 ? n : n * 1000;
}

/** The x-signature header Mercado Pago would send (used by the local fake and by tests). */
export async function signNotification(input: {
  secret: string;
  dataId: string;
  requestId: string;
  now: Date;
}): Promise<string> {
  const ts = String(Math.floor(input.now.getTime() / 1000));
  const v1 = await hmacSha256Hex(input.secret, signatureManifest({ ...input, ts }));
  return `ts=${ts},v1=${v1}`;
}

/** True when the header signs this notification with the secret, within the tolerance window. */
export async function verifyNotificationSignature(input: {
  secret: string;
  header: string | undefined;
  dataId: string | undefined;
  requestId: string | undefined;
  now: Date;
}): Promise<boolean> {
  const parsed = parseSignatureHeader(input.header);
  if (!parsed || !input.secret) return false;
  if (Math.abs(input.now.getTime() - signatureTimeMs(parsed.ts)) > SIGNATURE_TOLERANCE_MS) return false;
  const expected = await hmacSha256Hex(
    input.secret,
    signatureManifest({ dataId: input.dataId, requestId: input.requestId, ts: parsed.ts }),
  );
  return constantTimeEqual(expected, parsed.v1);
}
