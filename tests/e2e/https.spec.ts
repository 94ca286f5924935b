/**
 * The door over HTTPS, signed in, as at a venue: the host listens on every interface (HOST=0.0.0.0)
 * with dev mode off, and phones reach it under a LAN name. Two modes:
 * - TLS_CERT/TLS_KEY: a certificate for a LAN-style name (`porta.congrega.lan`), read from PEM files
 *   as an install with its own certificate does;
 * - TLS=local: the host's own authority and a certificate for PUBLIC_URL's host
 *   (`secretaria.congrega.lan`).
 * In each, a volunteer signs in, opens the door, downloads the list and admits one person by the
 * camera (Chromium's fake camera plays a ticket QR) and one by code, and the server holds both
 * check-ins; a member signs in and opens their ticket. Chromium maps the LAN name to 127.0.0.1
 * (--host-resolver-rules; every other name is unresolvable), and trusts only that certificate's key
 * (--ignore-certificate-errors-spki-list), as a phone that installed the certificate would: no test
 * traffic ever leaves loopback. Each mode has its own host (in memory), apart from the suite's.
 */
import { createHash, X509Certificate } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { createHost, type Host } from '../../server/host.ts';
import { DEMO_ATTENDEES } from '../../server/seed/checkin.ts';
import { DEMO_EVENTS, DEMO_REGISTRATIONS, DEMO_USERS } from '../../server/seed/demo.ts';
import { localCertificate, type TlsFiles, tlsFromEnv } from '../../server/tls.ts';
import { browserWithCameraShowing } from './fake-camera.ts';
import { login } from './login.ts';

const EVENT = DEMO_EVENTS.happeningNow;
/** Passwords an administrator gives the staff and the member on a host with dev mode off. */
const PASSWORD = 'porta-segura-2026';
const first = (name: string) => name.split(' ')[0]!;

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => ok(port));
    });
  });
}

/** The base64 SHA-256 of a certificate's public key: what Chromium is told to trust. */
function spki(certPem: string): string {
  const der = new X509Certificate(certPem).publicKey.export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(der).digest('base64');
}

interface Mode {
  name: string;
  lanName: string;
  /** The TLS settings as server/main.ts reads them from the environment. */
  tls(dir: string, lanName: string): Promise<TlsFiles>;
}

const MODES: Mode[] = [
  {
    name: 'TLS_CERT/TLS_KEY under a LAN name',
    lanName: 'porta.congrega.lan',
    async tls(dir, lanName) {
      // a certificate for the LAN name, in PEM files (made here by the same generator, under a CA of its own)
      const made = await localCertificate(null, [lanName]);
      writeFileSync(join(dir, 'cert.pem'), made.cert);
      writeFileSync(join(dir, 'key.pem'), made.key);
      const tls = await tlsFromEnv(
        { TLS_CERT: join(dir, 'cert.pem'), TLS_KEY: join(dir, 'key.pem') },
        { dataDir: 'memory://', hosts: [] },
      );
      return tls!;
    },
  },
  {
    name: 'TLS=local',
    lanName: 'secretaria.congrega.lan',
    async tls(_dir, lanName) {
      const tls = await tlsFromEnv({ TLS: 'local' }, { dataDir: 'memory://', hosts: [lanName, '0.0.0.0'] });
      return tls!;
    },
  },
];

