import { PRODUCT_MESSAGES, SPECS_MAX, type Producto } from '@nexbyte/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestContext } from '../../test/test-app';

// Brand, SKU and specification sheet of a product: what the admin saves, what the shop shows
// and finds.

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });
const send = (method: 'POST' | 'PUT', url: string, payload: object, token = t.adminToken) =>
  t.app.inject({ method, url, payload, headers: bearer(token) });

let categoriaId: number;
const base = () => ({
  nombre: 'Producto de prueba',
  precio: 1990,
  stock: 5,
  categoria: { id: categoriaId },
});
beforeAll(async () => {
  categoriaId = (await get('/api/categorias')).json<{ id: number }[]>()[0]!.id;
});

const create = async (extra: object) => {
  const res = await send('POST', '/api/productos', { ...base(), ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Producto>();
};

const names = async (query: string) =>
  (await get(`/api/productos?${query}`)).json<Producto[]>().map((p) => p.nombre);

describe('brand, SKU and specifications on create and update', () => {
  it('saves them trimmed, the SKU in upper case, and answers them on the product page', async () => {
    const created = await create({
      nombre: 'SSD Kioxia Exceria 1 TB',
      marca: '  Kioxia ',
      sku: ' kx-exc-1tb ',
      especificaciones: [
        { nombre: ' Capacidad ', valor: '1 TB ' },
        { nombre: 'Interfaz', valor: 'NVMe' },
      ],
    });
    expect(created).toMatchObject({
      marca: 'Kioxia',
      sku: 'KX-EXC-1TB',
      especificaciones: [
        { nombre: 'Capacidad', valor: '1 TB' },
        { nombre: 'Interfaz', valor: 'NVMe' },
      ],
    });
    const page = (await get(`/api/productos/${created.id}`)).json<Producto>();
    expect(page.sku).toBe('KX-EXC-1TB');
    expect(page.especificaciones).toHaveLength(2);
  });

  it('gives a product saved without a SKU NB- and its id in six digits, and keeps it on update', async () => {
    const created = await create({ nombre: 'Sin SKU', sku: '   ' });
    const generated = `NB-${String(created.id).padStart(6, '0')}`;
    expect(created.sku).toBe(generated);
    expect(created.marca).toBeNull();
    expect(created.especificaciones).toEqual([]);
    const renamed = await send('PUT', `/api/productos/${created.id}`, {
      ...base(),
      nombre: 'Otro',
    });
    expect(renamed.json<Producto>().sku).toBe(generated);
  });

  it('lets the admin change a SKU, and refuses one another product holds with 409 on the sku field', async () => {
    const first = await create({ nombre: 'Primero', sku: 'DUP-1' });
    const second = await create({ nombre: 'Segundo', sku: 'DUP-2' });
    for (const attempt of [
      () => send('POST', '/api/productos', { ...base(), sku: 'dup-1' }),
      () => send('PUT', `/api/productos/${second.id}`, { ...base(), sku: 'DUP-1' }),
    ]) {
      const res = await attempt();
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        message: PRODUCT_MESSAGES.skuTaken,
        errors: { sku: PRODUCT_MESSAGES.skuTaken },
      });
    }
    expect((await get(`/api/productos/${second.id}`)).json<Producto>().sku).toBe('DUP-2');
    const changed = await send('PUT', `/api/productos/${first.id}`, { ...base(), sku: 'DUP-9' });
    expect(changed.json<Producto>().sku).toBe('DUP-9');
    // The freed SKU may be taken again.
    expect(
      (await send('PUT', `/api/productos/${second.id}`, { ...base(), sku: 'DUP-1' })).statusCode,
    ).toBe(200);
  });

  it.each([
    [{ sku: 'con espacio' }, 'sku', PRODUCT_MESSAGES.sku],
    [{ sku: '-EMPIEZA-CON-GUION' }, 'sku', PRODUCT_MESSAGES.sku],
    [{ sku: 'A'.repeat(41) }, 'sku', PRODUCT_MESSAGES.sku],
    [{ marca: 'M'.repeat(61) }, 'marca', PRODUCT_MESSAGES.marca],
    [{ marca: 12 }, 'marca', PRODUCT_MESSAGES.marca],
    [
      { especificaciones: [{ nombre: '', valor: '1 TB' }] },
      'especificaciones',
      PRODUCT_MESSAGES.especificaciones,
    ],
    [
      { especificaciones: [{ nombre: 'Capacidad', valor: 'x'.repeat(101) }] },
      'especificaciones',
      PRODUCT_MESSAGES.especificaciones,
    ],
    [
      { especificaciones: [{ nombre: 'Capacidad' }] },
      'especificaciones',
      PRODUCT_MESSAGES.especificaciones,
    ],
    [
      { especificaciones: 'Capacidad: 1 TB' },
      'especificaciones',
      PRODUCT_MESSAGES.especificaciones,
    ],
    [
      {
        especificaciones: Array.from({ length: SPECS_MAX + 1 }, (_, i) => ({
          nombre: `N${i}`,
          valor: 'v',
        })),
      },
      'especificaciones',
      PRODUCT_MESSAGES.tooManyEspecificaciones,
    ],
  ])('refuses %j with a message on %s', async (extra, field, message) => {
    const res = await send('POST', '/api/productos', { ...base(), ...extra });
    expect(res.statusCode).toBe(400);
    const errors = res.json<{ errors: Record<string, string> }>().errors;
    expect(errors[field]).toBe(message);
  });

  it('lets no customer set them', async () => {
    const res = await send('POST', '/api/productos', { ...base(), sku: 'CLI-1' }, t.clientToken);
    expect(res.statusCode).toBe(403);
  });
});

describe('search over brand and SKU', () => {
  it('finds a product by its brand when neither its name nor description says it', async () => {
    await create({
      nombre: 'Pasta térmica sin nombre',
      marca: 'Noctua',
      descripcion: 'Dos gramos.',
    });
    expect(await names('q=noctua')).toEqual(['Pasta térmica sin nombre']);
  });

  it('finds a demo product by its SKU, typed in any case, with or without the dash', async () => {
    expect(await names('q=KNG-NV2-1TB')).toEqual(['SSD Kingston NV2 1 TB NVMe']);
    expect(await names('q=kng nv2')).toEqual(['SSD Kingston NV2 1 TB NVMe']);
  });

  it('finds a generated SKU, and a changed SKU by its new value only', async () => {
    const created = await create({ nombre: 'Ventilador 120 mm' });
    expect(await names(`q=${created.sku}`)).toEqual(['Ventilador 120 mm']);
    await send('PUT', `/api/productos/${created.id}`, {
      ...base(),
      nombre: 'Ventilador 120 mm',
      sku: 'FAN-QX120',
    });
    expect(await names('q=fan-qx120')).toEqual(['Ventilador 120 mm']);
    expect(await names(`q=${created.sku}`)).not.toContain('Ventilador 120 mm');
  });
});
