import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestContext } from './test-app';

let t: TestContext;
let hidden: { id: number; nombre: string };
beforeAll(async () => {
  t = await createTestApp();
  const list = await t.app.inject({ method: 'GET', url: '/api/productos?limite=1' });
  const [product] = list.json<{ id: number; nombre: string }[]>();
  hidden = product!;
  const off = await t.app.inject({
    method: 'PATCH',
    url: `/api/productos/${hidden.id}/desactivar`,
    headers: bearer(t.adminToken),
  });
  expect(off.statusCode).toBeLessThan(300);
});
afterAll(() => t.close());

describe('an inactive product', () => {
  it('is named by no quote: anyone can ask one for any id', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/pedidos/cotizacion',
      payload: { items: [{ productoId: hidden.id, qty: 1 }] },
    });
    expect(res.statusCode).toBe(200);
    const [problem] = res.json<{ problemas: { tipo: string; mensaje: string }[] }>().problemas;
    expect(problem).toMatchObject({
      tipo: 'NO_DISPONIBLE',
      mensaje: 'Un producto de tu carrito ya no está disponible.',
    });
    expect(res.body).not.toContain(hidden.nombre);
  });
});
