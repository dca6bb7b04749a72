import { defineConfig, devices } from '@playwright/test';

// Run through `npm run test:e2e` (scripts/e2e.mjs), which picks three free ports and two fresh data
// directories and checks that Debian's Chromium is there. Nothing is downloaded. Webpay is the
// API's loopback stand-in, whose payment form has the buttons 'Pagar', 'Rechazar', 'Anular compra'.
//
// Each project has a server and a database of its own, so the desktop and the phone runs go side
// by side without seeing each other's orders, stock or accounts; within a project the specs run
// one at a time, in order, on that project's server, as they share its data.
const webpayPort = Number(process.env.E2E_WEBPAY_PORT ?? 3101);
const webpayURL = `http://127.0.0.1:${webpayPort}`;
const desktop = server(Number(process.env.E2E_PORT ?? 3100), process.env.E2E_DATA_DIR);
const mobile = server(Number(process.env.E2E_MOBILE_PORT ?? 3102), process.env.E2E_MOBILE_DATA_DIR);
// CI gets whatever machine it is given: two cores shared by two browsers, two servers and their
// databases. There a test, and each expectation in it, waits twice as long before it fails: a slow
// machine is not a broken shop. Tests that set their own time-out keep it.
const patience = process.env.CI ? 2 : 1;

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  // One worker per project (each project's `workers: 1` below).
  workers: 2,
  forbidOnly: !!process.env.CI,
  // On CI a failed test runs once more, and the report lists it as flaky: on a machine whose two
  // cores are starved (see `patience`) a test can fail on timing alone. One that fails twice
  // fails the run.
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? 'list' : [['list']],
  timeout: 30_000 * patience,
  expect: { timeout: 5_000 * patience },
  use: {
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'desktop',
      workers: 1,
      use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: desktop.baseURL },
    },
    {
      name: 'mobile',
      workers: 1,
      use: {
        ...devices['Pixel 7'],
        viewport: { width: 390, height: 844 },
        channel: undefined,
        baseURL: mobile.baseURL,
      },
    },
  ],
  webServer: [
    {
      command: 'node --import tsx ../api/src/test/webpay-stand-in.main.ts',
      // Its REST paths answer 401 without the commerce's keys: enough to know it listens.
      url: `${webpayURL}/rswebpaytransaction/api/webpay/v1.2/transactions/arranque`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
      env: { PORT: String(webpayPort) },
    },
    desktop.webServer,
    mobile.webServer,
  ],
});

/** The built server (scripts/e2e.mjs builds it when stale), as production runs it. */
function server(port: number, dataDir: string | undefined) {
  const baseURL = `http://127.0.0.1:${port}`;
  return {
    baseURL,
    webServer: {
      command: 'node ../api/dist/server.mjs',
      url: `${baseURL}/api/categorias`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir ?? '',
        ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}),
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_MAX: '100000',
        RATE_LIMIT_FORMS_MAX: '100000',
        // Every guest of a run buys from one address; unpaid orders wait while a payment is tried.
        ORDER_GUEST_UNPAID_MAX: '100',
        ORDER_GUEST_UNPAID_MAX_UNITS: '10000',
        ORDER_GUEST_UNPAID_MAX_TOTAL: '1000000000',
        // GET /api/dev/correos: the tests follow the links of the e-mails kept in the outbox.
        DEV_OUTBOX_API: '1',
        // Webpay's integration environment, reached at the stand-in; it sends the buyer back here.
        WEBPAY_API_URL: webpayURL,
        PUBLIC_URL: baseURL,
        // The shop offers interest-free installments: their line is on every price the tests see.
        CUOTAS_SIN_INTERES_MAX: '12',
      },
    },
  } as const;
}
