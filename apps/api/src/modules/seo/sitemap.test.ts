import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { BLOG_POST_INDEX, CRAWL_DISALLOWED, INDEXABLE_PAGES } from '@nexbyte/shared';
import { eq, sql } from 'drizzle-orm';
import { SaxesParser } from 'saxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categorias } from '../categories/categories.schema';
import { productos } from '../products/products.schema';
import { productoImagenes } from '../images/images.schema';
import { PUBLIC_CACHE_CONTROL } from '../../plugins/catalog-cache';
import { bearer, createTestApp, type TestContext } from '../../test/test-app';
import { escapeXml, robotsTxt, SITEMAP_URLS_MAX } from './sitemap';

const SHOP = 'https://tienda.nexbyte.cl';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const SHELL = '<!doctype html><html lang="es"><div id="root"></div></html>';
const W3C_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?(Z|[+-]\d{2}:\d{2})$/;
const INACTIVE = 'Notebook Acer Aspire 5 Core i7';

let t: TestContext;
beforeAll(async () => {
  // A built web app in place, so an answer of its HTML shell would show.
  const web = mkdtempSync(path.join(tmpdir(), 'nexbyte-web-'));
  writeFileSync(path.join(web, 'index.html'), SHELL);
  t = await createTestApp({ PUBLIC_URL: `${SHOP}/`, WEB_DIST_DIR: web });
});
afterAll(() => t.close());

interface Entry {
  loc: string;
  lastmod?: string;
}

/**
 * Parses a sitemap with a strict XML parser (any well-formedness error throws) and answers its
 * root element and the <loc>/<lastmod> of each entry, checking they sit where the protocol says.
 */
function parseSitemap(xml: string): { root: string; entries: Entry[] } {
  const parser = new SaxesParser({ xmlns: true });
  const stack: string[] = [];
  const entries: Entry[] = [];
  let root = '';
  let text = '';
  parser.on('error', (err) => {
    throw err;
  });
  parser.on('opentag', (node) => {
    if (stack.length === 0) {
      root = node.local;
      expect(node.uri).toBe(NS);
    }
    if (stack.length === 1) {
      expect(node.local).toBe(root === 'urlset' ? 'url' : 'sitemap');
      entries.push({ loc: '' });
    }
    if (stack.length === 2) expect(['loc', 'lastmod']).toContain(node.local);
    expect(stack.length).toBeLessThan(3);
    stack.push(node.local);
    text = '';
  });
  parser.on('text', (value) => (text += value));
  parser.on('closetag', (node) => {
    stack.pop();
    const entry = entries.at(-1);
    if (node.local === 'loc') entry!.loc = text;
    if (node.local === 'lastmod') entry!.lastmod = text;
  });
  parser.write(xml).close();
  expect(['urlset', 'sitemapindex']).toContain(root);
  return { root, entries };
}

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

async function sitemap(url: string) {
  const res = await get(url);
  expect(res.statusCode, url).toBe(200);
  expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
  return parseSitemap(res.body);
}

const locs = (entries: Entry[]) => entries.map((entry) => entry.loc);

/** Every address the sitemaps name, read from the index down, as a crawler reads them. */
async function everyPage(): Promise<string[]> {
  const index = await sitemap('/sitemap.xml');
  expect(index.root).toBe('sitemapindex');
  const pages: string[] = [];
  for (const child of index.entries) {
    expect(child.loc.startsWith(`${SHOP}/sitemaps/`)).toBe(true);
    const { root, entries } = await sitemap(child.loc.slice(SHOP.length));
    expect(root).toBe('urlset');
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.length).toBeLessThanOrEqual(SITEMAP_URLS_MAX);
    pages.push(...locs(entries));
  }
  return pages;
}

async function activeProductIds(): Promise<number[]> {
  const rows = await t.app.db
    .select({ id: productos.id })
    .from(productos)
    .where(eq(productos.activo, true))
    .orderBy(productos.id);
  return rows.map((row) => row.id);
}

const productUrl = (id: number) => `${SHOP}/productos/detalle/${id}`;

async function productLastmod(id: number): Promise<string | undefined> {
  const { entries } = await sitemap('/sitemaps/productos-1.xml');
  return entries.find((entry) => entry.loc === productUrl(id))?.lastmod;
}

