import type { Page } from '@playwright/test';
import { expect, expectNoA11yViolations, test } from './fixtures';

// The list's brand and specification filters on the real server with the demo catalogue
// (demo-data.ts: DEMO_FICHAS), at the desktop size and on a phone (390 × 844), by keyboard.

const DISCLOSURE = 'Filtrar por marca y características';

async function waitForResults(page: Page) {
  await expect(page.locator('.catalog-count')).toHaveText(/^\d+ resultados?$/);
  await expect(page.locator('.product-grid[aria-busy="true"]')).toHaveCount(0);
}

/** Opens the filters if they start folded (a phone), from the keyboard. */
async function openFilters(page: Page, folded: boolean) {
  const summary = page.locator('summary', { hasText: DISCLOSURE });
  await expect(summary).toBeVisible();
  const details = page.locator('details.catalog-facets');
  if (folded) {
    await expect(details).not.toHaveAttribute('open');
    await summary.focus();
    await page.keyboard.press('Enter');
  }
  await expect(details).toHaveAttribute('open');
}

/** Ticks a checkbox from the keyboard, as someone without a pointer would. */
async function tick(page: Page, name: string) {
  const box = page.getByRole('checkbox', { name, exact: true });
  await box.focus();
  await page.keyboard.press('Space');
  await expect(box).toBeChecked();
}

test('filtra por marca y por un valor de especificación, con sus cantidades, y recargar los mantiene', async ({
  page,
  isMobile,
}) => {
  await page.goto('/productos?categoria=Almacenamiento');
  await waitForResults(page);
  await expect(page.locator('.catalog-count')).toHaveText('6 resultados');
  await openFilters(page, isMobile);

  const marca = page.getByRole('group', { name: 'Marca' });
  await expect(marca.getByRole('checkbox')).toHaveCount(5);
  await expect(marca.getByRole('checkbox', { name: 'Kingston (2)' })).toBeVisible();
  await expectNoA11yViolations(page);

  await tick(page, 'Kingston (2)');
  await expect(page).toHaveURL(/marca=Kingston/);
  await waitForResults(page);
  await expect(page.locator('.catalog-count')).toHaveText('2 resultados');

  // Within Kingston, each capacity leaves one product.
  const capacidad = page.getByRole('group', { name: 'Capacidad' });
  await expect(capacidad.getByRole('checkbox', { name: '1 TB (1)' })).toBeVisible();
  await tick(page, '1 TB (1)');
  await expect(page).toHaveURL(/espec=Capacidad%3A1(\+|%20)TB/);
  await waitForResults(page);
  await expect(page.locator('.catalog-count')).toHaveText('1 resultado');
  await expect(page.getByRole('heading', { name: 'SSD Kingston NV2 1 TB NVMe' })).toBeVisible();
  // The brands now count within 1 TB, and stay offered as alternatives.
  await expect(marca.getByRole('checkbox', { name: 'WD (1)' })).not.toBeChecked();

  await page.reload();
  await waitForResults(page);
  await expect(page.locator('.catalog-count')).toHaveText('1 resultado');
  await openFilters(page, isMobile);
  await expect(page.getByRole('checkbox', { name: 'Kingston (1)' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: '1 TB (1)' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: '64 GB (1)' })).not.toBeChecked();
  await expectNoA11yViolations(page);
});
