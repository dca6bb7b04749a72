import type { Locator } from '@playwright/test';
import { expect, expectNoA11yViolations, test } from './fixtures';

// 'Comparar' on the real server with the demo catalogue's processors: three chosen from their
// cards, the choice kept across a reload, another category refused, and /comparar's table, at
// the desktop size and on a phone (390 × 844).

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Presses 'Comparar' until the page, hydrated, takes it (a press before hydration is lost). */
async function choose(button: Locator) {
  await expect(async () => {
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'true', { timeout: 1000 });
  }).toPass();
}

test('compara tres procesadores: bandeja, recarga, otra categoría y la tabla', async ({
  page,
  isMobile,
}) => {
  await page.goto('/productos?categoria=Componentes&componente=tipo%3APROCESADOR');
  await expect(page.locator('.catalog-count')).toHaveText(/^\d+ resultados$/);
  // Each pressed button becomes 'Quitar de comparar …': the first 'Comparar' is the next one.
  const next = page.getByRole('button', { name: /^Comparar / }).first();
  const names: string[] = [];
  for (let i = 0; i < 3; i++) {
    const name = (await next.textContent())!.replace(/^Comparar\s*/, '').trim();
    await choose(
      page.getByRole('button', { name: new RegExp(`(Comparar|comparar) ${escape(name)}$`) }),
    );
    names.push(name);
  }
  const tray = page.getByRole('complementary', { name: 'Comparación' });
  await expect(tray).toContainText('3 productos para comparar');
  await expectNoA11yViolations(page);

  // The choice is the browser's: a reload keeps it.
  await page.reload();
  await expect(tray.getByRole('link', { name: 'Comparar (3)' })).toBeVisible();

  // A product of another category is refused, with the reason.
  await page.goto('/productos?categoria=Perif%C3%A9ricos');
  const other = page.getByRole('button', { name: /^Comparar / }).first();
  const refusal = page.getByText(
    'Solo se comparan productos de una misma categoría: tu comparación es de Componentes. Vacíala para comparar Periféricos.',
  );
  await expect(async () => {
    await other.click();
    await expect(refusal).toBeVisible({ timeout: 1000 });
  }).toPass();
  await expect(other).toHaveAttribute('aria-pressed', 'false');

  await tray.getByRole('link', { name: 'Comparar (3)' }).click();
  await expect(page).toHaveURL(/\/comparar$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Comparar productos' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Comparación de 3 productos' });
  await expect(table.getByRole('columnheader')).toHaveCount(3);
  for (const name of names) {
    await expect(table.getByRole('link', { name, exact: true })).toBeVisible();
  }
  // Three processors differ at least in price and in their typed values.
  await expect(table.locator('.compare-table__row--differs').first()).toBeVisible();
  await expect(table.getByRole('rowheader', { name: /^Socket/ })).toBeVisible();
  await expectNoA11yViolations(page);

  if (isMobile) {
    // On a phone the table scrolls sideways inside its region, the rows' names kept in view.
    const region = page.getByRole('region', { name: 'Tabla de comparación' });
    const wide = await region.evaluate((el) => el.scrollWidth > el.clientWidth);
    expect(wide).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await region.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    const precio = table.getByRole('rowheader', { name: /^Precio/ });
    const [cell, box] = [await precio.boundingBox(), await region.boundingBox()];
    expect(cell!.x).toBeGreaterThanOrEqual(box!.x - 1);
  }

  await table.getByRole('button', { name: `Quitar ${names[2]}` }).click();
  await expect(page.getByRole('table', { name: 'Comparación de 2 productos' })).toBeVisible();
});
