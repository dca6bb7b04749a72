import { LIST_LIMIT_DEFAULT, type Producto } from '@nexbyte/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PRODUCTOS } from '../db/demo-data';
import { bearer, createTestApp, type TestContext } from '../test/test-app';
import { guestOrder, productNamed, setStock } from './orders/orders.fixtures';
import { pageLinks } from './paging';

/** The rel → href pairs of a Link header. */
function links(header: string | string[] | number | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of String(header ?? '').split(', ')) {
    const match = /^<([^>]+)>; rel="(\w+)"$/.exec(part);
    if (match) out[match[2]!] = match[1]!;
  }
  return out;
}

describe('pageLinks', () => {
  it('links first, previous, next and last with the same query, only pagina changed', () => {
    const header = pageLinks('/api/productos?q=mouse&limite=10&pagina=2', {
      pagina: 2,
      limite: 10,
      total: 45,
    });
    expect(links(header)).toEqual({
      first: '/api/productos?q=mouse&limite=10&pagina=1',
      prev: '/api/productos?q=mouse&limite=10&pagina=1',
      next: '/api/productos?q=mouse&limite=10&pagina=3',
      last: '/api/productos?q=mouse&limite=10&pagina=5',
    });
  });

  it('has no prev on the first page, no next on the last, and page 1 as last of an empty list', () => {
    expect(links(pageLinks('/api/usuarios', { pagina: 1, limite: 50, total: 0 }))).toEqual({
      first: '/api/usuarios?pagina=1',
      last: '/api/usuarios?pagina=1',
    });
  });

  it('leads back to the last page from a page past the end', () => {
    expect(links(pageLinks('/api/soporte?pagina=9', { pagina: 9, limite: 2, total: 5 }))).toEqual({
      first: '/api/soporte?pagina=1',
      prev: '/api/soporte?pagina=3',
      last: '/api/soporte?pagina=3',
    });
  });
});

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

describe('GET /api/productos is never unbounded', () => {
  // Two default pages, within the largest limite.
  const TOTAL = 90;
  const extra = TOTAL - DEMO_PRODUCTOS.filter((p) => p.activo !== false).length;

  beforeAll(async () => {
    const [categoria] = (await get('/api/categorias')).json<{ id: number }[]>();
    for (let i = 0; i < extra; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/productos',
        headers: bearer(t.adminToken),
        payload: { nombre: `Cable USB-C ${i}`, precio: 2990, stock: 5, categoria },
      });
      expect(res.statusCode).toBe(201);
    }
  });

  it(`answers ${LIST_LIMIT_DEFAULT} products without limite, with the total and links to the rest`, async () => {
    const res = await get('/api/productos');
    expect(res.statusCode).toBe(200);
    expect(res.json<Producto[]>()).toHaveLength(LIST_LIMIT_DEFAULT);
    expect(res.headers['x-total-count']).toBe(String(TOTAL));
    expect(links(res.headers.link)).toEqual({
      first: '/api/productos?pagina=1',
      next: '/api/productos?pagina=2',
      last: '/api/productos?pagina=2',
    });
    const second = await get('/api/productos?pagina=2');
    expect(second.json<Producto[]>()).toHaveLength(TOTAL - LIST_LIMIT_DEFAULT);
    expect(second.headers['x-total-count']).toBe(String(TOTAL));
    const ids = [...res.json<Producto[]>(), ...second.json<Producto[]>()].map((p) => p.id);
    expect(new Set(ids).size).toBe(TOTAL);
  });

  it('answers a page past the end with [] and 200, still counting everything', async () => {
    const res = await get('/api/productos?pagina=7&limite=20&orden=precio_asc');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    expect(res.headers['x-total-count']).toBe(String(TOTAL));
    expect(links(res.headers.link).last).toBe(
      `/api/productos?pagina=${Math.ceil(TOTAL / 20)}&limite=20&orden=precio_asc`,
    );
    const searched = await get('/api/productos?q=cable&pagina=40');
    expect([searched.statusCode, searched.json()]).toEqual([200, []]);
    expect(Number(searched.headers['x-total-count'])).toBeGreaterThanOrEqual(extra);
  });

  it('keeps the count right as products come and go (an admin sees the inactive too)', async () => {
    const [first] = (await get('/api/productos?limite=1')).json<Producto[]>();
    await t.app.inject({
      method: 'PATCH',
      url: `/api/productos/${first!.id}/desactivar`,
      headers: bearer(t.adminToken),
    });
    expect((await get('/api/productos?limite=10')).headers['x-total-count']).toBe(
      String(TOTAL - 1),
    );
    const admin = await get('/api/productos?limite=10', t.adminToken);
    expect(admin.headers['x-total-count']).toBe(String(TOTAL + 1));
    await t.app.inject({
      method: 'PATCH',
      url: `/api/productos/${first!.id}/activar`,
      headers: bearer(t.adminToken),
    });
    expect((await get('/api/productos?limite=10')).headers['x-total-count']).toBe(String(TOTAL));
  });

  it('caps limite at 100 and ignores a bad one', async () => {
    expect((await get('/api/productos?limite=1000')).json<Producto[]>()).toHaveLength(
      LIST_LIMIT_DEFAULT,
    );
    expect((await get('/api/productos?limite=100')).json<Producto[]>()).toHaveLength(TOTAL);
  });
});

