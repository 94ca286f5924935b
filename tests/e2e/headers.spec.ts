/**
 * Security headers (docs/architecture.md, 'Safe defaults'): the built app runs under its Content-Security-Policy without a
 * single violation (home, the event overlay with its OpenStreetMap frame, the login screen), and the
 * shell, a hashed asset, auth and the API answer with nosniff, no framing and a referrer policy.
 */
import { expect, type Page, test } from '@playwright/test';
import { DEMO_EVENTS } from '../../server/seed/demo.ts';

test.use({ viewport: { width: 390, height: 844 } });

/** Collects CSP violations both ways Chromium reports them: the DOM event and the console. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (msg) => {
    if (/Content[- ]Security[- ]Policy/i.test(msg.text())) violations.push(`console: ${msg.text()}`);
  });
  await page.exposeFunction('__cspViolation', (v: string) => violations.push(`event: ${v}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __cspViolation(v: string): void }).__cspViolation(
        `${e.violatedDirective} blocked ${e.blockedURI} (${e.sourceFile}:${e.lineNumber})`,
      );
    });
  });
  return violations;
}

function expectSecurityHeaders(headers: Record<string, string>, what: string) {
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['x-frame-options'], what).toBe('DENY');
  expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(headers['content-security-policy'], what).toContain("frame-ancestors 'none'");
}

test('the app runs under its CSP: home, event overlay with the map, login', async ({ page, context }) => {
  const violations = await watchViolations(page);
  // No internet in tests: answer the map embed locally (CSP is checked before any request leaves).
  let mapRequested = false;
  await context.route('https://www.openstreetmap.org/**', (route) => {
    mapRequested = true;
    return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>mapa</title><p>mapa</p>' });
  });

  const shell = await page.goto('/');
  expect(shell!.status()).toBe(200);
  const shellHeaders = shell!.headers();
  expectSecurityHeaders(shellHeaders, 'shell');
  const csp = shellHeaders['content-security-policy']!;
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toContain("'unsafe-inline'");
  expect(csp).not.toContain("'unsafe-eval'");
  expect(csp).toMatch(/frame-src [^;]*https:\/\/www\.openstreetmap\.org/);
  await expect(page.getByRole('heading', { level: 1, name: 'Próximos Eventos' })).toBeVisible();

  const title = DEMO_EVENTS.conference.title;
  await page
    .getByRole('link', { name: new RegExp(title) })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  const map = dialog.locator('iframe.venue-map');
  await map.scrollIntoViewIfNeeded(); // loading="lazy"
  await expect(map).toHaveAttribute('src', /^https:\/\/www\.openstreetmap\.org\/export\/embed\.html/);
  await expect.poll(() => mapRequested).toBe(true);
  await expect(page.frameLocator('iframe.venue-map').getByText('mapa')).toBeVisible();

  await page.goto('/auth/login');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Let late work (lazy chunks, the service worker registration, images) happen before judging.
  await page.waitForLoadState('networkidle');
  expect(violations).toEqual([]);
});

test('a static asset, auth and the API answer with the security headers', async ({ page, request }) => {
  const assets: string[] = [];
  page.on('response', (res) => {
    if (new URL(res.url()).pathname.startsWith('/assets/')) assets.push(res.url());
  });
  await page.goto('/');
  await expect.poll(() => assets.length).toBeGreaterThan(0);
  const asset = await request.get(assets[0]!);
  expect(asset.status()).toBe(200);
  expectSecurityHeaders(asset.headers(), 'asset');

  for (const path of ['/auth/v1/settings', '/functions/v1/api/health']) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    expectSecurityHeaders(res.headers(), path);
    expect(res.headers()['content-security-policy'], path).toContain("default-src 'none'");
  }
});
