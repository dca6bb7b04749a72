import type { Cotizacion, PasoArmado, PedidoCreado, Producto } from '@nexbyte/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, createTestApp, type TestContext } from '../../test/test-app';
import { GUEST, guestOrder, productNamed } from '../orders/orders.fixtures';
import { saveAsAdmin } from './products.fixtures';

// Offers start and end by the server's clock, with no write to tell anyone: the test moves the
// clock (only Date: timers and the database run as usual) and reads what a shopper is answered.

const MINUTE = 60_000;
let t: TestContext;
let start: number;
beforeAll(async () => {
  t = await createTestApp({ DESCUENTO_TRANSFERENCIA_PCT: '10' });
  await vi.waitFor(() => expect(t.app.catalogCache.usable).toBe(true));
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

const at = (minutes: number) => new Date(start + minutes * MINUTE);

function clockAt(minutes: number) {
  vi.setSystemTime(at(minutes));
}

async function get<T>(url: string, token?: string): Promise<T> {
  const res = await t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
  expect(res.statusCode).toBe(200);
  return res.json<T>();
}

/** Saves the product as it is, with this offer (or none). */
const putOffer = (id: number, oferta: object | null) => saveAsAdmin(t, id, { oferta });

/** An offer of `precio` from minute 10 to minute 20 of the test's clock. */
const offer = (precio: number) => ({
  precio,
  desde: at(10).toISOString(),
  hasta: at(20).toISOString(),
});

async function quoteOf(productoId: number, metodoPago?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/pedidos/cotizacion',
    payload: { items: [{ productoId, qty: 2 }], entrega: 'RETIRO', metodoPago },
  });
  expect(res.statusCode).toBe(200);
  return res.json<Cotizacion>();
}