/** Changes made outside this instance's requests arrive by notification: allow it a second. */
async function within1s<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const until = Date.now() + 1_000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('robots.txt', () => {
  it('is plain text that keeps crawlers out of private screens and the API and names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const path of ['/admin', '/carrito', '/checkout', '/cuenta', '/api']) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).toContain(`Sitemap: ${SHOP}/sitemap.xml`);
    // The shop's pages and product photos stay open to them.
    expect(lines.filter((line) => line.startsWith('Disallow:'))).toHaveLength(
      CRAWL_DISALLOWED.length,
    );
    expect(lines).not.toContain('Disallow: /');
  });

  it('is built from PUBLIC_URL', () => {
    expect(robotsTxt('https://otra.cl')).toContain('Sitemap: https://otra.cl/sitemap.xml\n');
  });
});

describe('the sitemaps', () => {
  it('are answered as XML by the API, never as the web app’s HTML page', async () => {
    for (const url of ['/robots.txt', '/sitemap.xml', '/sitemaps/paginas.xml']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain('<div id="root">');
    }
    // A control: any other address still gets the page.
    expect((await get('/nosotros')).body).toBe(SHELL);
  });

  it('index the pages’ sitemap and the products’, with absolute addresses and lastmod', async () => {
    const { entries } = await sitemap('/sitemap.xml');
    expect(locs(entries)).toEqual([
      `${SHOP}/sitemaps/paginas.xml`,
      `${SHOP}/sitemaps/productos-1.xml`,
    ]);
    for (const entry of entries) expect(entry.lastmod).toMatch(W3C_DATE);
  });

  it('list every active product with its lastmod, and no inactive one', async () => {
    const { entries } = await sitemap('/sitemaps/productos-1.xml');
    const active = await activeProductIds();
    expect(active.length).toBeGreaterThan(10);
    expect(locs(entries)).toEqual(active.map(productUrl));
    for (const entry of entries) expect(entry.lastmod).toMatch(W3C_DATE);
    const [inactive] = await t.app.db
      .select({ id: productos.id })
      .from(productos)
      .where(eq(productos.nombre, INACTIVE));
    expect(locs(entries)).not.toContain(productUrl(inactive!.id));
  });

  it('list the shop’s pages, its categories with products on sale and every blog post', async () => {
    const { entries } = await sitemap('/sitemaps/paginas.xml');
    const pages = locs(entries);
    for (const page of INDEXABLE_PAGES) expect(pages).toContain(`${SHOP}${page}`);
    for (const { id, date } of BLOG_POST_INDEX) {
      expect(entries).toContainEqual({ loc: `${SHOP}/blog/${id}`, lastmod: date });
    }
    expect(pages).toContain(`${SHOP}/productos?categoria=Perif%C3%A9ricos`);
    for (const hidden of ['/carrito', '/login', '/checkout', '/cuenta', '/admin']) {
      expect(pages).not.toContain(`${SHOP}${hidden}`);
    }
    expect(new Set(pages).size).toBe(pages.length);
  });

  it('answer 404 for a sitemap that does not exist', async () => {
    for (const url of [
      '/sitemaps/productos-2.xml',
      '/sitemaps/productos-0.xml',
      '/sitemaps/x.xml',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).not.toMatch(/xml/);
    }
  });

  it('escape what staff write: a category named with & and < stays valid XML', async () => {
    const admin = bearer(t.adminToken);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/categorias',
      headers: admin,
      payload: { nombre: 'Audio & Video <Pro>' },
    });
    expect(created.statusCode).toBe(201);
    const categoria = created.json<{ id: number }>();
    const product = await t.app.inject({
      method: 'POST',
      url: '/api/productos',
      headers: admin,
      payload: { nombre: 'Parlante "Rock" & Roll', precio: 19990, stock: 3, categoria },
    });
    expect(product.statusCode).toBe(201);
    const { entries } = await sitemap('/sitemaps/paginas.xml');
    expect(locs(entries)).toContain(`${SHOP}/productos?categoria=Audio+%26+Video+%3CPro%3E`);
    expect(escapeXml(`a&b<c>"d'`)).toBe('a&amp;b&lt;c&gt;&quot;d&apos;');
  });
});

