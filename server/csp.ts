/**
 * Third-party origins the app loads, by CSP directive. Keep every outside origin here, named, so
 * the policy stays one reviewed list (README "Security headers" shows the result for static hosts).
 */
export const THIRD_PARTY_ORIGINS = {
  /** The venue map: an OpenStreetMap embed in an iframe (src/features/events/map.ts). */
  openStreetMap: { 'frame-src': ['https://www.openstreetmap.org'] },
  /** Profile photos of Google accounts (user_metadata.avatar_url) on a real Supabase project. */
  googleAvatars: { 'img-src': ['https://*.googleusercontent.com'] },
  /**
   * Mercado Pago's Card Payment Brick, loaded only on the card step (src/features/checkout/
   * mercadopago-card-brick.tsx): the SDK script, its API calls (card tokens, installments), its
   * Secure Fields and 3DS frames, card brand images. The PIX QR is a data: image.
   */
  mercadoPago: {
    'script-src': ['https://sdk.mercadopago.com', 'https://http2.mlstatic.com'],
    'connect-src': [
      'https://api.mercadopago.com',
      'https://api.mercadolibre.com',
      'https://events.mercadopago.com',
    ],
    'frame-src': [
      'https://sdk.mercadopago.com',
      'https://api-static.mercadopago.com',
      'https://www.mercadopago.com.br',
    ],
    'img-src': ['https://http2.mlstatic.com'],
  },
} satisfies Record<string, Partial<Record<CspDirective, string[]>>>;

type CspDirective = 'script-src' | 'style-src' | 'img-src' | 'connect-src' | 'frame-src' | 'font-src';

/**
 * The app's Content-Security-Policy, by directive (server/security-headers.ts sends it). No inline
 * script anywhere (dist/index.html loads only module files); `supabaseUrls` are the Supabase surfaces
 * the app talks to (the host's own public URL, or VITE_SUPABASE_URL of the build): API and auth calls,
 * realtime, storage images and signed files.
 */
export function appCspDirectives(supabaseUrls: string[] = []): Record<string, string[]> {
  const origins = [...new Set(supabaseUrls.filter(Boolean).map((u) => new URL(u).origin))];
  const sockets = origins.map((o) => o.replace(/^http/, 'ws'));
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:', 'blob:', ...origins],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...origins, ...sockets],
    'frame-src': ["'self'", ...origins],
    'media-src': ["'self'", 'blob:'],
    // blob: for the QR scanner's decoder worker (qr-scanner builds it from a Blob of its own code)
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  for (const extra of Object.values(THIRD_PARTY_ORIGINS) as Partial<Record<CspDirective, string[]>>[]) {
    for (const [directive, list] of Object.entries(extra)) directives[directive]!.push(...list);
  }
  return Object.fromEntries(Object.entries(directives).map(([name, list]) => [name, [...new Set(list)]]));
}

/** The same policy as one header value, for static hosts' header files (README 'Security headers'). */
export function appContentSecurityPolicy(supabaseUrls: string[] = []): string {
  return Object.entries(appCspDirectives(supabaseUrls))
    .map(([name, list]) => `${name} ${list.join(' ')}`)
    .join('; ');
}
