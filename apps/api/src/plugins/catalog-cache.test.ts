import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Categoria, Pedido, Producto } from '@nexbyte/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { openDatabase } from '../db/client';
import { categorias } from '../modules/categories/categories.schema';
import { productos } from '../modules/products/products.schema';
import { pedidos } from '../modules/orders/orders.schema';
import { LISTEN_APPLICATION_NAME } from '../db/pg-listen';
import { guestOrder, productNamed, setStatus } from '../modules/orders/orders.fixtures';
import {
  answerQuote,
  createRequest,
  customerEmail,
  latestToken,
  moveTo,
  postQuote,
  quoteBody,
} from '../modules/support/support.fixtures';
import { bearer, createTestApp, DB_KIND, type TestContext } from '../test/test-app';
import {
  ADMIN_CACHE_CONTROL,
  CATALOGUE_CHANNEL,
  PRIVATE_CACHE_CONTROL,
  PUBLIC_CACHE_CONTROL,
} from './catalog-cache';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** What the shop asks for its product list. */
const LIST = '/api/productos?pagina=1&limite=100&estado=activos';
const MOUSE = 'Mouse Logitech G203 Lightsync';
const INACTIVE = 'Notebook Acer Aspire 5 Core i7';

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

async function products(url = LIST, headers: Record<string, string> = {}) {
  const res = await get(url, headers);
  expect(res.statusCode).toBe(200);
  return res.json<Producto[]>();
}

async function product(id: number) {
  const res = await get(`/api/productos/${id}`);
  return res.statusCode === 200 ? res.json<Producto>() : null;
}

const priceIn = (list: Producto[], id: number) => list.find((p) => p.id === id)?.precio;

/**
 * Writes straight to the table with the catalogue triggers off: nobody is told, so an answer
 * that still shows the old value can only come from the cache.
 */
async function changePriceUnannounced(id: number, precio: number) {
  await t.app.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx
      .update(productos)
      .set({ precio: String(precio) })
      .where(eq(productos.id, id));
  });
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