for (const mode of MODES) {
  test.describe(`the door over HTTPS (${mode.name}), signed in`, () => {
    let host: Host;
    let tls: TlsFiles;
    let origin: string;
    const scanned = DEMO_ATTENDEES[3]!;
    const typed = DEMO_ATTENDEES[4]!;

    test.beforeAll(async () => {
      test.setTimeout(120_000);
      const dir = mkdtempSync(join(tmpdir(), 'congrega-https-'));
      tls = await mode.tls(dir, mode.lanName);
      expect(tls.names).toContain(mode.lanName);
      const port = await freePort();
      origin = `https://${mode.lanName}:${port}`;
      host = await createHost({
        port,
        host: '0.0.0.0',
        dataDir: 'memory://',
        publicUrl: origin,
        tls,
        devHelpers: false,
      });
      expect(host.devHelpers).toBe(false);
      // dev mode off locks the demo passwords: an administrator sets the staff's and the member's
      for (const user of [DEMO_USERS.voluntario, DEMO_USERS.membro]) {
        const res = await fetch(`http://127.0.0.1:${port}/auth/v1/admin/users/${user.id}`, {
          method: 'PUT',
          headers: {
            apikey: host.serviceRoleKey,
            authorization: `Bearer ${host.serviceRoleKey}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({ password: PASSWORD }),
        });
        expect(res.status).toBe(200);
      }
    });

    test.afterAll(async () => {
      await host?.close();
    });

    /** The LAN name is this machine (nothing else resolves, so nothing leaves loopback), and its
     * certificate is trusted as on a phone that installed it (or the local authority). */
    const launch = () =>
      browserWithCameraShowing(`checkin:${scanned.registrationId}`, [
        `--host-resolver-rules=MAP ${mode.lanName} 127.0.0.1, MAP * ~NOTFOUND`,
        `--ignore-certificate-errors-spki-list=${spki(tls.cert)}`,
      ]);

    /** The server's check-ins of the event (over loopback, with the volunteer's token). */
    async function serverCheckedIn(): Promise<string[]> {
      const signIn = await fetch(`http://127.0.0.1:${host.port}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', apikey: host.anonKey },
        body: JSON.stringify({ email: DEMO_USERS.voluntario.email, password: PASSWORD }),
      });
      const { access_token } = (await signIn.json()) as { access_token: string };
      const res = await fetch(
        `http://127.0.0.1:${host.port}/functions/v1/api/v1/admin/checkin/events/${EVENT.id}/roster`,
        { headers: { authorization: `Bearer ${access_token}` } },
      );
      expect(res.status).toBe(200);
      const body = (await res.json()) as { entries: { id: string; checked_in_at: string | null }[] };
      return body.entries.filter((e) => e.checked_in_at).map((e) => e.id);
    }

    test('a volunteer signs in, downloads the list, admits by camera and by code', async () => {
      test.setTimeout(180_000);
      const browser = await launch();
      try {
        const context = await browser.newContext({
          baseURL: origin,
          locale: 'pt-BR',
          timezoneId: 'America/Sao_Paulo',
          permissions: ['camera'],
        });
        const page: Page = await context.newPage();
        await page.goto('/');
        expect(await page.evaluate(() => window.isSecureContext)).toBe(true);
        await login(page, DEMO_USERS.voluntario.email, { password: PASSWORD, redirectTo: '/admin/checkin' });
        // the list downloads to the device, signed in over HTTPS
        await page.getByLabel('Escolha o evento').selectOption(EVENT.id);
        await expect(page.getByText(/^\d+ inscritos neste aparelho$/)).toBeVisible({ timeout: 30_000 });
        await expect(page.getByText(/Não foi possível baixar a lista/)).toHaveCount(0);
        await expect(page.getByText('Você não tem permissão para fazer isso.')).toHaveCount(0);

        await page.getByRole('button', { name: 'Ler QR com a câmera' }).click();
        await expect(page.getByText(`Checkin de ${first(scanned.name)} feito!`)).toBeVisible({
          timeout: 30_000,
        });
        await page.getByRole('button', { name: 'Parar câmera' }).click();

        await page.getByLabel('Código manual ou CPF').fill(typed.seq);
        await page.getByRole('button', { name: 'Fazer checkin' }).click();
        await expect(page.getByText(`Checkin de ${first(typed.name)} feito!`)).toBeVisible();

        // both reach the server through the signed-in API
        await expect(page.getByTestId('door-pending')).toHaveText('Todos os checkins enviados', {
          timeout: 30_000,
        });
        await expect
          .poll(serverCheckedIn, { timeout: 30_000 })
          .toEqual(expect.arrayContaining([scanned.registrationId, typed.registrationId]));
      } finally {
        await browser.close();
      }
    });

    test('a member signs in and opens the ticket', async () => {
      test.setTimeout(120_000);
      const browser = await launch();
      try {
        const context = await browser.newContext({
          baseURL: origin,
          locale: 'pt-BR',
          timezoneId: 'America/Sao_Paulo',
        });
        const page = await context.newPage();
        await login(page, DEMO_USERS.membro.email, { password: PASSWORD });
        const ticket = DEMO_REGISTRATIONS.membroHappeningNow;
        await page.goto(`/my-registrations/${ticket.id}`);
        await expect(page.getByRole('img', { name: /QR code do ingresso/ })).toBeVisible({ timeout: 30_000 });
        await expect(page.getByTestId('manual-code')).toHaveText(
          `${ticket.seq.slice(0, 3)}-${ticket.seq.slice(3)}`,
        );
        // a secure page: the service worker that keeps the ticket offline registers
        const sw = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
        expect(sw).toBe(`${origin}/sw.js`);
      } finally {
        await browser.close();
      }
    });
  });
}
