import { expect, expectNoA11yViolations, test } from './fixtures';

test.describe('the shop shell served by the API', () => {
  test('the home page loads with the header, the footer and the shop name', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: /Nexbyte/ }).first()).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText(
      `© ${new Date().getFullYear()} Nexbyte`,
    );
    await expectNoA11yViolations(page);
  });

  test('a deep link opens its screen directly', async ({ page }) => {
    const response = await page.goto('/productos/detalle/1');
    expect(response?.status()).toBe(200);
    await expect(page.locator('main')).toContainText('1');
  });

  test('an unknown path shows the not-found screen', async ({ page }) => {
    await page.goto('/esto-no-existe');
    await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible();
  });

  test('the page reaches the API on the same origin despite the strict CSP', async ({ page }) => {
    await page.goto('/');
    const count = await page.evaluate(async () => {
      const res = await fetch('/api/productos');
      return ((await res.json()) as unknown[]).length;
    });
    expect(count).toBeGreaterThanOrEqual(40);
  });
});

test.describe('the mobile menu', () => {
  test('opens by keyboard, keeps focus inside, locks scrolling and closes on Escape', async ({
    page,
    isMobile,
  }) => {
    test.skip(!isMobile, 'the hamburger is only shown on narrow screens');
    await page.goto('/');
    const button = page.getByRole('button', { name: 'Abrir menú' });
    await button.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('dialog', { name: 'Menú' });
    await expect(menu).toBeVisible();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(page.locator('html')).toHaveClass(/is-scroll-locked/);
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect(await menu.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(page.locator('html')).not.toHaveClass(/is-scroll-locked/);
    await expect(button).toBeFocused();
  });
});