describe('the catalogue read cache', () => {
  it('answers the same bytes, headers and strong ETag again, and 304 to a client holding them', async () => {
    const first = await get(LIST);
    const again = await get(LIST);
    expect(first.statusCode).toBe(200);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(again.headers.etag).toBe(etag);
    expect(first.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
    expect(first.headers['cache-control']).toMatch(/max-age=\d+, stale-while-revalidate=\d+/);
    expect(first.headers.vary).toMatch(/authorization/i);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    // A kept answer still carries the security headers.
    for (const name of ['content-security-policy', 'x-content-type-options']) {
      expect(again.headers[name]).toBeDefined();
      expect(again.headers[name]).toBe(first.headers[name]);
    }
    for (const name of ['x-total-count', 'link']) {
      expect(again.headers[name]).toBe(first.headers[name]);
    }
    expect(Number(again.headers['x-total-count'])).toBe(first.json<Producto[]>().length);

    const held = await get(LIST, { 'if-none-match': etag });
    expect(held.statusCode).toBe(304);
    expect(held.body).toBe('');
    expect(held.headers.etag).toBe(etag);
    expect(held.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
    expect((await get(LIST, { 'if-none-match': `"otro", W/${etag}` })).statusCode).toBe(304);
    expect((await get(LIST, { 'if-none-match': '"otro"' })).statusCode).toBe(200);
  });

  it('serves the kept answer: a change nobody announces is not seen, even asked another way', async () => {
    const mouse = await productNamed(t.app.db, MOUSE);
    const url = `/api/productos?q=logitech&orden=precio_asc`;
    expect(priceIn(await products(url), mouse.id)).toBe(mouse.precio);
    await changePriceUnannounced(mouse.id, mouse.precio + 1);
    try {
      expect(priceIn(await products(url), mouse.id)).toBe(mouse.precio);
      // The same query: names in another order and an empty value.
      const same = '/api/productos?orden=precio_asc&min=&q=logitech';
      expect(priceIn(await products(same), mouse.id)).toBe(mouse.precio);
      const suggestions = await get('/api/productos/sugerencias?q=logitech');
      expect(suggestions.headers.etag).toBeDefined();
    } finally {
      await changePriceUnannounced(mouse.id, mouse.precio);
      t.app.catalogCache.clear();
    }
  });

  it('sends br or gzip as the client accepts, each with its own tag, and 304 for it', async () => {
    const plain = await get(LIST);
    const tag = (plain.headers.etag as string).slice(1, -1);

    const br = await get(LIST, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.etag).toBe(`"${tag}-br"`);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    const brAgain = await get(LIST, { 'accept-encoding': 'br' });
    expect(brAgain.rawPayload.equals(br.rawPayload)).toBe(true);

    const gzip = await get(LIST, { 'accept-encoding': 'br;q=0.5, gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.etag).toBe(`"${tag}-gzip"`);
    expect(gunzipSync(gzip.rawPayload).equals(plain.rawPayload)).toBe(true);

    const identity = await get(LIST, { 'accept-encoding': 'identity' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.rawPayload.equals(plain.rawPayload)).toBe(true);

    const held = await get(LIST, { 'accept-encoding': 'br', 'if-none-match': `"${tag}-br"` });
    expect(held.statusCode).toBe(304);
    expect(held.headers.etag).toBe(`"${tag}-br"`);

    // Below @fastify/compress's threshold the JSON goes as it is, as before.
    const small = await get('/api/categorias', { 'accept-encoding': 'br, gzip' });
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json<Categoria[]>().length).toBeGreaterThanOrEqual(6);
  });

  it('never serves an ADMIN from it, nor keeps what an ADMIN was answered', async () => {
    const inactive = await productNamed(t.app.db, INACTIVE);
    const url = '/api/productos?limite=99';
    // The admin asks first: the shopper must not get the admin's answer afterwards.
    const admin = await get(url, bearer(t.adminToken));
    expect(admin.statusCode).toBe(200);
    expect(admin.json<Producto[]>().some((p) => p.id === inactive.id)).toBe(true);
    expect(admin.headers['cache-control']).toBe(ADMIN_CACHE_CONTROL);
    expect(admin.headers.etag).toBeUndefined();
    const shopper = await products(url);
    expect(shopper.some((p) => p.id === inactive.id)).toBe(false);
    // And the other way round: a kept shopper's answer is not what the admin gets.
    const again = await get(url, bearer(t.adminToken));
    expect(again.json<Producto[]>().some((p) => p.id === inactive.id)).toBe(true);

    expect((await get(`/api/productos/${inactive.id}`, bearer(t.adminToken))).statusCode).toBe(200);
    expect(await product(inactive.id)).toBeNull();
    expect((await get(`/api/productos/${inactive.id}`, bearer(t.adminToken))).statusCode).toBe(200);
  });

  it('gives a customer the shopper answer, marked private', async () => {
    const shopper = await get(LIST);
    const customer = await get(LIST, bearer(t.clientToken));
    expect(customer.statusCode).toBe(200);
    expect(customer.rawPayload.equals(shopper.rawPayload)).toBe(true);
    expect(customer.headers.etag).toBe(shopper.headers.etag);
    expect(customer.headers['cache-control']).toBe(PRIVATE_CACHE_CONTROL);
  });

  it('never keeps an error', async () => {
    for (const url of ['/api/productos/999999', '/api/productos/abc']) {
      const first = await get(url);
      const again = await get(url);
      expect(first.statusCode).toBeGreaterThanOrEqual(400);
      expect(again.statusCode).toBe(first.statusCode);
      expect(first.headers.etag).toBeUndefined();
      expect(first.headers['cache-control']).toBeUndefined();
    }
  });

  it('is not emptied by a write that was refused, which anyone could send', async () => {
    const mouse = await productNamed(t.app.db, MOUSE);
    expect((await product(mouse.id))?.precio).toBe(mouse.precio);
    await changePriceUnannounced(mouse.id, mouse.precio + 2);
    try {
      const refused = await t.app.inject({
        method: 'PATCH',
        url: `/api/productos/${mouse.id}/desactivar`,
      });
      expect(refused.statusCode).toBe(401);
      expect((await product(mouse.id))?.precio).toBe(mouse.precio);
    } finally {
      await changePriceUnannounced(mouse.id, mouse.precio);
      t.app.catalogCache.clear();
    }
  });

  it('answers concurrent first requests with one answer', async () => {
    t.app.catalogCache.clear();
    const answers = await Promise.all(Array.from({ length: 12 }, () => get(LIST)));
    expect(new Set(answers.map((a) => a.statusCode))).toEqual(new Set([200]));
    expect(new Set(answers.map((a) => a.headers.etag)).size).toBe(1);
  });
});

describe('every write that changes what shoppers see shows on the very next read', () => {
  it('creating a product', async () => {
    const before = await products();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/productos',
      headers: bearer(t.adminToken),
      payload: {
        nombre: 'SSD Kingston NV3 2TB',
        descripcion: 'NVMe PCIe 4.0',
        precio: 109990,
        stock: 7,
        categoria: { id: before[0]!.categoria.id },
      },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json<Producto>().id;
    const after = await products();
    expect(after).toHaveLength(before.length + 1);
    expect(priceIn(after, id)).toBe(109990);
    expect((await product(id))?.stock).toBe(7);
  });

  it('editing a product: its new price in the list, on its page and in the suggestions', async () => {
    const mouse = await productNamed(t.app.db, MOUSE);
    const suggested = async () => {
      const res = await get('/api/productos/sugerencias?q=g203');
      expect(res.statusCode).toBe(200);
      return priceIn(res.json<{ productos: Producto[] }>().productos, mouse.id);
    };
    expect(priceIn(await products(), mouse.id)).toBe(mouse.precio);
    expect((await product(mouse.id))?.precio).toBe(mouse.precio);
    expect(await suggested()).toBe(mouse.precio);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/productos/${mouse.id}`,
      headers: bearer(t.adminToken),
      payload: {
        nombre: mouse.nombre,
        descripcion: mouse.descripcion,
        precio: 17990,
        stock: mouse.stock,
        imagen: mouse.imagen,
        categoria: { id: mouse.categoriaId },
      },
    });
    expect(res.statusCode).toBe(200);
    expect(priceIn(await products(), mouse.id)).toBe(17990);
    expect((await product(mouse.id))?.precio).toBe(17990);
    expect(await suggested()).toBe(17990);
  });

  it('deactivating and activating a product', async () => {
    const mouse = await productNamed(t.app.db, MOUSE);
    expect(priceIn(await products(), mouse.id)).toBeDefined();
    expect(await product(mouse.id)).not.toBeNull();
    const patch = (action: string) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/productos/${mouse.id}/${action}`,
        headers: bearer(t.adminToken),
      });
    expect((await patch('desactivar')).statusCode).toBe(200);
    expect(priceIn(await products(), mouse.id)).toBeUndefined();
    expect(await product(mouse.id)).toBeNull();
    expect((await patch('activar')).statusCode).toBe(200);
    expect(priceIn(await products(), mouse.id)).toBeDefined();
    expect(await product(mouse.id)).not.toBeNull();
  });

  it('an order taking stock, its cancellation giving it back, and the expiry sweep', async () => {
    const mouse = await productNamed(t.app.db, MOUSE);
    const stockIn = async () => ({
      page: (await product(mouse.id))?.stock,
      list: (await products()).find((p) => p.id === mouse.id)?.stock,
    });
    expect(await stockIn()).toEqual({ page: mouse.stock, list: mouse.stock });

    const order: Pedido = await guestOrder(t, [{ productoId: mouse.id, qty: 2 }]);
    expect(await stockIn()).toEqual({ page: mouse.stock - 2, list: mouse.stock - 2 });

    expect((await setStatus(t, order.numero, 'CANCELADO')).statusCode).toBe(200);
    expect(await stockIn()).toEqual({ page: mouse.stock, list: mouse.stock });

    // The sweep runs on a timer, not in a request: the notification alone carries it.
    const unpaid = await guestOrder(t, [{ productoId: mouse.id, qty: 3 }]);
    expect(await stockIn()).toEqual({ page: mouse.stock - 3, list: mouse.stock - 3 });
    await t.app.db
      .update(pedidos)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(pedidos.numero, unpaid.numero));
    expect((await t.app.sweepExpiredOrders()).expired).toHaveLength(1);
    const swept = await within1s(stockIn, (s) => s.page === mouse.stock && s.list === mouse.stock);
    expect(swept).toEqual({ page: mouse.stock, list: mouse.stock });
  });

  it('a write through this instance, even if its notification were late', async () => {
    const mouse = await productNamed(t.app.db, MOUSE);
    // The triggers stay quiet, as if the notification were still on its way.
    const triggers = (action: 'disable' | 'enable') =>
      t.app.db.execute(
        sql.raw(
          `alter table productos ${action} trigger productos_catalogo_cambio, ${action} trigger productos_catalogo_actualizados`,
        ),
      );
    expect((await product(mouse.id))?.stock).toBe(mouse.stock);
    await triggers('disable');
    try {
      await guestOrder(t, [{ productoId: mouse.id, qty: 1 }]);
      expect((await product(mouse.id))?.stock).toBe(mouse.stock - 1);
      // A contact message cannot change the catalogue: it leaves the kept answers alone.
      await changePriceUnannounced(mouse.id, mouse.precio + 3);
      const contact = await t.app.inject({
        method: 'POST',
        url: '/api/contactos',
        payload: { nombre: 'Ana', email: 'ana@gmail.com', mensaje: 'Hola' },
      });
      expect(contact.statusCode).toBe(201);
      expect((await product(mouse.id))?.precio).toBe(mouse.precio);
    } finally {
      await triggers('enable');
      await changePriceUnannounced(mouse.id, mouse.precio);
      t.app.catalogCache.clear();
    }
  });

  it('the repair desk: a quote accepted takes its parts, a cancelled ticket gives them back', async () => {
    const mouse = await productNamed(t.app.db, MOUSE);
    const stockIn = async () => ({
      page: (await product(mouse.id))?.stock,
      list: (await products()).find((p) => p.id === mouse.id)?.stock,
    });
    /** A repair ticket quoted with `qty` mice, waiting for the customer's answer. */
    const quoted = async (qty: number, token?: string) => {
      const emailCliente = customerEmail();
      const ticket = await createRequest(t, { emailCliente }, token);
      expect((await moveTo(t, ticket.id, 'EN_DIAGNOSTICO')).statusCode).toBe(200);
      const lines = [{ tipo: 'REPUESTO', productoId: mouse.id, cantidad: qty }];
      expect((await postQuote(t, ticket.id, quoteBody(lines))).statusCode).toBe(201);
      // The quote's e-mail carries the ticket's one live link.
      return { ...ticket, token: await latestToken(t, emailCliente) };
    };
    // The triggers stay quiet, as if the notification were still on its way: only this
    // instance's own clearing can show the change on the next read.
    const triggers = (action: 'disable' | 'enable') =>
      t.app.db.execute(
        sql.raw(
          `alter table productos ${action} trigger productos_catalogo_cambio, ${action} trigger productos_catalogo_actualizados`,
        ),
      );
    expect(await stockIn()).toEqual({ page: mouse.stock, list: mouse.stock });
    await triggers('disable');
    try {
      // The customer accepts through the tracking link.
      const byLink = await quoted(2);
      expect((await answerQuote(t, byLink.token, { decision: 'ACEPTAR' })).statusCode).toBe(200);
      expect(await stockIn()).toEqual({ page: mouse.stock - 2, list: mouse.stock - 2 });

      // The desk cancels it: the parts come back.
      expect((await moveTo(t, byLink.id, 'CANCELADA')).statusCode).toBe(200);
      expect(await stockIn()).toEqual({ page: mouse.stock, list: mouse.stock });

      // The desk records an acceptance given by phone.
      const byPhone = await quoted(1);
      expect((await moveTo(t, byPhone.id, 'APROBADA')).statusCode).toBe(200);
      expect(await stockIn()).toEqual({ page: mouse.stock - 1, list: mouse.stock - 1 });
      expect((await moveTo(t, byPhone.id, 'CANCELADA')).statusCode).toBe(200);
      expect(await stockIn()).toEqual({ page: mouse.stock, list: mouse.stock });

      // The customer accepts from their account.
      const own = await quoted(3, t.clientToken);
      const accepted = await t.app.inject({
        method: 'POST',
        url: `/api/cuenta/soporte/${own.numero}/cotizacion`,
        headers: bearer(t.clientToken),
        payload: { decision: 'ACEPTAR' },
      });
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect(await stockIn()).toEqual({ page: mouse.stock - 3, list: mouse.stock - 3 });
      expect((await moveTo(t, own.id, 'CANCELADA')).statusCode).toBe(200);
      expect(await stockIn()).toEqual({ page: mouse.stock, list: mouse.stock });

      // A new ticket, a quote sent and a note take nothing: they leave the kept answers alone.
      const untouched = await createRequest(t);
      expect((await moveTo(t, untouched.id, 'EN_DIAGNOSTICO')).statusCode).toBe(200);
      expect((await product(mouse.id))?.precio).toBe(mouse.precio);
      await changePriceUnannounced(mouse.id, mouse.precio + 5);
      await createRequest(t);
      const lines = [{ tipo: 'REPUESTO', productoId: mouse.id, cantidad: 1 }];
      expect((await postQuote(t, untouched.id, quoteBody(lines))).statusCode).toBe(201);
      const note = await t.app.inject({
        method: 'POST',
        url: `/api/soporte/${untouched.id}/notas`,
        headers: bearer(t.adminToken),
        payload: { nota: 'Llamar mañana.' },
      });
      expect(note.statusCode, note.body).toBe(201);
      expect((await product(mouse.id))?.precio).toBe(mouse.precio);
    } finally {
      await triggers('enable');
      await changePriceUnannounced(mouse.id, mouse.precio);
      t.app.catalogCache.clear();
    }
  });

  it('a category renamed in the database, outside any request', async () => {
    const mouse = await productNamed(t.app.db, MOUSE);
    const names = async () =>
      (await get('/api/categorias')).json<Categoria[]>().map((c) => c.nombre);
    expect(await names()).toContain('Periféricos');
    expect((await product(mouse.id))?.categoria.nombre).toBe('Periféricos');
    await t.app.db
      .update(categorias)
      .set({ nombre: 'Periféricos gamer' })
      .where(eq(categorias.id, mouse.categoriaId));
    expect(await within1s(names, (n) => n.includes('Periféricos gamer'))).toContain(
      'Periféricos gamer',
    );
    const seen = await within1s(
      () => product(mouse.id),
      (p) => p?.categoria.nombre === 'Periféricos gamer',
    );
    expect(seen?.categoria.nombre).toBe('Periféricos gamer');
  });
});

describe('a burst of orders, with CATALOG_CACHE_COALESCE_MS', () => {
  const COALESCE_MS = 500;
  let burst: TestContext;
  beforeAll(async () => {
    burst = await createTestApp({ CATALOG_CACHE_COALESCE_MS: String(COALESCE_MS) });
  });
  afterAll(() => burst.close());

  const page = async (id: number) => {
    const res = await burst.app.inject({ method: 'GET', url: `/api/productos/${id}` });
    expect(res.statusCode).toBe(200);
    return {
      stock: res.json<Producto>().stock,
      precio: res.json<Producto>().precio,
      etag: res.headers.etag,
    };
  };

  it('shows the first order at once, the rest of the run within the period, staff edits at once', async () => {
    const mouse = await productNamed(burst.app.db, MOUSE);
    await new Promise((r) => setTimeout(r, COALESCE_MS + 50));
    expect((await page(mouse.id)).stock).toBe(mouse.stock);

    await guestOrder(burst, [{ productoId: mouse.id, qty: 1 }]);
    const afterFirst = await page(mouse.id);
    expect(afterFirst.stock).toBe(mouse.stock - 1);

    // The next order of the run is served from memory for a moment, then shown.
    const placed = performance.now();
    await guestOrder(burst, [{ productoId: mouse.id, qty: 1 }]);
    const meanwhile = await page(mouse.id);
    expect(meanwhile).toEqual(afterFirst);
    let seen = meanwhile;
    while (seen.stock !== mouse.stock - 2 && performance.now() - placed < COALESCE_MS + 500) {
      await new Promise((r) => setTimeout(r, 20));
      seen = await page(mouse.id);
    }
    expect(seen.stock).toBe(mouse.stock - 2);
    expect(performance.now() - placed).toBeLessThan(COALESCE_MS + 500);

    // The owner editing during the run sees the shop change on the next read.
    await guestOrder(burst, [{ productoId: mouse.id, qty: 1 }]);
    const edit = await burst.app.inject({
      method: 'PUT',
      url: `/api/productos/${mouse.id}`,
      headers: bearer(burst.adminToken),
      payload: {
        nombre: mouse.nombre,
        descripcion: mouse.descripcion,
        precio: 18990,
        stock: mouse.stock - 3,
        imagen: mouse.imagen,
        categoria: { id: mouse.categoriaId },
      },
    });
    expect(edit.statusCode).toBe(200);
    expect(await page(mouse.id)).toMatchObject({ precio: 18990, stock: mouse.stock - 3 });
  });
});

describe('what the database announces of a change to products', () => {
  it("says 'stock' when only stock moved, 'productos' for anything else or stock reaching zero", async () => {
    const mouse = await productNamed(t.app.db, MOUSE);
    const heard: string[] = [];
    const stop = await t.app.database.listen(CATALOGUE_CHANNEL, (payload) => heard.push(payload));
    const next = async (change: () => Promise<unknown>) => {
      const before = heard.length;
      await change();
      // A statement that changes nothing announces nothing: give a notice time to arrive.
      const until = Date.now() + 1_000;
      while (heard.length === before && Date.now() < until) {
        await new Promise((r) => setTimeout(r, 10));
      }
      return heard.slice(before);
    };
    const setStock = (stock: number) =>
      t.app.db.update(productos).set({ stock }).where(eq(productos.id, mouse.id));
    try {
      expect(await next(() => setStock(mouse.stock - 1))).toEqual(['stock']);
      expect(
        await next(() =>
          t.app.db
            .update(productos)
            .set({ precio: String(mouse.precio + 10) })
            .where(eq(productos.id, mouse.id)),
        ),
      ).toEqual(['productos']);
      // Sold out, then back: what can be bought changed.
      expect(await next(() => setStock(0))).toEqual(['productos']);
      expect(await next(() => setStock(mouse.stock))).toEqual(['productos']);
      expect(await next(() => setStock(mouse.stock))).toEqual([]);
      expect(
        await next(() => t.app.db.update(productos).set({ stock: 1 }).where(eq(productos.id, -1))),
      ).toEqual([]);
    } finally {
      await stop();
      await t.app.db
        .update(productos)
        .set({ precio: String(mouse.precio), stock: mouse.stock })
        .where(eq(productos.id, mouse.id));
    }
  });
});

describe('a burst of orders, with stock gathered longer than other changes', () => {
  const CATALOGUE_MS = 200;
  const STOCK_MS = 2_500;
  let burst: TestContext;
  beforeAll(async () => {
    burst = await createTestApp({
      CATALOG_CACHE_COALESCE_MS: String(CATALOGUE_MS),
      CATALOG_CACHE_STOCK_COALESCE_MS: String(STOCK_MS),
    });
  });
  afterAll(() => burst.close());

  const page = async (id: number) => {
    const res = await burst.app.inject({ method: 'GET', url: `/api/productos/${id}` });
    expect(res.statusCode).toBe(200);
    return res.json<Producto>();
  };

  it('shows stock within its window, and a price changed meanwhile within the shorter one', async () => {
    const mouse = await productNamed(burst.app.db, MOUSE);
    await new Promise((r) => setTimeout(r, STOCK_MS + 50));
    await guestOrder(burst, [{ productoId: mouse.id, qty: 1 }]);
    expect((await page(mouse.id)).stock).toBe(mouse.stock - 1);

    // The next order of the run is not shown after the catalogue's window…
    const placed = performance.now();
    await guestOrder(burst, [{ productoId: mouse.id, qty: 1 }]);
    await new Promise((r) => setTimeout(r, CATALOGUE_MS + 300));
    expect((await page(mouse.id)).stock).toBe(mouse.stock - 1);
    // …but is within stock's.
    let seen = await page(mouse.id);
    while (seen.stock !== mouse.stock - 2 && performance.now() - placed < STOCK_MS + 1_000) {
      await new Promise((r) => setTimeout(r, 20));
      seen = await page(mouse.id);
    }
    expect(seen.stock).toBe(mouse.stock - 2);

    // During another run, a price changed outside any request arrives by notification.
    await guestOrder(burst, [{ productoId: mouse.id, qty: 1 }]);
    await burst.app.db
      .update(productos)
      .set({ precio: String(mouse.precio + 100) })
      .where(eq(productos.id, mouse.id));
    const changed = performance.now();
    seen = await page(mouse.id);
    while (seen.precio !== mouse.precio + 100 && performance.now() - changed < STOCK_MS) {
      await new Promise((r) => setTimeout(r, 20));
      seen = await page(mouse.id);
    }
    expect(seen).toMatchObject({ precio: mouse.precio + 100, stock: mouse.stock - 3 });
    expect(performance.now() - changed).toBeLessThan(CATALOGUE_MS + 1_000);
  });

  it('brings kept answers’ stock up to date at the end of the run without reading them again', async () => {
    const mouse = await productNamed(burst.app.db, MOUSE);
    const list = async () => {
      const res = await burst.app.inject({ method: 'GET', url: LIST });
      expect(res.statusCode).toBe(200);
      return res.json<Producto[]>();
    };
    const stockIn = (items: Producto[], id: number) => items.find((p) => p.id === id)?.stock;
    await new Promise((r) => setTimeout(r, STOCK_MS + 50));
    await guestOrder(burst, [{ productoId: mouse.id, qty: 1 }]);
    const kept = await list();
    expect(stockIn(kept, mouse.id)).toBe(mouse.stock - 1);
    // A price written with the announcements off: only an answer read again would show it.
    const other = kept.find((p) => p.id !== mouse.id)!;
    const setPriceUnannounced = (precio: number) =>
      burst.app.db.transaction(async (tx) => {
        await tx.execute(sql`set local session_replication_role = replica`);
        await tx
          .update(productos)
          .set({ precio: String(precio) })
          .where(eq(productos.id, other.id));
      });
    await setPriceUnannounced(other.precio + 1_000);
    try {
      const placed = performance.now();
      await guestOrder(burst, [{ productoId: mouse.id, qty: 1 }]);
      let seen = await list();
      while (
        stockIn(seen, mouse.id) !== mouse.stock - 2 &&
        performance.now() - placed < STOCK_MS + 1_000
      ) {
        await new Promise((r) => setTimeout(r, 20));
        seen = await list();
      }
      expect(stockIn(seen, mouse.id)).toBe(mouse.stock - 2);
      expect(priceIn(seen, other.id)).toBe(other.precio);
      expect(seen.map((p) => p.id)).toEqual(kept.map((p) => p.id));
    } finally {
      await setPriceUnannounced(other.precio);
    }
  });
});

describe('while changes may go unheard', () => {
  it('serves nothing kept, and starts empty once it hears them again', async () => {
    const mouse = await productNamed(t.app.db, MOUSE);
    expect((await product(mouse.id))?.precio).toBe(mouse.precio);
    t.app.catalogCache.pause();
    try {
      await changePriceUnannounced(mouse.id, mouse.precio + 5);
      expect((await product(mouse.id))?.precio).toBe(mouse.precio + 5);
      expect((await get(`/api/productos/${mouse.id}`)).headers.etag).toBeUndefined();
    } finally {
      t.app.catalogCache.resume();
    }
    await changePriceUnannounced(mouse.id, mouse.precio);
    expect((await product(mouse.id))?.precio).toBe(mouse.precio);
  });

  it.skipIf(DB_KIND !== 'postgres')(
    'after losing its listening connection it never keeps serving what it had',
    async () => {
      const mouse = await productNamed(t.app.db, MOUSE);
      expect((await product(mouse.id))?.precio).toBe(mouse.precio);
      const terminate = await t.app.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
            where application_name = ${LISTEN_APPLICATION_NAME} and datname = current_database()`,
      );
      expect((terminate as unknown as { rows: unknown[] }).rows).toHaveLength(1);
      // Whatever happens while nobody listens is announced to nobody.
      await changePriceUnannounced(mouse.id, mouse.precio + 7);
      const seen = await within1s(
        () => product(mouse.id),
        (p) => p?.precio === mouse.precio + 7,
      );
      expect(seen?.precio).toBe(mouse.precio + 7);
      // It listens again, and keeps answers again.
      await within1s(
        async () => t.app.catalogCache.usable,
        (usable) => usable,
      );
      expect(t.app.catalogCache.usable).toBe(true);
      await product(mouse.id);
      await changePriceUnannounced(mouse.id, mouse.precio);
      expect((await product(mouse.id))?.precio).toBe(mouse.precio + 7);
      t.app.catalogCache.clear();
      expect((await product(mouse.id))?.precio).toBe(mouse.precio);
    },
  );
});

/** A second instance on the same database, with the same settings (and the same Redis, if any). */
async function secondInstance() {
  const result = await t.app.db.execute(sql`select current_database() as name`);
  const [{ name }] = (result as unknown as { rows: [{ name: string }] }).rows;
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 3 });
  const app = await buildApp({ config: t.config, database });
  await app.ready();
  return app;
}

describe.skipIf(DB_KIND !== 'postgres')('two instances on one PostgreSQL', () => {
  it('a price changed through instance A is served by instance B within 1 s', async () => {
    const b = await secondInstance();
    try {
      const mouse = await productNamed(t.app.db, MOUSE);
      const readB = async () => {
        const res = await b.inject({ method: 'GET', url: LIST });
        return priceIn(res.json<Producto[]>(), mouse.id);
      };
      expect(await readB()).toBe(mouse.precio);
      expect(await readB()).toBe(mouse.precio);
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/productos/${mouse.id}`,
        headers: bearer(t.adminToken),
        payload: {
          nombre: mouse.nombre,
          descripcion: mouse.descripcion,
          precio: 15990,
          stock: mouse.stock,
          imagen: mouse.imagen,
          categoria: { id: mouse.categoriaId },
        },
      });
      expect(res.statusCode).toBe(200);
      const started = Date.now();
      const seen = await within1s(readB, (precio) => precio === 15990);
      expect(seen).toBe(15990);
      expect(Date.now() - started).toBeLessThan(1_000);
    } finally {
      await b.close();
    }
  });
});
