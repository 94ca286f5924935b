import { defineConfig } from '@playwright/test';
import { SYSTEM_CHROMIUM } from './tests/fixtures/system-chromium.ts';

const port = Number(process.env.E2E_PORT ?? 5199);

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // three on a 2-core machine: the tests mostly wait (on the network, the host, the clock); quiet,
  // 7.3 min with three against 8.4 min with two (docs/performance.md, "Midday of 2026-11-27")
  workers: 3,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    // A failed test keeps its trace (actions, network, console; its error-context.md has the page's
    // snapshot) without screenshots or DOM snapshots: on 2 cores the screenshots cost about a sixth
    // of the suite's time, the DOM snapshots a tenth more (docs/performance.md).
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false },
    launchOptions: SYSTEM_CHROMIUM,
  },
  // The real local host on a fresh in-memory database with the demo seed, serving the built app.
  webServer: {
    command: `npx tsx server/main.ts`,
    // Dev mode on (mailbox, Google picker) whatever the developer's shell says.
    // SIGNUP_LIMIT: every signup of the suite comes from this one machine (README 'Under abuse')
    env: {
      PORT: String(port),
      DATA_DIR: 'memory://',
      HOST: '127.0.0.1',
      DEV_HELPERS: '1',
      SIGNUP_LIMIT: '1000',
    },
    url: `http://localhost:${port}/auth/v1/.well-known/jwks.json`,
    timeout: 120_000,
    reuseExistingServer: false,
  },
});