describe('admin lists page the same way', () => {
  beforeAll(async () => {
    for (let i = 0; i < 3; i++) {
      await t.app.inject({
        method: 'POST',
        url: '/api/contactos',
        payload: { nombre: `Ana ${i}`, email: `ana${i}@gmail.com`, mensaje: 'Hola, una consulta.' },
      });
      await t.app.inject({
        method: 'POST',
        url: '/api/soporte',
        payload: {
          nombreCliente: `Ana ${i}`,
          emailCliente: `ana${i}@gmail.com`,
          telefonoCliente: null,
          region: 'Metropolitana de Santiago',
          comuna: 'Providencia',
          direccion: null,
          equipo: 'NOTEBOOK',
          prioridad: 'NORMAL',
          serviciosRequeridos: ['Diagnóstico'],
          descripcionProblema: 'No enciende después de una actualización.',
        },
      });
    }
    const producto = await productNamed(t.app.db, 'Mouse Logitech G203 Lightsync');
    await setStock(t.app.db, producto.id, 50);
    for (let i = 0; i < 3; i++) await guestOrder(t, [{ productoId: producto.id, qty: 1 }]);
  });

  it.each(['/api/usuarios', '/api/contactos', '/api/soporte', '/api/pedidos'])(
    '%s: limite, pagina, X-Total-Count, Link, and [] past the end',
    async (path) => {
      const all = await get(path, t.adminToken);
      expect(all.statusCode).toBe(200);
      const total = Number(all.headers['x-total-count']);
      expect(total).toBeGreaterThanOrEqual(2);
      expect(all.json<unknown[]>()).toHaveLength(Math.min(total, LIST_LIMIT_DEFAULT));

      const first = await get(`${path}?limite=1`, t.adminToken);
      const second = await get(`${path}?limite=1&pagina=2`, t.adminToken);
      expect(first.json<unknown[]>()).toHaveLength(1);
      expect(second.json<unknown[]>()).toHaveLength(1);
      expect(second.json()).not.toEqual(first.json());
      expect(links(second.headers.link)).toEqual({
        first: `${path}?limite=1&pagina=1`,
        prev: `${path}?limite=1&pagina=1`,
        ...(total > 2 ? { next: `${path}?limite=1&pagina=3` } : {}),
        last: `${path}?limite=1&pagina=${total}`,
      });

      const past = await get(`${path}?limite=1&pagina=${total + 1}`, t.adminToken);
      expect([past.statusCode, past.json(), past.headers['x-total-count']]).toEqual([
        200,
        [],
        String(total),
      ]);
    },
  );
});
