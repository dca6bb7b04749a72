import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestContext } from '../test/test-app';
import { RENDER_CALL_HEADER } from './web-render';

/**
 * A stand-in for the web app's build with its server render: like apps/web/src/entry-server.tsx
 * it reads the product through the API it is handed and answers 404 for an unknown one. Each
 * render is counted in the page, so a kept page shows the count it was rendered with.
 */
const ENTRY = `
let transport;
let renders = 0;
export function setApiTransport(next) { transport = next; }
export async function render(request, publicUrl) {
  const url = new URL(request.url);
  renders += 1;
  const page = (status, html) => ({
    kind: 'page', status, html, head: '<title>' + status + '</title><link rel="canonical" href="' + publicUrl + url.pathname + '">',
    router: { loaderData: {}, actionData: null, errors: null },
    queries: { note: '</script><script>alert(1)</script>' },
    modules: ['routes/product-detail'],
  });
  if (url.pathname === '/' || url.pathname === '/productos') {
    // Like the shop's home and catalogue: a list whose failed read shows no products.
    const answer = await transport('/api/productos' + url.search, { method: 'GET', headers: { accept: 'application/json' } });
    const products = answer.ok ? await answer.json() : [];
    return page(200, '<h1>Productos</h1><ul>' + products.map((p) => '<li>' + p.nombre + '</li>').join('') + '</ul>');
  }
  const match = /^\\/productos\\/detalle\\/(\\d+)$/.exec(url.pathname);
  if (!match) return page(404, '<h1>Inicio</h1>');
  const answer = await transport('/api/productos/' + match[1], { method: 'GET', headers: { accept: 'application/json' } });
  if (answer.status === 404) return page(404, '<h1>Página no encontrada</h1>');
  const product = await answer.json();
  return page(200, '<h1>' + product.nombre + '</h1><p>render ' + renders + '</p>');
}
`;

function fakeWebBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'nexbyte-web-ssr-'));
  for (const sub of ['assets', 'server', '.vite']) mkdirSync(path.join(dir, sub));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="es"><head><title>Nexbyte</title><meta name="description" content="x" /></head>' +
      '<body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(dir, 'server', 'entry-server.js'), ENTRY);
  writeFileSync(path.join(dir, 'assets', 'catalog-1.css'), '.product{color:red}');
  writeFileSync(
    path.join(dir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-1.js', dynamicImports: ['src/start-app.tsx'] },
      'src/start-app.tsx': { file: 'assets/start-app-1.js', imports: ['_react-1.js'] },
      '_react-1.js': { file: 'assets/react-1.js' },
      'src/app/routes/product-detail.tsx': {
        file: 'assets/product-detail-1.js',
        css: ['assets/catalog-1.css'],
        imports: ['_react-1.js'],
      },
    }),
  );
  return dir;
}

let t: TestContext;
let product: { id: number; nombre: string };
beforeAll(async () => {
  t = await createTestApp({ WEB_DIST_DIR: fakeWebBuild(), PUBLIC_URL: 'https://tienda.example' });
  const list = await t.app.inject({ method: 'GET', url: '/api/productos?limite=1' });
  product = list.json<{ id: number; nombre: string }[]>()[0]!;
});
afterAll(() => t.close());

const page = (url: string) => t.app.inject({ method: 'GET', url });

