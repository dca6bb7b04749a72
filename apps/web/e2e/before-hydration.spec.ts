import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import { NEWSLETTER_MESSAGES } from '@nexbyte/shared';
import { expectNoA11yViolations } from './fixtures';

// What a shopper on a slow phone does the moment the server's HTML is on screen, before the app
// hydrates it (decision 024, 'Before hydration'): every control must act on it. The CPU runs 4×
// slower (DevTools' throttling), pages are opened at the first byte ('commit'), and the test types
// and clicks as soon as a control is visible. To be sure it acts before hydration, most tests hold
// the app's code (start-app.js: the entry, which holds the input, has run) until the shopper is
// done; one types with nothing held at all, as the issue measured it.
//
// This spec uses Playwright's own `test`: the shared fixture's page.goto waits for hydration.

const START_APP = /\/assets\/start-app[^/]*\.js$/;

/** Opens `url` on a 4× slower CPU; with `hold`, the app's code waits until `release()`. */
async function openEarly(page: Page, url: string, { hold = true } = {}) {
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  let release = () => {};
  if (hold) {
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route(START_APP, async (route) => {
      await gate;
      await route.continue();
    });
  }
  await page.goto(url, { waitUntil: 'commit' });
  return {
    errors,
    /** Lets the app's code through and waits for hydration, checking it had not happened yet. */
    async hydrate() {
      expect(await page.locator('html[data-hydrated]').count(), 'todavía sin hidratar').toBe(0);
      release();
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 30_000 });
    },
  };
}

/** How many active products the API finds for these filters (its X-Total-Count). */
async function totalFor(request: APIRequestContext, query: string): Promise<number> {
  const response = await request.get(`/api/productos?estado=activos&limite=1&${query}`);
  expect(response.ok()).toBe(true);
  return Number(response.headers()['x-total-count']);
}

const resultsText = (n: number) => (n === 1 ? '1 resultado' : `${n} resultados`);
const count = (page: Page) => page.locator('.catalog-count');
const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Buscar' });
const minPrice = (page: Page) => page.getByRole('spinbutton', { name: 'Precio mínimo' });
const sortBy = (page: Page) => page.getByRole('combobox', { name: 'Ordenar por' });
const clearFilters = (page: Page) => page.getByRole('button', { name: 'Limpiar filtros' });

test.describe('antes de hidratar, con la CPU 4× más lenta', () => {
  test.describe.configure({ timeout: 90_000 });

  test('/productos: lo escrito en cuanto se ve la caja filtra la lista, sin retener nada', async ({
    page,
    request,
  }) => {
    const all = await totalFor(request, '');
    const teclados = await totalFor(request, 'q=Teclado');
    expect(teclados).toBeLessThan(all);
    const { errors } = await openEarly(page, '/productos', { hold: false });

    await searchBox(page).fill('Teclado');
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 30_000 });

    expect(errors).toEqual([]);
    await expect(searchBox(page)).toHaveValue('Teclado');
    await expect(page).toHaveURL(/[?&]q=Teclado\b/);
    await expect(count(page)).toHaveText(resultsText(teclados));
  });

  test('/productos: búsqueda y sugerencias escritas antes de hidratar', async ({
    page,
    request,
  }) => {
    const teclados = await totalFor(request, 'q=Teclado');
    const early = await openEarly(page, '/productos');

    await searchBox(page).fill('Teclado');
    await early.hydrate();

    await expect(count(page)).toHaveText(resultsText(teclados));
    await expect(page).toHaveURL(/[?&]q=Teclado\b/);
    await expect(page.getByRole('listbox', { name: 'Productos sugeridos' })).toBeVisible();
    await expectNoA11yViolations(page);
    expect(early.errors).toEqual([]);
  });

  test('/productos: precio, orden y marca elegidos antes de hidratar; Limpiar filtros borra todo', async ({
    page,
    request,
  }) => {
    const all = await totalFor(request, '');
    const early = await openEarly(page, '/productos');

    await minPrice(page).fill('20000');
    await sortBy(page).selectOption('precio_asc');
    // The facets start folded (the phone's view); the disclosure opens without any script.
    await page.getByText('Filtrar por marca y características').click();
    const brand = page.getByRole('group', { name: 'Marca' }).getByRole('checkbox').first();
    const brandName = (await page
      .getByRole('group', { name: 'Marca' })
      .locator('label')
      .first()
      .evaluate((label) => label.firstChild?.textContent?.trim() ?? '')) as string;
    await brand.check();
    await early.hydrate();

    await expect(page).toHaveURL(/[?&]min=20000\b/);
    await expect(page).toHaveURL(/[?&]orden=precio_asc\b/);
    await expect(page).toHaveURL(new RegExp(`[?&]marca=${encodeURIComponent(brandName)}\\b`));
    const filtered = await totalFor(
      request,
      `min=20000&orden=precio_asc&marca=${encodeURIComponent(brandName)}`,
    );
    await expect(count(page)).toHaveText(resultsText(filtered));
    await expectNoA11yViolations(page);

    await clearFilters(page).click();
    await expect(page).toHaveURL(/\/productos$/);
    await expect(minPrice(page)).toHaveValue('');
    await expect(sortBy(page)).toHaveValue('recientes');
    await expect(count(page)).toHaveText(resultsText(all));
    expect(early.errors).toEqual([]);
  });

  test('/productos: Limpiar filtros pulsado antes de hidratar borra el precio recién escrito', async ({
    page,
    request,
  }) => {
    const all = await totalFor(request, '');
    const early = await openEarly(page, '/productos');

    await minPrice(page).fill('20000');
    await clearFilters(page).click();
    await early.hydrate();

    await expect(minPrice(page)).toHaveValue('');
    await expect(count(page)).toHaveText(resultsText(all));
    // Past the filters' pause, no commit of the typed price comes back.
    await expect(page).toHaveURL(/\/productos$/);
    await expect(minPrice(page)).toHaveValue('');
    expect(early.errors).toEqual([]);
  });

  test('ficha de producto: "Añadir al carrito" pulsado dos veces antes de hidratar deja 2 unidades', async ({
    page,
    request,
  }) => {
    const products = (await (
      await request.get('/api/productos?estado=activos&limite=50')
    ).json()) as { id: number; stock: number }[];
    const product = products.find((p) => p.stock >= 2)!;
    const early = await openEarly(page, `/productos/detalle/${product.id}`);

    const add = page.getByRole('main').getByRole('button', { name: 'Añadir al carrito' });
    await add.click();
    await add.click();
    await early.hydrate();

    await expect(page.getByTestId('cart-count')).toHaveText('2');
    await expectNoA11yViolations(page);
    expect(early.errors).toEqual([]);
  });

  test('/: newsletter enviado y menú abierto antes de hidratar', async ({ page }, testInfo) => {
    const early = await openEarly(page, '/');
    const phone = testInfo.project.name === 'mobile';

    const email = `antes-${testInfo.project.name}-${Date.now()}@gmail.com`;
    await page.getByLabel('Recibe ofertas y novedades en tu correo').fill(email);
    await page.getByRole('button', { name: 'Suscribirme' }).click();
    if (phone) await page.getByRole('button', { name: 'Abrir menú' }).click();
    await early.hydrate();

    await expect(page.getByText(NEWSLETTER_MESSAGES.subscribed)).toBeVisible();
    if (phone) await expect(page.getByRole('dialog', { name: 'Menú' })).toBeVisible();
    await expectNoA11yViolations(page);
    expect(early.errors).toEqual([]);
    // The subscription went as a request of the app, never as the form's own GET.
    expect(page.url()).not.toContain('email=');
  });
});
