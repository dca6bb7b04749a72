import type { Cotizacion } from '@nexbyte/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app';
import { productNamed } from '../orders/orders.fixtures';
import { saveAsAdmin } from '../products/products.fixtures';

// The cart shows an offer from the quote: each line says, while the offer runs and only then,
// the normal price it replaces and the offer. The test moves only Date, as offers.test.ts does.

const MINUTE = 60_000;
let t: TestContext;
let start: number;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

const at = (minutes: number) => new Date(start + minutes * MINUTE);

async function saveWithOffer(id: number, oferta: object) {
  const put = await saveAsAdmin(t, id, { oferta });
  expect(put.statusCode, put.body).toBe(200);
}

async function quote(items: { productoId: number; qty: number }[]) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/pedidos/cotizacion',
    payload: { items, entrega: 'RETIRO' },
  });
  expect(res.statusCode).toBe(200);
  return res.json<Cotizacion>();
}

describe('POST /api/pedidos/cotizacion con una oferta', () => {
  it('cada línea dice el precio normal y la oferta solo mientras corre', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    start = Date.now();
    const mouse = await productNamed(t.app.db, 'Mouse Logitech G203 Lightsync');
    const ssd = await productNamed(t.app.db, 'SSD Kingston NV2 1 TB NVMe');
    const oferta = { precio: 16990, desde: at(10).toISOString(), hasta: at(20).toISOString() };
    await saveWithOffer(mouse.id, oferta);
    const items = [
      { productoId: mouse.id, qty: 2 },
      { productoId: ssd.id, qty: 1 },
    ];
    const lineOf = (q: Cotizacion, id: number) => q.lineas.find((l) => l.productoId === id)!;

    // Before it starts, no word of the offer to come.
    const before = lineOf(await quote(items), mouse.id);
    expect(before.precio).toBe(mouse.precio);
    expect(before).not.toHaveProperty('precioNormal');
    expect(before).not.toHaveProperty('oferta');

    vi.setSystemTime(at(10));
    const during = await quote(items);
    expect(lineOf(during, mouse.id)).toMatchObject({
      precio: 16990,
      precioNormal: mouse.precio,
      oferta,
      subtotal: 2 * 16990,
    });
    const plain = lineOf(during, ssd.id);
    expect(plain.precio).toBe(ssd.precio);
    expect(plain).not.toHaveProperty('precioNormal');
    expect(plain).not.toHaveProperty('oferta');
    expect(during.subtotal).toBe(2 * 16990 + ssd.precio);

    vi.setSystemTime(at(20));
    const after = lineOf(await quote(items), mouse.id);
    expect(after.precio).toBe(mouse.precio);
    expect(after).not.toHaveProperty('precioNormal');
    expect(after).not.toHaveProperty('oferta');
  });
});
