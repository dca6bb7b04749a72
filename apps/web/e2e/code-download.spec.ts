import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * Makes the first `failures` requests for the code file `file` fail, as a bad network does. The
 * page may ask for a file twice, as a preload and as the import: failing both fails the import.
 */
async function failDownloads(page: Page, file: string, failures: number): Promise<() => number> {
  let requests = 0;
  await page.route(
    (url) => url.pathname === file,
    (route) => {
      requests += 1;
      return requests <= failures ? route.abort('connectionreset') : route.continue();
    },
  );
  return () => requests;
}

/** The built file of a source module, from the build's manifest. */
function builtFile(source: string): string {
  const dist = process.env.WEB_DIST_DIR ?? path.join(import.meta.dirname, '..', 'dist');
  const manifest = JSON.parse(
    readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'),
  ) as Record<string, { file: string }>;
  return `/${manifest[source]!.file}`;
}

test.describe("the app's code on a network that drops a request", () => {
  test('a page whose app code fails to download at first still comes alive', async ({ page }) => {
    const requests = await failDownloads(page, builtFile('src/start-app.tsx'), 2);
    // The fixture's goto waits until the app has hydrated the page.
    await page.goto('/productos');
    expect(requests()).toBeGreaterThanOrEqual(3);
    // The suggestions come from the app: it owns the page.
    await page.getByRole('combobox', { name: 'Buscar' }).fill('mecanico');
    await expect(
      page
        .getByRole('listbox')
        .getByRole('option', { name: /Teclado mecánico/ })
        .first(),
    ).toBeVisible();
  });

  test('a screen whose code fails to download at first still opens', async ({ page, isMobile }) => {
    await page.goto('/');
    const requests = await failDownloads(page, builtFile('src/app/routes/products.tsx'), 2);
    if (isMobile) await page.getByRole('button', { name: 'Abrir menú' }).click();
    await page.getByRole('link', { name: 'Productos', exact: true }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Productos' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Algo salió mal' })).toHaveCount(0);
    expect(requests()).toBeGreaterThanOrEqual(3);
  });
});