describe('una oferta con fecha de inicio y de término', () => {
  it('empieza y termina a su hora en la ficha, la lista y las sugerencias, aunque estén en la caché', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    start = Date.now();
    const mouse = await productNamed(t.app.db, 'Mouse Logitech G203 Lightsync');
    expect((await putOffer(mouse.id, offer(16990))).statusCode).toBe(200);
    const page = `/api/productos/${mouse.id}`;
    const list = '/api/productos?q=g203';
    const suggestions = '/api/productos/sugerencias?q=g203';
    const read = async () => ({
      one: await get<Producto>(page),
      listed: (await get<Producto[]>(list)).find((p) => p.id === mouse.id)!,
      suggested: (await get<{ productos: Producto[] }>(suggestions)).productos.find(
        (p) => p.id === mouse.id,
      )!,
    });

    // Before it starts: the normal price, and no word of the offer to come.
    for (const p of Object.values(await read())) {
      expect(p.precio).toBe(19990);
      expect(p.precioNormal).toBeUndefined();
      expect(p.oferta).toBeUndefined();
    }
    // Kept: the same bytes are served again until the offer starts.
    clockAt(9);
    expect((await read()).one.precio).toBe(19990);

    clockAt(10);
    for (const p of Object.values(await read())) {
      expect(p.precio).toBe(16990);
      expect(p.precioNormal).toBe(19990);
      expect(p.oferta).toEqual(offer(16990));
    }
    clockAt(19.9);
    expect((await read()).listed.precio).toBe(16990);

    clockAt(20);
    for (const p of Object.values(await read())) {
      expect(p.precio).toBe(19990);
      expect(p.precioNormal).toBeUndefined();
      expect(p.oferta).toBeUndefined();
    }
    // The staff see the stored offer, over or not, so the form can edit it.
    const staff = await get<Producto>(page, t.adminToken);
    expect(staff).toMatchObject({ precio: 19990, oferta: offer(16990) });
    expect(staff.precioNormal).toBeUndefined();
  });

  it('un paso de Arma tu PC, también en la caché, cambia de precio a su hora y no anuncia la oferta antes', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    start = Date.now();
    const step = '/api/armados/pasos/PROCESADOR?limite=50';
    const part = (await get<PasoArmado>(step)).compatibles[0]!;
    expect((await putOffer(part.id, offer(part.precio - 1000))).statusCode).toBe(200);
    const inStep = async () =>
      (await get<PasoArmado>(step)).compatibles.find((p) => p.id === part.id)!;
    const before = await inStep();
    expect(before.precio).toBe(part.precio);
    expect(before.oferta).toBeUndefined();
    clockAt(10);
    expect(await inStep()).toMatchObject({ precio: part.precio - 1000, precioNormal: part.precio });
    clockAt(20);
    expect((await inStep()).precio).toBe(part.precio);
  });

  it('la cotización, el descuento por transferencia y el pedido cobran el precio de oferta mientras corre', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    start = Date.now();
    const ssd = await productNamed(t.app.db, 'SSD Kingston NV2 1 TB NVMe');
    const normal = ssd.precio;
    const sale = normal - 10000;
    expect((await putOffer(ssd.id, offer(sale))).statusCode).toBe(200);

    expect((await quoteOf(ssd.id)).lineas[0]!.precio).toBe(normal);

    clockAt(15);
    const quoted = await quoteOf(ssd.id, 'TRANSFERENCIA');
    expect(quoted.lineas[0]!.precio).toBe(sale);
    expect(quoted.subtotal).toBe(sale * 2);
    expect(quoted.descuentoPago).toBe(Math.floor(sale * 2 * 0.1));
    // What the cart showed at the offer's price is no price change.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/pedidos/cotizacion',
      payload: { items: [{ productoId: ssd.id, qty: 2, precio: sale }], entrega: 'RETIRO' },
    });
    expect(res.json<Cotizacion>().problemas).toEqual([]);
    const order: PedidoCreado = await guestOrder(t, [{ productoId: ssd.id, qty: 2 }], {
      entrega: 'RETIRO',
      metodoPago: 'TRANSFERENCIA',
    });
    expect(order.lineas[0]!.precio).toBe(sale);
    expect(order.subtotal).toBe(sale * 2);

    clockAt(25);
    expect((await quoteOf(ssd.id)).lineas[0]!.precio).toBe(normal);
    const after = await guestOrder(t, [{ productoId: ssd.id, qty: 1 }], {
      entrega: 'RETIRO',
      correo: `otra.${GUEST.correo}`,
    });
    expect(after.lineas[0]!.precio).toBe(normal);
  });

  it('rechaza una oferta que no baja el precio o que termina antes de empezar', async () => {
    start = Date.now();
    const mouse = await productNamed(t.app.db, 'Mouse Logitech G203 Lightsync');
    const high = await putOffer(mouse.id, offer(19990));
    expect(high.statusCode).toBe(400);
    expect(high.json()).toMatchObject({
      errors: { 'oferta.precio': 'El precio de oferta debe ser menor que el precio normal.' },
    });
    const backwards = await putOffer(mouse.id, {
      precio: 100,
      desde: at(20).toISOString(),
      hasta: at(10).toISOString(),
    });
    expect(backwards.statusCode).toBe(400);
    expect(JSON.stringify(backwards.json())).toContain(
      'La oferta debe terminar después de empezar.',
    );
  });

  it('lee una fecha sin zona como la hora de Chile y se quita con null', async () => {
    const mouse = await productNamed(t.app.db, 'Mouse Logitech G203 Lightsync');
    const res = await putOffer(mouse.id, {
      precio: 15990,
      desde: '2026-11-20T00:00',
      hasta: '2026-12-01T00:00',
    });
    expect(res.statusCode).toBe(200);
    // Chile is UTC-3 in November (summer time).
    expect(res.json<Producto>().oferta).toEqual({
      precio: 15990,
      desde: '2026-11-20T03:00:00.000Z',
      hasta: '2026-12-01T03:00:00.000Z',
    });
    const removed = await putOffer(mouse.id, null);
    expect(removed.json<Producto>().oferta).toBeUndefined();
  });
});
