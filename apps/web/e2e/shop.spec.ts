import type { Locator, Page } from '@playwright/test';
import { ADMIN, expect, expectNoA11yViolations, test } from './fixtures';

// The same server and database serve the desktop and the mobile run, one after the other, and
// other tests may add or deactivate products: every number here is read from the page.

/** '$54.990' → 54990; '-$4.599' → -4599. */
function pesos(text: string | null): number {
  const digits = Number((text ?? '').replace(/[^\d]/g, ''));
  return (text ?? '').trim().startsWith('-') ? -digits : digits;
}

function summaryAmount(page: Page, label: string): Locator {
  return page
    .getByRole('complementary', { name: 'Resumen' })
    .locator('dt', { hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd');
}

async function waitForResults(page: Page) {
  await expect(page.locator('.catalog-count')).toHaveText(/^\d+ resultados?$/);
  await expect(page.locator('.product-grid[aria-busy="true"]')).toHaveCount(0);
}

/** The product screen's danger alert inside the shop's layout, with nothing to add to the cart. */
async function expectMissingProduct(page: Page) {
  const alert = page.getByRole('alert').filter({ hasText: 'No se pudo encontrar el producto.' });
  await expect(alert).toBeVisible();
  await expect(alert).toHaveClass(/alert--danger/);
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Añadir al carrito/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Volver a productos' })).toBeVisible();
}

/** Cards whose 'Añadir al carrito' can be pressed. */
function availableCards(page: Page): Locator {
  return page
    .getByRole('article')
    .filter({ has: page.getByRole('button', { name: /^Añadir al carrito/ }) });
}

const cartPill = (page: Page) => page.getByRole('banner').getByTestId('cart-count');

test.describe('comprar en la tienda', () => {
  test('buscar, ver un detalle, añadir, cambiar la cantidad, usar NEX10 y deshacer una eliminación', async ({
    page,
  }) => {
    await page.goto('/productos');
    await waitForResults(page);

    await page.getByRole('combobox', { name: 'Buscar' }).fill('Kingston');
    await expect(page).toHaveURL(/[?&]q=Kingston/);
    // Until the new results arrive the previous ones stay on screen.
    await expect(page.getByRole('article').filter({ hasNotText: /Kingston/i })).toHaveCount(0);
    await waitForResults(page);
    const cards = availableCards(page);
    expect(await cards.count()).toBeGreaterThanOrEqual(2);

    // Open the first product and add it from its page.
    const firstName = (await cards.first().getByRole('heading').textContent())!.trim();
    const secondName = (await cards.nth(1).getByRole('heading').textContent())!.trim();
    await cards.first().getByRole('link', { name: firstName }).click();
    await expect(page.getByRole('heading', { level: 1, name: firstName })).toBeVisible();
    await expect(page).toHaveTitle(`${firstName} | Nexbyte`);
    await expect(page.getByText('Garantía: 6 meses')).toBeVisible();
    const detailPrice = pesos(await page.locator('.product-detail__price').textContent());
    await page.getByRole('button', { name: 'Añadir al carrito' }).click();
    await expect(cartPill(page)).toHaveText('1');

    // Back on the list, the search is still there; add a second product from its card.
    await page.goBack();
    await expect(page.getByRole('combobox', { name: 'Buscar' })).toHaveValue('Kingston');
    await waitForResults(page);
    await page.getByRole('button', { name: `Añadir al carrito ${secondName}` }).click();
    await expect(cartPill(page)).toHaveText('2');

    await page.goto('/carrito');
    await expect(page.getByRole('heading', { level: 1, name: 'Carrito' })).toBeVisible();
    const firstRow = page.getByRole('row').filter({ hasText: firstName });
    const secondRow = page.getByRole('row').filter({ hasText: secondName });
    expect(pesos(await firstRow.locator('td[data-label="Precio"]').textContent())).toBe(
      detailPrice,
    );

    await firstRow.getByRole('button', { name: `Aumentar cantidad de ${firstName}` }).click();
    await expect(firstRow.getByRole('spinbutton')).toHaveValue('2');
    await expect(cartPill(page)).toHaveText('3');

    const secondPrice = pesos(await secondRow.locator('td[data-label="Precio"]').textContent());
    const subtotal = 2 * detailPrice + secondPrice;
    await expect(summaryAmount(page, 'Subtotal')).toHaveText(/\$/);
    expect(pesos(await summaryAmount(page, 'Subtotal').textContent())).toBe(subtotal);

    await page.getByRole('textbox', { name: 'Cupón de descuento' }).fill(' nex10 ');
    await page.getByRole('button', { name: 'Aplicar' }).click();
    await expect(page.getByText('Aplicado: 10% de descuento')).toBeVisible();

    const discount = Math.floor(subtotal / 10);
    const shipping = subtotal >= 80000 ? 0 : 3990;
    expect(pesos(await summaryAmount(page, 'Descuento').textContent())).toBe(-discount);
    await expect(summaryAmount(page, 'Envío')).toHaveText(shipping === 0 ? 'Gratis' : '$3.990');
    expect(pesos(await summaryAmount(page, 'Total').textContent())).toBe(
      subtotal - discount + shipping,
    );

    // Remove the second line and bring it back with 'Deshacer'.
    await secondRow.getByRole('button', { name: `Eliminar ${secondName}` }).click();
    await expect(page.getByRole('link', { name: secondName })).toHaveCount(0);
    expect(pesos(await summaryAmount(page, 'Subtotal').textContent())).toBe(2 * detailPrice);
    await page.getByRole('button', { name: 'Deshacer' }).click();
    await expect(page.getByRole('link', { name: secondName })).toBeVisible();
    expect(pesos(await summaryAmount(page, 'Subtotal').textContent())).toBe(subtotal);

    // The cart survives a reload.
    await page.reload();
    await expect(
      page.getByRole('row').filter({ hasText: firstName }).getByRole('spinbutton'),
    ).toHaveValue('2');
    await expect(cartPill(page)).toHaveText('3');
  });

  test('los filtros quedan en la dirección y sobreviven a recargar', async ({ page }) => {
    await page.goto('/productos');
    await waitForResults(page);

    await page.getByRole('combobox', { name: 'Categoría' }).selectOption('Almacenamiento');
    await page.getByRole('spinbutton', { name: 'Precio mínimo' }).fill('30000');
    await page.getByRole('combobox', { name: 'Ordenar por' }).selectOption({
      label: 'Precio: menor a mayor',
    });
    await expect(page).toHaveURL(/categoria=Almacenamiento/);
    await expect(page).toHaveURL(/min=30000/);
    await expect(page).toHaveURL(/orden=precio_asc/);

    await page.reload();

    await expect(page.getByRole('combobox', { name: 'Categoría' })).toHaveValue('Almacenamiento');
    await expect(page.getByRole('spinbutton', { name: 'Precio mínimo' })).toHaveValue('30000');
    await expect(page.getByRole('combobox', { name: 'Ordenar por' })).toHaveValue('precio_asc');
    await waitForResults(page);
    const cards = page.getByRole('article');
    const prices: number[] = [];
    for (const card of await cards.all()) {
      await expect(card.locator('.product-card__category')).toHaveText('Almacenamiento');
      prices.push(pesos(await card.locator('.product-card__price').textContent()));
    }
    expect(prices.length).toBeGreaterThan(0);
    expect(prices.every((price) => price >= 30000)).toBe(true);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));

    await page.getByRole('button', { name: 'Limpiar filtros' }).click();
    await expect(page).toHaveURL(/\/productos$/);
    await expect(page.getByRole('combobox', { name: 'Categoría' })).toHaveValue('');
  });

  test('un producto sin stock no se puede añadir', async ({ page, request }) => {
    const products = (await (await request.get('/api/productos?limite=100')).json()) as {
      id: number;
      nombre: string;
      stock: number;
    }[];
    const soldOut = products.find((product) => product.stock === 0);
    test.skip(!soldOut, 'no hay productos activos sin stock');

    await page.goto(`/productos/detalle/${soldOut!.id}`);
    await expect(page.getByRole('heading', { level: 1, name: soldOut!.nombre })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sin stock' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Añadir al carrito' })).toHaveCount(0);

    await page.goto(`/productos?${new URLSearchParams({ q: soldOut!.nombre })}`);
    await waitForResults(page);
    const card = page.getByRole('article').filter({ hasText: soldOut!.nombre });
    await expect(card.getByRole('button', { name: /^Sin stock/ })).toBeDisabled();
    await expect(cartPill(page)).toHaveText('0');
  });

  test('un producto desconocido o inactivo responde 404 con la alerta del producto, también al navegar', async ({
    page,
    request,
  }) => {
    const login = await request.post('/api/auth/login', { data: ADMIN });
    const { token } = (await login.json()) as { token: string };
    const inactive = await request.get('/api/productos?estado=inactivos&limite=1', {
      headers: { authorization: `Bearer ${token}` },
    });
    const [inactivo] = (await inactive.json()) as { id: number }[];
    expect(inactivo, 'la demostración trae un producto inactivo').toBeDefined();
    // What the app logs (the browser's own 'Failed to load resource' for a 404 is expected).
    const errors: string[] = [];
    page.on('console', (message) => {
      const text = message.text();
      if (message.type() === 'error' && !text.startsWith('Failed to load resource')) {
        errors.push(text);
      }
    });

    for (const url of ['/productos/detalle/987654321', `/productos/detalle/${inactivo!.id}`]) {
      // The server's first HTML already says it, with its 404.
      const first = await request.get(url);
      expect(first.status(), url).toBe(404);
      expect(await first.text(), url).toContain('No se pudo encontrar el producto.');

      const response = await page.goto(url);
      expect(response?.status(), url).toBe(404);
      await expectMissingProduct(page);
    }

    // Client navigation shows the same screen.
    await page.goto('/productos');
    await waitForResults(page);
    await page.evaluate(() => {
      window.history.pushState({}, '', '/productos/detalle/987654321');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expectMissingProduct(page);
    expect(errors).toEqual([]);
  });

  test('un id que no es número responde 404 con la alerta de producto no disponible', async ({
    page,
  }) => {
    const response = await page.goto('/productos/detalle/abc');
    expect(response?.status()).toBe(404);
    await expect(page.locator('.alert--warning')).toHaveText('Producto no disponible.');
    await expect(page.getByRole('button', { name: /^Añadir al carrito/ })).toHaveCount(0);
  });

  test('el carrito se usa en el teléfono sin desplazamiento lateral', async ({
    page,
    isMobile,
  }) => {
    test.skip(!isMobile, 'la barra inferior solo se muestra en pantallas angostas');
    await page.goto('/productos');
    await waitForResults(page);
    await availableCards(page)
      .first()
      .getByRole('button', { name: /^Añadir al carrito/ })
      .click();
    await page.goto('/carrito');
    const bar = page.locator('.cart-mobile-bar');
    await expect(bar).toBeVisible();
    await expect(bar.getByRole('link', { name: 'Pagar' })).toHaveAttribute('href', '/checkout');
    expect(pesos(await bar.locator('strong').textContent())).toBe(
      pesos(await summaryAmount(page, 'Total').textContent()),
    );
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

const INSTALLMENTS = /^Hasta 12 cuotas sin interés de \$[\d.]+$/;

test.describe('cuotas sin interés (CUOTAS_SIN_INTERES_MAX=12)', () => {
  test('el servidor ya las escribe en la lista y en el detalle, y el carrito divide su total', async ({
    page,
    request,
  }) => {
    // In the server's HTML, before any script: nothing moves when the page hydrates.
    const list = await (await request.get('/productos')).text();
    expect(list).toMatch(/product-card__installments">Hasta 12 cuotas sin interés de \$[\d.]+</);

    await page.goto('/productos');
    await waitForResults(page);
    const card = availableCards(page).first();
    const name = (await card.getByRole('heading').textContent())!.trim();
    const price = pesos(await card.locator('.product-card__price').textContent());
    const perInstallment = `$${Math.ceil(price / 12).toLocaleString('es-CL')}`;
    await expect(card.locator('.product-card__installments')).toHaveText(
      `Hasta 12 cuotas sin interés de ${perInstallment}`,
    );
    await card.getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.locator('.product-detail__installments')).toHaveText(
      `Hasta 12 cuotas sin interés de ${perInstallment}`,
    );
    const detail = await (await request.get(page.url())).text();
    expect(detail).toContain(`Hasta 12 cuotas sin interés de ${perInstallment}`);

    await page.getByRole('button', { name: 'Añadir al carrito' }).click();
    await page.goto('/carrito');
    const total = pesos(await summaryAmount(page, 'Total').textContent());
    await expect(
      page.getByRole('complementary', { name: 'Resumen' }).getByText(INSTALLMENTS),
    ).toHaveText(
      `Hasta 12 cuotas sin interés de $${Math.ceil(total / 12).toLocaleString('es-CL')}`,
    );
  });
});

test.describe('accesibilidad de las pantallas de compra', () => {
  test('inicio, lista, detalle y carrito (vacío y con productos) pasan axe', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Destacados' })).toBeVisible();
    await expect(page.getByText('Cargando…')).toHaveCount(0);
    await expectNoA11yViolations(page);

    await page.goto('/productos');
    await waitForResults(page);
    await expect(page.locator('.product-card__installments').first()).toHaveText(INSTALLMENTS);
    await expectNoA11yViolations(page);

    const card = availableCards(page).first();
    const name = (await card.getByRole('heading').textContent())!.trim();
    await card.getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.locator('.product-detail__installments')).toHaveText(INSTALLMENTS);
    await expectNoA11yViolations(page);

    await page.goto('/carrito');
    await expect(page.getByText('Tu carrito está vacío.')).toBeVisible();
    await expectNoA11yViolations(page);

    await page.goBack();
    await page.getByRole('button', { name: 'Añadir al carrito' }).click();
    await page.goto('/carrito');
    await expect(page.getByRole('table')).toBeVisible();
    await page.getByRole('textbox', { name: 'Cupón de descuento' }).fill('NOEXISTE');
    await page.getByRole('button', { name: 'Aplicar' }).click();
    await expect(page.locator('.form-field__error')).toHaveText('Cupón inválido.');
    await expect(page.locator('.cart-summary__installments')).toHaveText(INSTALLMENTS);
    await expectNoA11yViolations(page);
  });
});
