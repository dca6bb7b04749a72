import { formatCLP, type Producto } from '@nexbyte/shared';
import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN, expect, expectNoA11yViolations, test } from './fixtures';

// What a link preview or a search engine reads: the HTML of the first response, without running
// JavaScript (request.get, like curl). Then a browser checks that the same page hydrates quietly.

/** A product on sale, read from the API, as the other tests may change the catalogue. */
async function someProduct(request: APIRequestContext): Promise<Producto> {
  const response = await request.get('/api/productos?limite=1');
  expect(response.ok()).toBe(true);
  const [product] = (await response.json()) as Producto[];
  expect(product, 'hay al menos un producto activo').toBeDefined();
  return product!;
}

/** The content of <meta property|name="key">, read from raw HTML. */
function metaContent(html: string, key: string): string | null {
  for (const [tag] of html.matchAll(/<meta\b[^>]*>/g)) {
    if (!new RegExp(`(?:property|name)="${key.replace(/[.:]/g, '\\$&')}"`).test(tag)) continue;
    return decodeEntities(/content="([^"]*)"/.exec(tag)?.[1] ?? '');
  }
  return null;
}

function decodeEntities(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** Every JSON-LD block of the page, parsed (a block that does not parse fails the test). */
function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    ([, text]) => JSON.parse(text ?? '') as Record<string, unknown>,
  );
}

const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));

/** The visible text of raw HTML, roughly: what a crawler indexes without JavaScript. */
const textOf = (html: string) =>
  decodeEntities(html.replace(/<script[\s\S]*?<\/script>/g, '').replace(/<[^>]+>/g, ' ')).replace(
    /\s+/g,
    ' ',
  );

test.describe('HTML del primer byte', () => {
  test('una página de producto trae nombre, precio en CLP, og:* y un JSON-LD Product que se lee', async ({
    request,
    baseURL,
  }) => {
    const product = await someProduct(request);
    const path = `/productos/detalle/${product.id}`;
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^text\/html/);
    const html = await response.text();
    const head = headOf(html);

    const text = textOf(html);
    expect(text).toContain(product.nombre);
    expect(text).toContain(formatCLP(product.precio));
    expect(html).toMatch(/<div id="root">\s*<(?!\/div>)/);

    expect(decodeEntities(/<title[^>]*>([^<]*)<\/title>/.exec(head)?.[1] ?? '')).toBe(
      `${product.nombre} | Nexbyte`,
    );
    expect(head.match(/<title[\s>]/g)).toHaveLength(1);
    expect(head.match(/<meta name="description"/g)).toHaveLength(1);
    expect(metaContent(head, 'description')).toBeTruthy();
    expect(head).toContain(`<link rel="canonical" href="${baseURL}${path}"`);
    expect(metaContent(head, 'og:type')).toBe('product');
    expect(metaContent(head, 'og:title')).toBe(`${product.nombre} | Nexbyte`);
    expect(metaContent(head, 'og:description')).toBeTruthy();
    expect(metaContent(head, 'og:url')).toBe(`${baseURL}${path}`);
    expect(metaContent(head, 'og:image')).toMatch(/^https?:\/\//);
    expect(metaContent(head, 'product:price:amount')).toBe(String(Math.round(product.precio)));
    expect(metaContent(head, 'product:price:currency')).toBe('CLP');
    expect(metaContent(head, 'twitter:card')).toMatch(/^summary/);
    expect(metaContent(head, 'robots')).toBeNull();

    const blocks = jsonLd(head);
    const item = blocks.find((b) => b['@type'] === 'Product');
    expect(item).toMatchObject({
      name: product.nombre,
      sku: product.sku,
      offers: {
        '@type': 'Offer',
        price: Math.round(product.precio),
        priceCurrency: 'CLP',
        availability:
          product.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      },
    });
    if (product.marca) expect(item).toMatchObject({ brand: { name: product.marca } });
    expect(blocks.find((b) => b['@type'] === 'BreadcrumbList')).toBeDefined();
    // The image of the preview is reachable.
    const image = await request.get(metaContent(head, 'og:image')!);
    expect(image.status()).toBe(200);
  });

  test('la portada trae Organization y WebSite con SearchAction; un post, BlogPosting', async ({
    request,
    baseURL,
  }) => {
    const home = headOf(await (await request.get('/')).text());
    expect(home).toContain(`<link rel="canonical" href="${baseURL}/"`);
    const types = jsonLd(home).map((b) => b['@type']);
    expect(types).toEqual(expect.arrayContaining(['Organization', 'WebSite']));
    expect(jsonLd(home).find((b) => b['@type'] === 'WebSite')).toMatchObject({
      potentialAction: { '@type': 'SearchAction' },
    });

    const response = await request.get('/blog/mantenimiento-programado-v3');
    expect(response.status()).toBe(200);
    const post = await response.text();
    expect(textOf(post)).toContain('Llegan los planes de mantenimiento programado v3');
    expect(jsonLd(headOf(post))).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          '@type': 'BlogPosting',
          headline: 'Llegan los planes de mantenimiento programado v3',
        }),
      ]),
    );
    expect(metaContent(headOf(post), 'og:type')).toBe('article');
  });

  test('una variante filtrada o paginada de la lista es noindex con canónica a la lista', async ({
    request,
    baseURL,
  }) => {
    const list = headOf(await (await request.get('/productos')).text());
    expect(metaContent(list, 'robots')).toBeNull();
    expect(list).toContain(`<link rel="canonical" href="${baseURL}/productos"`);

    const variant = headOf(await (await request.get('/productos?q=mouse&pagina=2')).text());
    expect(metaContent(variant, 'robots')).toBe('noindex, follow');
    expect(variant).toContain(`<link rel="canonical" href="${baseURL}/productos"`);
  });

  test('una dirección, un producto o un post desconocidos responden 404 con la página de la tienda', async ({
    request,
  }) => {
    const pages = [
      ['/no-existe', 'no encontrad'],
      ['/productos/detalle/99999999', 'No se pudo encontrar el producto.'],
      ['/blog/no-existe', 'no encontrad'],
    ];
    for (const [path, text] of pages) {
      const response = await request.get(path!);
      expect(response.status(), path).toBe(404);
      const html = await response.text();
      expect(textOf(html), path).toContain(text);
      expect(metaContent(headOf(html), 'robots'), path).toBe('noindex, follow');
    }
  });
});

