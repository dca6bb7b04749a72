import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, expectNoA11yViolations, test } from './fixtures';

// The search box of /productos, its suggestions and '¿Quisiste decir …?', on the real server with
// the demo catalogue. The desktop and the mobile run share one server; the one product added here
// is added once.

const ADMIN = { correo: 'admin@duoc.cl', pass: 'admin123' };
/** The demo catalogue has no 'Ratón': the test adds one, written with its accent. */
const RATON = 'Ratón vertical ergonómico Ugreen';

/** Adds RATON through the API as the admin, unless an earlier run already did. */
async function ensureRaton(request: APIRequestContext) {
  const found = await request.get(`/api/productos?q=${encodeURIComponent(RATON)}&limite=100`);
  const products = (await found.json()) as { nombre: string }[];
  if (products.some((p) => p.nombre === RATON)) return;

  const login = await request.post('/api/auth/login', { data: ADMIN });
  const { token } = (await login.json()) as { token: string };
  const categorias = (await (await request.get('/api/categorias')).json()) as {
    id: number;
    nombre: string;
  }[];
  const perifericos = categorias.find((c) => c.nombre === 'Periféricos')!;
  const created = await request.post('/api/productos', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      nombre: RATON,
      descripcion: 'Mouse vertical de 6 botones, creado por la prueba de búsqueda.',
      precio: 24990,
      stock: 12,
      categoria: { id: perifericos.id },
    },
  });
  expect(created.status()).toBe(201);
}

async function waitForResults(page: Page) {
  await expect(page.locator('.catalog-count')).toHaveText(/^\d+ resultados?$/);
  await expect(page.locator('.product-grid[aria-busy="true"]')).toHaveCount(0);
}

const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Buscar' });
const suggestions = (page: Page) => page.getByRole('listbox', { name: 'Productos sugeridos' });

/** Nothing sticks out sideways on a phone: the page itself never scrolls horizontally. */
async function expectNoPageOverflow(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/** WCAG 2.2's minimum target: 24 × 24 CSS pixels. */
async function expectTarget(locator: Locator) {
  const box = await locator.boundingBox();
  expect(box, 'el elemento se ve').not.toBeNull();
  expect(box!.width).toBeGreaterThanOrEqual(24);
  expect(box!.height).toBeGreaterThanOrEqual(24);
}

test.describe('buscar productos', () => {
  test('escribir mecanico o raton sugiere los productos con tilde, con su precio', async ({
    page,
    request,
  }) => {
    await ensureRaton(request);
    await page.goto('/productos');
    await waitForResults(page);
    const box = searchBox(page);
    await expect(box).toHaveAttribute('aria-expanded', 'false');

    await box.fill('mecanico');

    const teclado = suggestions(page).getByRole('option', { name: /Teclado mecánico/ });
    await expect(teclado.first()).toBeVisible();
    await expect(teclado.first()).toContainText(/\$\d{1,3}(\.\d{3})*/);
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(await suggestions(page).getByRole('option').count()).toBeLessThanOrEqual(8);
    await expect(page.getByRole('status').filter({ hasText: /sugeridos?\./ })).toHaveText(
      /^\d+ productos? sugeridos?\./,
    );
    await expectTarget(teclado.first());
    await expectNoPageOverflow(page);
    await expectNoA11yViolations(page);

    await box.fill('raton');
    const raton = suggestions(page).getByRole('option', { name: new RegExp(RATON) });
    await expect(raton).toBeVisible();
    await expect(raton).toContainText('$24.990');

    // Escape closes the suggestions and keeps the text; a second Escape clears it.
    await box.press('Escape');
    await expect(suggestions(page)).toBeHidden();
    await expect(box).toHaveValue('raton');
    await box.press('Escape');
    await expect(box).toHaveValue('');
  });

  test('con el teclado se recorre y elige una sugerencia, que abre el producto', async ({
    page,
  }) => {
    await page.goto('/productos');
    await waitForResults(page);
    const box = searchBox(page);
    await box.click();
    await box.pressSequentially('mecanico', { delay: 40 });
    const options = suggestions(page).getByRole('option');
    await expect(options.first()).toBeVisible();

    await box.press('ArrowDown');
    const first = options.first();
    await expect(box).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!);
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await expect(box).toBeFocused();
    const name = (await first.locator('.product-suggestion__name').textContent())!.trim();
    await expectNoA11yViolations(page);

    await box.press('Enter');

    await expect(page).toHaveURL(/\/productos\/detalle\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  });

  test('Enter sin elegir una sugerencia filtra la lista, ordenada por relevancia', async ({
    page,
  }) => {
    await page.goto('/productos');
    await waitForResults(page);
    const box = searchBox(page);
    await box.click();
    await box.pressSequentially('mecanico', { delay: 40 });
    await expect(suggestions(page)).toBeVisible();

    await box.press('Enter');

    await expect(suggestions(page)).toBeHidden();
    await expect(page).toHaveURL(/\/productos\?q=mecanico$/);
    await waitForResults(page);
    await expect(page.getByRole('article').first()).toContainText(/mecánico/i);
    const orden = page.getByRole('combobox', { name: 'Ordenar por' });
    await expect(orden).toHaveValue('relevancia');
    await expect(orden.getByRole('option', { name: 'Más relevantes' })).toHaveCount(1);
  });

  test('una búsqueda con un error de tipeo encuentra el producto', async ({ page }) => {
    await page.goto(`/productos?q=${encodeURIComponent('teclado mecanco')}`);
    await waitForResults(page);
    await expect(page.getByRole('article').first()).toContainText(/Teclado mecánico/);
    await expectNoA11yViolations(page);
  });

  test('sin resultados pero con un término parecido ofrece ¿Quisiste decir …?', async ({
    page,
  }) => {
    await page.goto('/productos?q=tecaldo');
    await expect(page.getByText('No se encontraron productos con esos filtros.')).toBeVisible();
    const proposal = page.locator('.catalog-did-you-mean');
    await expect(proposal).toHaveText(/^¿Quisiste decir .+\?$/);
    const link = proposal.getByRole('link');
    const term = (await link.textContent())!.trim();
    await expectTarget(link);
    await expectNoA11yViolations(page);

    await link.click();

    await expect(searchBox(page)).toHaveValue(term);
    await expect(searchBox(page)).toBeFocused();
    expect(new URL(page.url()).searchParams.get('q')).toBe(term);
    await expect(page.getByRole('article').first()).toBeVisible();
    await expect(proposal).toHaveCount(0);
    await waitForResults(page);
  });
});