describe('sitemap after a product is deactivated', () => {
  it('drops the product at once, with a new ETag, and lists it again once reactivated', async () => {
    const [id] = await activeProductIds();
    const before = await get('/sitemaps/productos-1.xml');
    expect(before.body).toContain(`<loc>${productUrl(id!)}</loc>`);
    const indexBefore = await get('/sitemap.xml');

    const admin = bearer(t.adminToken);
    const off = await t.app.inject({
      method: 'PATCH',
      url: `/api/productos/${id}/desactivar`,
      headers: admin,
    });
    expect(off.statusCode).toBe(200);
    const after = await get('/sitemaps/productos-1.xml', {
      'if-none-match': before.headers.etag as string,
    });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(locs(parseSitemap(after.body).entries)).not.toContain(productUrl(id!));
    // The index says its products' sitemap changed.
    expect((await get('/sitemap.xml')).body).not.toBe(indexBefore.body);

    await t.app.inject({ method: 'PATCH', url: `/api/productos/${id}/activar`, headers: admin });
    expect((await get('/sitemaps/productos-1.xml')).body).toContain(
      `<loc>${productUrl(id!)}</loc>`,
    );
  });

  it('drops a product deactivated by another instance (or by hand) once the database tells', async () => {
    const [, id] = await activeProductIds();
    expect((await get('/sitemaps/productos-1.xml')).body).toContain(productUrl(id!));
    await t.app.db.update(productos).set({ activo: false }).where(eq(productos.id, id!));
    const body = await within1s(
      async () => (await get('/sitemaps/productos-1.xml')).body,
      (xml) => !xml.includes(`<loc>${productUrl(id!)}</loc>`),
    );
    expect(body).not.toContain(`<loc>${productUrl(id!)}</loc>`);
    await t.app.db.update(productos).set({ activo: true }).where(eq(productos.id, id!));
  });

  it('drops a category whose last product on sale is deactivated', async () => {
    const [product] = await t.app.db
      .select({ id: productos.id })
      .from(productos)
      .innerJoin(categorias, eq(categorias.id, productos.categoriaId))
      .where(eq(categorias.nombre, 'Audio & Video <Pro>'));
    const loc = `${SHOP}/productos?categoria=Audio+%26+Video+%3CPro%3E`;
    expect(locs((await sitemap('/sitemaps/paginas.xml')).entries)).toContain(loc);
    const off = await t.app.inject({
      method: 'PATCH',
      url: `/api/productos/${product!.id}/desactivar`,
      headers: bearer(t.adminToken),
    });
    expect(off.statusCode).toBe(200);
    expect(locs((await sitemap('/sitemaps/paginas.xml')).entries)).not.toContain(loc);
  });
});

describe('lastmod', () => {
  const OLD = new Date('2025-01-01T00:00:00.000Z');

  async function updatedAt(id: number): Promise<Date> {
    const [row] = await t.app.db
      .select({ updatedAt: productos.updatedAt })
      .from(productos)
      .where(eq(productos.id, id));
    return row!.updatedAt;
  }

  it('moves when what a shopper sees changes, not when a sale only lowers the stock', async () => {
    const [id] = await activeProductIds();
    const set = (values: Partial<typeof productos.$inferInsert>) =>
      t.app.db.update(productos).set(values).where(eq(productos.id, id!));
    await set({ stock: 10, updatedAt: OLD });
    expect(await updatedAt(id!)).toEqual(OLD);
    const published = await within1s(
      () => productLastmod(id!),
      (lastmod) => lastmod === '2025-01-01T00:00:00.000Z',
    );
    expect(published).toBe('2025-01-01T00:00:00.000Z');

    await set({ stock: 9 });
    expect(await updatedAt(id!)).toEqual(OLD);

    const started = Date.now() - 1_000;
    await set({ precio: '12345' });
    const edited = await updatedAt(id!);
    expect(edited.getTime()).toBeGreaterThanOrEqual(started);
    const moved = await within1s(
      () => productLastmod(id!),
      (lastmod) => lastmod !== '2025-01-01T00:00:00.000Z',
    );
    expect(moved).toBe(edited.toISOString());

    // Selling out changes the page too: it can no longer be bought.
    await set({ updatedAt: OLD });
    await set({ stock: 0 });
    expect((await updatedAt(id!)).getTime()).toBeGreaterThanOrEqual(started);
    await set({ updatedAt: OLD });
    await set({ nombre: 'Otro nombre' });
    expect((await updatedAt(id!)).getTime()).toBeGreaterThanOrEqual(started);
    // Heard before the next test starts, so it cannot clear that test's kept answers.
    await within1s(
      () => productLastmod(id!),
      (lastmod) => lastmod !== '2025-01-01T00:00:00.000Z',
    );
  });
});

