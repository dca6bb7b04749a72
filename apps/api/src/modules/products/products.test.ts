import type { Producto } from '@nexbyte/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PRODUCTOS } from '../../db/demo-data';
import { bearer, createTestApp, type TestContext } from '../../test/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

const list = async (query = '', token?: string) => {
  const res = await get(`/api/productos${query}`, token);
  expect(res.statusCode).toBe(200);
  return { items: res.json<Producto[]>(), total: Number(res.headers['x-total-count']) };
};

const activos = DEMO_PRODUCTOS.filter((p) => p.activo !== false);

describe('GET /api/productos', () => {
  it('lists the active products with the documented fields and prices as numbers', async () => {
    const { items, total } = await list('?limite=100');
    expect(items).toHaveLength(activos.length);
    expect(total).toBe(activos.length);
    expect(items.every((p) => p.activo)).toBe(true);
    const mouse = items.find((p) => p.nombre === 'Mouse Logitech G203 Lightsync')!;
    expect(mouse).toEqual({
      id: expect.any(Number),
      nombre: 'Mouse Logitech G203 Lightsync',
      descripcion: expect.any(String),
      precio: 19990,
      imagen: '/img/categorias/perifericos.svg',
      stock: 35,
      activo: true,
      categoria: { id: expect.any(Number), nombre: 'Periféricos' },
      marca: 'Logitech',
      sku: 'LOG-G203',
      especificaciones: [
        { nombre: 'Conexión', valor: 'USB' },
        { nombre: 'DPI', valor: '8.000' },
        { nombre: 'Iluminación', valor: 'RGB' },
      ],
      imagenes: expect.any(Array),
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('lists inactive products too for an admin', async () => {
    const { items } = await list('?limite=100', t.adminToken);
    expect(items).toHaveLength(DEMO_PRODUCTOS.length);
    expect(items.filter((p) => !p.activo).map((p) => p.nombre)).toEqual([
      'Notebook Acer Aspire 5 Core i7',
    ]);
  });

  it('lets an admin ask for the active or the inactive products only', async () => {
    const activas = await list('?estado=activos', t.adminToken);
    expect(activas.items.every((p) => p.activo)).toBe(true);
    expect(activas.total).toBe(activos.length);
    const inactivas = await list('?estado=inactivos', t.adminToken);
    expect(inactivas.items.map((p) => p.nombre)).toEqual(['Notebook Acer Aspire 5 Core i7']);
    expect((await list('?estado=todos', t.adminToken)).total).toBe(DEMO_PRODUCTOS.length);
    expect((await list('?estado=otro', t.adminToken)).total).toBe(DEMO_PRODUCTOS.length);
  });

  it('never lists an inactive product without an admin token, whatever estado says', async () => {
    for (const estado of ['inactivos', 'todos']) {
      expect((await list(`?estado=${estado}`)).items.every((p) => p.activo)).toBe(true);
      const client = await list(`?estado=${estado}`, t.clientToken);
      expect(client.items.every((p) => p.activo)).toBe(true);
      expect(client.total).toBe(activos.length);
    }
  });

  it('searches name, description and category without caring about case', async () => {
    expect((await list('?q=LOGITECH')).items.map((p) => p.nombre)).toContain(
      'Parlantes Logitech Z313 2.1',
    );
    expect((await list('?q=heatpipes')).items.map((p) => p.nombre)).toEqual([
      'Cooler CPU DeepCool AK400',
    ]);
    const porCategoria = await list(`?q=${encodeURIComponent('almacenamiento')}`);
    expect(porCategoria.items.length).toBeGreaterThanOrEqual(6);
  });

  it('treats % and _ in the search as plain text', async () => {
    expect((await list('?q=%25')).items).toEqual([]);
    expect((await list('?q=_')).items).toEqual([]);
  });

  it('filters by category name or id', async () => {
    const byName = await list(`?categoria=${encodeURIComponent('monitores')}`);
    expect(byName.items.length).toBe(4);
    expect(byName.items.every((p) => p.categoria.nombre === 'Monitores')).toBe(true);
    const byId = await list(`?categoria=${byName.items[0]!.categoria.id}`);
    expect(byId.items.map((p) => p.id).sort()).toEqual(byName.items.map((p) => p.id).sort());
  });

  it('includes both ends of the price range and ignores bad values', async () => {
    const { items } = await list('?min=19990&max=24990');
    const precios = items.map((p) => p.precio);
    expect(precios).toContain(19990);
    expect(precios).toContain(24990);
    expect(precios.every((p) => p >= 19990 && p <= 24990)).toBe(true);
    expect((await list('?min=abc&max=&limite=100')).items).toHaveLength(activos.length);
  });

  it('sorts by most recent by default and by price both ways', async () => {
    const recientes = (await list()).items;
    const fechas = recientes.map((p) => Date.parse(p.createdAt));
    expect(fechas).toEqual([...fechas].sort((a, b) => b - a));
    const asc = (await list('?orden=precio_asc')).items.map((p) => p.precio);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    const desc = (await list('?orden=precio_desc')).items.map((p) => p.precio);
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
  });

  it('pages with pagina and limite and reports the unpaged count', async () => {
    const first = await list('?orden=precio_asc&limite=5&pagina=1');
    const second = await list('?orden=precio_asc&limite=5&pagina=2');
    expect(first.items).toHaveLength(5);
    expect(second.items).toHaveLength(5);
    expect(first.total).toBe(activos.length);
    expect(second.items[0]!.precio).toBeGreaterThanOrEqual(first.items[4]!.precio);
    expect(new Set([...first.items, ...second.items].map((p) => p.id)).size).toBe(10);
  });
});

describe('GET /api/productos/{id} and GET /api/categorias', () => {
  it('answers one product, and 404 for an unknown one', async () => {
    const [first] = (await list()).items;
    const res = await get(`/api/productos/${first!.id}`);
    expect(res.statusCode).toBe(200);
    // Only a product's own answer carries its weight and size (for the parcel).
    expect(res.json()).toEqual({
      ...first,
      medidas: expect.objectContaining({ pesoKg: expect.any(Number) }),
    });
    const missing = await get('/api/productos/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Producto no encontrado.' });
  });

  it('lists the categories by name', async () => {
    const res = await get('/api/categorias');
    expect(res.statusCode).toBe(200);
    const nombres = res.json<{ nombre: string }[]>().map((c) => c.nombre);
    expect(nombres.length).toBeGreaterThanOrEqual(6);
    expect(nombres).toEqual([...nombres].sort((a, b) => a.localeCompare(b)));
    expect(nombres).toContain('Periféricos');
  });
});

describe('admin product changes', () => {
  const send = (method: 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: bearer(t.adminToken) });

  const categoriaId = async () => (await get('/api/categorias')).json<{ id: number }[]>()[0]!.id;

  it('creates a product that the shop then lists first, with its price kept to the cent', async () => {
    const res = await send('POST', '/api/productos', {
      nombre: '  Silla gamer Cougar Armor One  ',
      descripcion: '',
      precio: 189990.5,
      stock: 3,
      categoria: { id: await categoriaId() },
    });
    expect(res.statusCode).toBe(201);
    const created = res.json<Producto>();
    expect(created).toMatchObject({
      nombre: 'Silla gamer Cougar Armor One',
      descripcion: null,
      precio: 189990.5,
      stock: 3,
      activo: true,
      imagen: null,
    });
    expect((await list()).items[0]!.id).toBe(created.id);
  });

  it('updates a product and answers the new version', async () => {
    const [target] = (await list('?orden=precio_asc')).items;
    const res = await send('PUT', `/api/productos/${target!.id}`, {
      nombre: 'Pendrive 128 GB',
      descripcion: 'Más capacidad',
      precio: 9990,
      stock: 12,
      categoria: { id: target!.categoria.id },
      imagen: 'https://example.com/pendrive.png',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: target!.id,
      nombre: 'Pendrive 128 GB',
      precio: 9990,
      stock: 12,
    });
    expect((await get(`/api/productos/${target!.id}`)).json().descripcion).toBe('Más capacidad');
  });

  it('deactivates a product: the shop stops listing and showing it', async () => {
    const [target] = (await list()).items;
    const res = await send('PATCH', `/api/productos/${target!.id}/desactivar`);
    expect(res.statusCode).toBe(200);
    expect(res.json().activo).toBe(false);
    expect((await list()).items.map((p) => p.id)).not.toContain(target!.id);
    expect((await get(`/api/productos/${target!.id}`)).statusCode).toBe(404);
    expect((await get(`/api/productos/${target!.id}`, t.adminToken)).statusCode).toBe(200);
  });

  it('reactivates a deactivated product: the shop lists and shows it again', async () => {
    const [first] = (await list('?orden=precio_desc')).items;
    // The product as its own page answers it, which is what activar answers.
    const target = (await get(`/api/productos/${first!.id}`)).json<Producto>();
    expect((await send('PATCH', `/api/productos/${target.id}/desactivar`)).statusCode).toBe(200);
    expect((await list('?limite=100')).items.map((p) => p.id)).not.toContain(target.id);

    const res = await send('PATCH', `/api/productos/${target.id}/activar`);

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...target, activo: true });
    expect((await list('?limite=100')).items.map((p) => p.id)).toContain(target.id);
    expect((await get(`/api/productos/${target.id}`)).statusCode).toBe(200);
  });

  it('activating an active product leaves it active', async () => {
    const [target] = (await list('?orden=precio_asc')).items;
    const res = await send('PATCH', `/api/productos/${target!.id}/activar`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: target!.id, activo: true });
  });

  it('reactivates the inactive demo product', async () => {
    const inactive = (await list('', t.adminToken)).items.find((p) => !p.activo)!;
    expect((await send('PATCH', `/api/productos/${inactive.id}/activar`)).json().activo).toBe(true);
    expect((await list()).items.map((p) => p.id)).toContain(inactive.id);
  });

  it('lists activar in the API documentation as an admin call', async () => {
    const res = await get('/api/docs/json');
    const path = res.json().paths['/api/productos/{id}/activar'];
    expect(path?.patch?.tags).toEqual(['productos']);
    expect(path?.patch?.security).toEqual([{ bearerAuth: [] }]);
  });

  it('answers 404 when changing a product that does not exist', async () => {
    expect((await send('PATCH', '/api/productos/999999/desactivar')).statusCode).toBe(404);
    expect((await send('PATCH', '/api/productos/999999/activar')).statusCode).toBe(404);
    expect((await send('PATCH', '/api/productos/999999/activar')).json()).toEqual({
      message: 'Producto no encontrado.',
    });
    const body = { nombre: 'X', precio: 1, stock: 1, categoria: { id: await categoriaId() } };
    expect((await send('PUT', '/api/productos/999999', body)).statusCode).toBe(404);
  });

  it.each([
    [{ nombre: '' }, 'nombre', 'El nombre es requerido.'],
    [{ precio: undefined }, 'precio', 'El precio es requerido.'],
    // Numbers written as text are read (issue 13); text that is no number says so.
    [{ precio: 'mil' }, 'precio', 'El precio debe ser un número.'],
    [{ precio: -1 }, 'precio', 'El precio no puede ser negativo.'],
    [{ precio: 10.123 }, 'precio', 'El precio admite como máximo 2 decimales.'],
    [{ stock: undefined }, 'stock', 'El stock es requerido.'],
    [{ stock: 1.5 }, 'stock', 'El stock debe ser un número entero mayor o igual a 0.'],
    [{ stock: -2 }, 'stock', 'El stock debe ser un número entero mayor o igual a 0.'],
    [{ categoria: undefined }, 'categoria', 'La categoría es requerida.'],
    [{ categoria: { id: 999999 } }, 'categoria', 'La categoría seleccionada no existe.'],
    [
      { imagen: 'javascript:alert(1)' },
      'imagen',
      'La imagen debe ser una URL http(s) o una ruta que empiece con /.',
    ],
  ])('refuses %o with the message of its field', async (change, field, message) => {
    const base = {
      nombre: 'Producto',
      precio: 1000,
      stock: 1,
      categoria: { id: await categoriaId() },
    };
    const res = await send('POST', '/api/productos', { ...base, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
  });
});
