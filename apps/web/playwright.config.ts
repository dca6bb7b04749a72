import { defineConfig, devices } from '@playwright/test';

// Run through `npm run test:e2e` (scripts/e2e.mjs), which picks two free ports and a fresh data
// directory and checks that Debian's Chromium is there. Nothing is downloaded. Webpay is the
// API's loopback stand-in, whose payment form has the buttons 'Pagar', 'Rechazar', 'Anular compra'.
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;
const webpayPort = Number(process.env.E2E_WEBPAY_PORT ?? 3101);
const webpayURL = `http://127.0.0.1:${webpayPort}`;

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: process.env.CI ? 'list' : [['list']],
  timeout: 30_000,
  use: {
    baseURL,
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
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } },
    {
      name: 'mobile',
      use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, channel: undefined },
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
    {
      // The built server (scripts/e2e.mjs builds it when stale), as production runs it.
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
        DATA_DIR: process.env.E2E_DATA_DIR ?? '',
        ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}),
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_MAX: '100000',
        RATE_LIMIT_FORMS_MAX: '100000',
        // Both runs' guests buy from one address; unpaid orders wait while a payment is tried.
        ORDER_GUEST_UNPAID_MAX: '100',
        ORDER_GUEST_UNPAID_MAX_UNITS: '10000',
        ORDER_GUEST_UNPAID_MAX_TOTAL: '1000000000',
        // GET /api/dev/correos: the tests follow the links of the e-mails kept in the outbox.
        DEV_OUTBOX_API: '1',
        // Webpay's integration environment, reached at the stand-in; it sends the buyer back here.
        WEBPAY_API_URL: webpayURL,
        PUBLIC_URL: baseURL,
      },
    },
  ],
});