describe('lastmod of a product whose photos change', () => {
  it('moves when a photo is added and when one is removed', async () => {
    const [id] = await activeProductIds();
    const old = new Date('2025-01-01T00:00:00Z');
    const updatedAt = async () =>
      (
        await t.app.db
          .select({ updatedAt: productos.updatedAt })
          .from(productos)
          .where(eq(productos.id, id!))
      )[0]!.updatedAt;
    await t.app.db.update(productos).set({ updatedAt: old }).where(eq(productos.id, id!));
    const [photo] = await t.app.db
      .insert(productoImagenes)
      .values({
        productoId: id!,
        formato: 'png',
        ancho: 1,
        alto: 1,
        huella: 'prueba',
        bytes: Buffer.from([0]),
      })
      .returning({ id: productoImagenes.id });
    expect(await updatedAt()).not.toEqual(old);
    await t.app.db.update(productos).set({ updatedAt: old }).where(eq(productos.id, id!));
    await t.app.db.delete(productoImagenes).where(eq(productoImagenes.id, photo!.id));
    expect(await updatedAt()).not.toEqual(old);
  });
});

describe('caching', () => {
  it('answers the same bytes with a strong ETag, 304 to a client holding them, compressed when asked', async () => {
    const first = await get('/sitemaps/paginas.xml');
    const again = await get('/sitemaps/paginas.xml');
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(again.headers.etag).toBe(etag);
    expect(first.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
    expect(first.headers.vary).toMatch(/accept-encoding/);

    const held = await get('/sitemaps/paginas.xml', { 'if-none-match': etag });
    expect(held.statusCode).toBe(304);
    expect(held.body).toBe('');

    const br = await get('/sitemaps/paginas.xml', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(first.body);
    const gz = await get('/sitemaps/paginas.xml', { 'accept-encoding': 'gzip' });
    expect(gunzipSync(gz.rawPayload).toString()).toBe(first.body);
    expect(gz.headers.etag).not.toBe(etag);
    expect(
      (await get('/sitemaps/paginas.xml', { 'if-none-match': gz.headers.etag as string }))
        .statusCode,
    ).toBe(304);

    const head = await t.app.inject({ method: 'HEAD', url: '/sitemap.xml' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('application/xml; charset=utf-8');
  });

  it('keeps the answer until the catalogue changes: a write nobody announced is not seen', async () => {
    const [id] = await activeProductIds();
    /** Writes with the triggers off: nobody is told, and the catalogue's counts stay as they were. */
    const setActiveUnannounced = (activo: boolean) =>
      t.app.db.transaction(async (tx) => {
        await tx.execute(sql`set local session_replication_role = replica`);
        await tx.update(productos).set({ activo }).where(eq(productos.id, id!));
      });
    const announce = () => t.app.db.execute(sql`select pg_notify('catalogo_cambio', 'productos')`);
    // Earlier tests' writes are announced asynchronously: let theirs arrive first.
    await new Promise((r) => setTimeout(r, 300));
    const before = await get('/sitemaps/productos-1.xml');
    expect(before.body).toContain(`<loc>${productUrl(id!)}</loc>`);
    await setActiveUnannounced(false);
    try {
      expect((await get('/sitemaps/productos-1.xml')).body).toBe(before.body);
      await announce();
      const fresh = await within1s(
        async () => (await get('/sitemaps/productos-1.xml')).body,
        (xml) => xml !== before.body,
      );
      expect(fresh).not.toContain(`<loc>${productUrl(id!)}</loc>`);
    } finally {
      await setActiveUnannounced(true);
      await announce();
    }
  });
});

describe('a catalogue of more than 50,000 products', () => {
  it('is split into product sitemaps of at most 50,000 addresses, every product in one', async () => {
    const [categoria] = await t.app.db
      .select({ id: categorias.id })
      .from(categorias)
      .where(eq(categorias.nombre, 'Periféricos'));
    // In batches, each well within the pool's statement time-out.
    const batch = 10_000;
    for (let from = 1; from <= SITEMAP_URLS_MAX; from += batch) {
      await t.app.db.execute(sql`
        insert into productos (nombre, precio, stock, categoria_id)
        select 'Mouse Serie ' || g, 9990, 5, ${categoria!.id}
        from generate_series(${from}::int, ${from + batch - 1}::int) as g`);
    }
    const active = await activeProductIds();
    expect(active.length).toBeGreaterThan(SITEMAP_URLS_MAX);
    const index = await within1s(
      () => sitemap('/sitemap.xml'),
      ({ entries }) => entries.length === 3,
    );
    expect(locs(index.entries).slice(1)).toEqual([
      `${SHOP}/sitemaps/productos-1.xml`,
      `${SHOP}/sitemaps/productos-2.xml`,
    ]);
    const pages = await everyPage();
    const products = pages.filter((page) => page.startsWith(`${SHOP}/productos/detalle/`));
    expect(products).toEqual(active.map(productUrl));
  }, 120_000);
});
