/**
 * HTTPS on the LAN (TLS=local): the host listening on every interface with its local certificate
 * serves the app over HTTPS at the machine's LAN address, where Chromium (certificate errors
 * ignored, as on a phone that trusts the local authority) gets a secure context: a service worker
 * and `navigator.mediaDevices` (the door's camera). The certificate is valid for that address under
 * the local authority; plain HTTP from the LAN is sent to HTTPS, except the authority's certificate.
 * Its own host (in memory), apart from the suite's plain-HTTP one.
 */
import { connect } from 'node:tls';
import { chromium, expect, test } from '@playwright/test';
import { createHost, type Host } from '../../server/host.ts';
import { CA_PATH, localCertificate, localNames, type TlsFiles } from '../../server/tls.ts';

let host: Host;
let tls: TlsFiles;
let lan: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const names = localNames();
  // a non-loopback IPv4 address of this machine when it has one (else loopback, still over HTTPS)
  lan = names.find((n) => /^\d+\.\d+\.\d+\.\d+$/.test(n) && !n.startsWith('127.')) ?? '127.0.0.1';
  tls = await localCertificate(null, names);
  host = await createHost({ port: 0, host: '0.0.0.0', dataDir: 'memory://', tls, devHelpers: false });
});

test.afterAll(async () => {
  await host?.close();
});

const port = () => new URL(host.url).port;

test('the local certificate is valid for the LAN address under the local authority', async () => {
  const authorized = await new Promise<boolean>((resolve, reject) => {
    // Node checks the chain against the authority and the address against the certificate's names
    const socket = connect({ host: lan, port: Number(port()), ca: tls.caCert }, () => {
      resolve(socket.authorized);
      socket.end();
    });
    socket.on('error', reject);
  });
  expect(authorized).toBe(true);
  // plain HTTP from the LAN: the authority's certificate, else a redirect to HTTPS
  const ca = await fetch(`http://${lan}:${port()}${CA_PATH}`);
  expect(await ca.text()).toBe(tls.caCert);
  if (lan !== '127.0.0.1') {
    const plain = await fetch(`http://${lan}:${port()}/admin/checkin`, { redirect: 'manual' });
    expect(plain.status).toBe(308);
    expect(plain.headers.get('location')).toBe(`https://${lan}:${port()}/admin/checkin`);
  }
});

test('on the LAN address over HTTPS, Chromium gets a service worker and the camera API', async () => {
  test.setTimeout(90_000);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--ignore-certificate-errors', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage();
    await page.goto(`https://${lan}:${port()}/`);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    expect(await page.evaluate(() => window.isSecureContext)).toBe(true);
    expect(await page.evaluate(() => typeof navigator.mediaDevices?.getUserMedia)).toBe('function');
    // the app registers its service worker a few seconds after load
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
    expect(scope).toBe(`https://${lan}:${port()}/sw.js`);
  } finally {
    await browser.close();
  }
});
