import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { startServer, stopServer } from '../../../scripts/lib/server-process.mjs';

/**
 * A server-rendered page is on screen before React owns it: typing into it then would be lost,
 * as for a shopper on a slow phone. Every page load waits until the app has hydrated (main.tsx
 * marks <html data-hydrated>), as a test of what the page does, not of how fast it hydrates.
 */
async function waitForApp(page: Page, response: Awaited<ReturnType<Page['goto']>>) {
  if (!response || !(response.headers()['content-type'] ?? '').startsWith('text/html')) return;
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

/** Every browser test fails on an uncaught page error. */
export const test = base.extend<{ pageErrors: Error[] }>({
  page: async ({ page }, provide) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args) => {
      const response = await goto(...args);
      await waitForApp(page, response);
      return response;
    };
    page.reload = async (...args) => {
      const response = await reload(...args);
      await waitForApp(page, response);
      return response;
    };
    await provide(page);
  },
  pageErrors: [
    async ({ page }, use) => {
      const errors: Error[] = [];
      page.on('pageerror', (error) => errors.push(error));
      await use(errors);
      expect(errors, 'errores no capturados en la página').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** axe-core on the current page: no violation of WCAG 2.1 A/AA rules. */
export async function expectNoA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary).toEqual([]);
}

export const CLIENT = { correo: 'cliente@gmail.com', pass: 'cliente123' };
export const ADMIN = { correo: 'admin@duoc.cl', pass: 'admin123' };

/** Logs in through the login form; the caller checks where it lands. */
export async function logIn(page: Page, { correo, pass }: { correo: string; pass: string }) {
  await page.goto('/login');
  await page.getByLabel('Correo', { exact: true }).fill(correo);
  await page.getByLabel('Contraseña', { exact: true }).fill(pass);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
}

/** The number of the order the page shows, from its heading 'Pedido NB-000123'. */
export async function orderNumberOnPage(page: Page): Promise<string> {
  const heading = page.getByRole('heading', { level: 1, name: /^Pedido NB-\d{6}$/ });
  await expect(heading).toBeVisible();
  return (await heading.textContent())!.replace('Pedido ', '').trim();
}

/** A shop server of a spec's own (startOwnServer). */
export interface OwnServer {
  /** Its origin, for `page.goto(\`${base}/…\`)` and API calls. */
  base: string;
  stop: () => Promise<void>;
}

/**
 * Starts a shop of the spec's own, on its own port and a fresh data directory, with `env` added
 * (a stand-in's address, a setting to try), so the shared servers keep their settings and data.
 * Call it in `beforeAll` (with a generous timeout: the first start migrates and seeds) and
 * `stop` it in `afterAll`.
 */
export async function startOwnServer(
  name: string,
  env: Record<string, string>,
): Promise<OwnServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `nexbyte-e2e-${name}-`));
  const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });
  try {
    const server = await startServer(
      {
        DATA_DIR: dataDir,
        ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}),
        LOG_LEVEL: 'warn',
        RATE_LIMIT_MAX: '100000',
        RATE_LIMIT_FORMS_MAX: '100000',
        ...env,
      },
      { inheritEnv: false, readyTimeoutMs: 120_000 },
    );
    return {
      base: server.origin,
      stop: async () => {
        await stopServer(server);
        removeDataDir();
      },
    };
  } catch (err) {
    removeDataDir();
    throw err;
  }
}
