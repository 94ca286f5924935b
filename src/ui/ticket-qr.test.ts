import { toString as qrSvg } from 'qrcode';
import { describe, expect, it } from 'vitest';
import { ticketQrDataUrl } from './ticket-qr.tsx';

describe('ticket QR', () => {
  it('is an SVG of checkin:{id} at error correction low, drawn without the network', async () => {
    const id = '9b2d4f6a-8c0e-4a2c-8e4a-f00000000001';
    // drawn at once (a string, not a promise): the QR shows in the same paint as the code
    const url = ticketQrDataUrl(id);
    expect(typeof url).toBe('string');
    expect(url.startsWith('data:image/svg+xml')).toBe(true);
    const svg = decodeURIComponent(url.slice(url.indexOf(',') + 1));
    // the same content at level L and mask 0 gives the same picture; level H (or another id) a
    // different one (the door's camera tests play this symbol: tests/fixtures/qr-video.ts)
    const low = await qrSvg(`checkin:${id}`, {
      type: 'svg',
      errorCorrectionLevel: 'L',
      maskPattern: 0,
      margin: 2,
    });
    const high = await qrSvg(`checkin:${id}`, { type: 'svg', errorCorrectionLevel: 'H', margin: 2 });
    const path = (s: string) => s.match(/<path[^>]*stroke="#000000"[^>]*d="([^"]+)"/)?.[1];
    expect(path(svg)).toBeDefined();
    expect(path(svg)).toBe(path(low));
    expect(path(svg)).not.toBe(path(high));
  });
});