describe('server-rendered pages', () => {
  it('answer the product read through the API, with its head, its CSS and the data to hydrate', async () => {
    const res = await page(`/productos/detalle/${product.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain(`<div id="root"><h1>${product.nombre}</h1>`);
    expect(res.body).toContain(
      `<title>200</title><link rel="canonical" href="https://tienda.example/productos/detalle/${product.id}">`,
    );
    expect(res.body).not.toContain('<title>Nexbyte</title>');
    expect(res.body).not.toContain('name="description" content="x"');
    // A stylesheet that cannot be read stays a link.
    // The screen's CSS is in the page, so the first paint waits for no request.
    // A disabled link (never fetched) tells the browser's screen loader it has that CSS already.
    expect(res.body).toContain(
      '<style data-href="/assets/catalog-1.css">.product{color:red}</style>' +
        '<link rel="stylesheet" crossorigin href="/assets/catalog-1.css" disabled>',
    );
    expect(res.body).toContain('<script type="application/json" id="nexbyte-queries">');
    // The app's and the screen's code are listed for after the first paint, not preloaded.
    expect(res.body).toContain(
      '<script type="application/json" id="nexbyte-modules">' +
        '["/assets/start-app-1.js","/assets/react-1.js","/assets/product-detail-1.js"]</script>',
    );
    expect(res.body).not.toContain('modulepreload');
    // No text of the data can end its script element.
    expect(res.body).not.toContain('</script><script>alert(1)');
    expect(res.body).toContain('\\u003c/script>');
  });

  it('answer 404 for an unknown route and an unknown product', async () => {
    expect((await page('/no-existe')).statusCode).toBe(404);
    const unknown = await page('/productos/detalle/99999999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('Página no encontrada');
  });

  it('leave the screens behind a session or a private link to the browser, unindexed', async () => {
    for (const url of ['/admin/productos', '/cuenta', '/soporte/seguimiento/abc123token']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(res.body, url).toContain('<title>Nexbyte</title>');
      expect(res.headers['x-robots-tag'], url).toBe('noindex');
    }
    // The support form itself is a public page.
    expect((await page('/soporte')).body).not.toContain('<div id="root"></div>');
  });

  it('render the checkout, the same page for everyone (its head says noindex)', async () => {
    const res = await page('/checkout');
    // Handed to the app's server render (whose stand-in here draws its 'Inicio' page for a screen
    // it does not know), not answered with the empty shell; the real page is in layout-shift.spec.
    expect(res.body).toContain('<h1>Inicio</h1>');
    expect(res.body).not.toContain('<div id="root"></div>');
    expect(res.headers['x-robots-tag']).toBeUndefined();
  });

  it('never serve the server build nor the build manifest', async () => {
    for (const url of ['/server/entry-server.js', '/.vite/manifest.json']) {
      const res = await page(url);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('setApiTransport');
      expect(res.body).not.toContain('"file":');
    }
  });

  it('are kept until the catalogue changes: a deactivated product is a 404 at once', async () => {
    const url = `/productos/detalle/${product.id}`;
    const first = await page(url);
    const again = await page(url);
    expect(again.body).toBe(first.body);
    expect(again.headers.etag).toBe(first.headers.etag);
    const held = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(held.statusCode).toBe(304);

    const off = await t.app.inject({
      method: 'PATCH',
      url: `/api/productos/${product.id}/desactivar`,
      headers: bearer(t.adminToken),
    });
    expect(off.statusCode).toBeLessThan(300);
    const after = await page(url);
    expect(after.statusCode).toBe(404);
    expect(after.body).not.toContain(product.nombre);
  });
});

describe('server-rendered pages and the request limit', () => {
  /** A shop whose clients may send 5 requests a minute each. */
  let limited: TestContext;
  let names: string[];
  beforeAll(async () => {
    limited = await createTestApp({ WEB_DIST_DIR: fakeWebBuild(), RATE_LIMIT_MAX: '5' });
    const list = await limited.app.inject({
      method: 'GET',
      url: '/api/productos?limite=3',
      remoteAddress: '198.51.100.1',
    });
    names = list.json<{ nombre: string }[]>().map((p) => p.nombre);
    expect(names.length).toBe(3);
  });
  afterAll(() => limited.close());

  const from = (remoteAddress: string, url: string) =>
    limited.app.inject({ method: 'GET', url, remoteAddress });
  const showsProducts = (body: string) => {
    for (const name of names) expect(body).toContain(`<li>${name}</li>`);
  };

  it('are drawn in full for a shopper whose limit has one request left, and count as one', async () => {
    const shopper = '203.0.113.10';
    for (let i = 0; i < 4; i++) {
      expect((await from(shopper, '/api/categorias')).statusCode).toBe(200);
    }
    const home = await from(shopper, '/?limite=3');
    expect(home.statusCode).toBe(200);
    showsProducts(home.body);
    // The page request itself spent the last one.
    expect((await from(shopper, '/api/categorias')).statusCode).toBe(429);
  });

  it('a shopper who spent their limit gets 429 and leaves no empty shop for everyone else', async () => {
    const spender = '203.0.113.20';
    for (let i = 0; i < 6; i++) await from(spender, '/api/categorias');
    // Only the server's own calls pass: a client cannot claim to be one.
    const forged = await limited.app.inject({
      method: 'GET',
      url: '/api/categorias',
      remoteAddress: spender,
      headers: { [RENDER_CALL_HEADER]: 'f'.repeat(64) },
    });
    expect(forged.statusCode).toBe(429);
    const answers = new Map<string, { statusCode: number; headers: Record<string, unknown> }>();
    for (const url of ['/', '/productos', '/?limite=3&pagina=1', '/productos?limite=3']) {
      answers.set(url, await from(spender, url));
    }
    // Everyone else is shown the shop's products, whatever that shopper asked for before.
    for (const url of ['/?limite=3&pagina=1', '/productos?limite=3']) {
      const other = await from('203.0.113.21', url);
      expect(other.statusCode, url).toBe(200);
      showsProducts(other.body);
    }
    // The pages count against the shopper's own limit.
    for (const [url, refused] of answers) {
      expect(refused.statusCode, url).toBe(429);
      expect(refused.headers['retry-after'], url).toBeDefined();
    }
    const refused = await from(spender, '/productos');
    expect(refused.json<{ message: string }>().message).toMatch(/Demasiadas solicitudes/);
  });

  it('a page whose data failed answers 503 with Retry-After and is not kept', async () => {
    // The default order, named: an address whose data no earlier test left in the API's cache.
    const url = '/productos?limite=3&orden=recientes';
    // A route that errors: the products it reads are gone for a moment.
    await limited.app.db.execute(sql`alter table productos rename to productos_fuera`);
    let failed;
    try {
      failed = await from('203.0.113.30', url);
    } finally {
      await limited.app.db.execute(sql`alter table productos_fuera rename to productos`);
    }
    expect(failed.statusCode).toBe(503);
    expect(failed.headers['retry-after']).toBe('5');
    // The shell, which the browser renders with data it asks for itself.
    expect(failed.body).toContain('<div id="root"></div>');

    const next = await from('203.0.113.31', url);
    expect(next.statusCode).toBe(200);
    showsProducts(next.body);
  });
});
