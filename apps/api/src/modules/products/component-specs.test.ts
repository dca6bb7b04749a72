import type { Producto } from '@nexbyte/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestContext } from '../../test/test-app';

// A PC part's typed specification (decision 032): what the admin saves, checked by the server
// with the shared schema, and what a product's answers carry.

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
  nombre: 'Procesador AMD Ryzen 7 7800X3D',
  precio: 429990,
  stock: 5,
  categoria: { id: categoriaId },
});
beforeAll(async () => {
  categoriaId = (await get('/api/categorias')).json<{ id: number }[]>()[0]!.id;
});

const ryzen = {
  tipo: 'PROCESADOR',
  socket: 'AM5',
  nucleos: 8,
  tdpW: 120,
  graficosIntegrados: true,
} as const;

const create = async (extra: object) => {
  const res = await send('POST', '/api/productos', { ...base(), ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Producto>();
};

describe('especificación tipada de un componente en el producto', () => {
  it('se guarda al crear y la responden el alta y la página del producto', async () => {
    const created = await create({ componente: ryzen });
    expect(created.componente).toEqual(ryzen);
    expect((await get(`/api/productos/${created.id}`)).json<Producto>().componente).toEqual(ryzen);
  });

  it('admite solo los valores conocidos', async () => {
    const created = await create({ componente: { tipo: 'FUENTE', potenciaW: 650 } });
    expect(created.componente).toEqual({ tipo: 'FUENTE', potenciaW: 650 });
  });

  it('un producto sin especificación tipada no la trae', async () => {
    expect(await create({})).not.toHaveProperty('componente');
    expect(await create({ componente: null })).not.toHaveProperty('componente');
  });

  it('al editar: sin el campo la conserva, con otra la reemplaza y con null la quita', async () => {
    const { id } = await create({ componente: ryzen });
    const url = `/api/productos/${id}`;
    const kept = await send('PUT', url, { ...base(), nombre: 'Ryzen 7 7800X3D' });
    expect(kept.json<Producto>().componente).toEqual(ryzen);
    const replaced = await send('PUT', url, {
      ...base(),
      componente: { ...ryzen, graficosIntegrados: false },
    });
    expect(replaced.json<Producto>().componente).toEqual({ ...ryzen, graficosIntegrados: false });
    const removed = await send('PUT', url, { ...base(), componente: null });
    expect(removed.json<Producto>()).not.toHaveProperty('componente');
    expect((await get(url)).json<Producto>()).not.toHaveProperty('componente');
  });

  it.each([
    ['un socket desconocido', { ...ryzen, socket: 'AM3' }],
    ['una potencia escrita como texto', { tipo: 'FUENTE', potenciaW: '650 W' }],
    ['un largo negativo', { tipo: 'TARJETA_VIDEO', largoMm: -300 }],
    ['un tipo desconocido', { tipo: 'MONITOR', socket: 'AM5' }],
    ['sin tipo', { socket: 'AM5' }],
  ])('rechaza con 400 %s y no guarda nada', async (_caso, componente) => {
    const total = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/productos?estado=todos',
          headers: bearer(t.adminToken),
        })
      ).headers['x-total-count'];
    const before = await total();
    const res = await send('POST', '/api/productos', { ...base(), componente });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string; errors?: Record<string, string> }>().errors).toHaveProperty(
      'componente',
    );
    expect(await total()).toBe(before);
  });

  it('solo el personal de la tienda la guarda', async () => {
    const res = await send(
      'POST',
      '/api/productos',
      { ...base(), componente: ryzen },
      t.clientToken,
    );
    expect(res.statusCode).toBe(403);
  });
});