/** console.error and page errors while the page loads and hydrates. */
function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

test.describe('hidratación', () => {
  test('la página de producto hidrata sin errores, sin pedir de nuevo el producto y con axe limpio', async ({
    page,
    request,
  }) => {
    const product = await someProduct(request);
    const errors = collectConsoleErrors(page);
    const productRequests: string[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname === `/api/productos/${product.id}`) {
        productRequests.push(req.url());
      }
    });

    await page.goto(`/productos/detalle/${product.id}`);
    await expect(page.getByRole('heading', { level: 1, name: product.nombre })).toBeVisible();
    await page.waitForLoadState('networkidle');
    // Hydrated: a click handled by React adds to the cart.
    const add = page.getByRole('button', { name: 'Añadir al carrito' });
    if (product.stock > 0) {
      await add.click();
      await expect(page.getByRole('banner').getByTestId('cart-count')).toHaveText('1');
    }
    expect(productRequests, 'el producto llega en el HTML, no en una segunda petición').toEqual([]);
    expect(errors).toEqual([]);
    await expectNoA11yViolations(page);

    // Client navigation gives the next page its own head.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Nosotros' }).click();
    await expect(page).toHaveTitle('Nosotros | Nexbyte');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/nosotros$/);
    await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('portada y lista hidratan sin errores, con axe limpio', async ({ page }) => {
    const errors = collectConsoleErrors(page);
    for (const path of ['/', '/productos']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoA11yViolations(page);
    }
    expect(errors).toEqual([]);
  });

  test('lo escrito y el botón pulsado antes de hidratar no se pierden, y la contraseña no va en la dirección', async ({
    page: testPage,
  }) => {
    // A page of its own, whose goto does not wait for hydration; the login screen's own code is
    // held back, so the form is still the server's HTML while we type and press the button.
    const page = await testPage.context().newPage();
    let releaseScreen!: () => void;
    const screenHeld = new Promise<void>((resolve) => (releaseScreen = resolve));
    await page.route(/\/assets\/login-[^/]+\.js$/, async (route) => {
      await screenHeld;
      await route.continue();
    });
    const addresses: string[] = [];
    page.on('request', (req) => addresses.push(req.url()));

    await page.goto('/login', { waitUntil: 'domcontentloaded' });
    await page.getByLabel('Correo', { exact: true }).fill(ADMIN.correo);
    await page.getByLabel('Contraseña', { exact: true }).fill(ADMIN.pass);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    expect(await page.evaluate(() => 'hydrated' in document.documentElement.dataset)).toBe(false);
    releaseScreen();

    await expect(page).toHaveURL(/\/admin$/);
    expect(
      addresses.filter(
        (url) => url.includes(encodeURIComponent(ADMIN.pass)) || url.includes(ADMIN.pass),
      ),
    ).toEqual([]);
  });

  test('/no-existe muestra la página 404 de la tienda', async ({ page }) => {
    const response = await page.goto('/no-existe');
    expect(response?.status()).toBe(404);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Página no encontrada' }),
    ).toBeVisible();
    await expect(page).toHaveTitle('Página no encontrada | Nexbyte');
  });
});
