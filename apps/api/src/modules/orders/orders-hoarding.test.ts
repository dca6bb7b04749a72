// One unpaid order must not hold a shelf: a few units per product, a few unpaid guest orders per
// e-mail and per client (decision 013).
import type { Pedido } from '@nexbyte/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app';
import {
  DELIVERY,
  GUEST,
  postOrder,
  productNamed,
  quote,
  setStatus,
  setStock,
  stockOf,
} from './orders.fixtures';

let t: TestContext;
let mouseId: number;

beforeAll(async () => {
  t = await createTestApp({
    ORDER_SWEEP_INTERVAL_SECONDS: '0',
    ORDER_MAX_UNITS_PER_PRODUCT: '3',
    ORDER_GUEST_UNPAID_MAX: '2',
  });
  mouseId = (await productNamed(t.app.db, 'Mouse Logitech G203 Lightsync')).id;
  await setStock(t.app.db, mouseId, 200);
});
afterAll(() => t.close());

const line = (qty = 1) => [{ productoId: mouseId, qty }];

/** A guest's order from a client address of its own, unless one is given. */
let nextClient = 1;
function guestFrom(correo: string, ip = `203.0.113.${nextClient++}`, key?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/pedidos',
    remoteAddress: ip,
    headers: key ? { 'idempotency-key': key } : {},
    payload: { ...GUEST, correo, items: line() },
  });
}

const unpaidEmail = {
  message:
    'Ya tienes varios pedidos sin pagar con este correo. Paga alguno, o espera a que venza, antes de hacer otro.',
};
const unpaidClient = {
  message:
    'Hay varios pedidos sin pagar hechos desde aquí. Paga alguno, o espera a que venza, antes de hacer otro.',
};

describe('units of one product per order (ORDER_MAX_UNITS_PER_PRODUCT)', () => {
  it('the quote and the order refuse more, in Spanish, and take nothing', async () => {
    const message = 'Puedes llevar hasta 3 unidades de un mismo producto por pedido.';
    const before = await stockOf(t.app.db, mouseId);
    const quoted = await quote(t, { items: line(4) });
    expect([quoted.res.statusCode, quoted.res.json().errors]).toEqual([400, { items: message }]);
    const placed = await postOrder(t, { ...GUEST, correo: 'unidades@gmail.com', items: line(4) });
    expect([placed.statusCode, placed.json()]).toEqual([
      400,
      { message, errors: { items: message } },
    ]);
    expect(await stockOf(t.app.db, mouseId)).toBe(before);
    // The shared ceiling (QTY_MAX) holds whatever the setting.
    const over = await quote(t, { items: line(100) });
    expect(over.res.json().errors).toEqual({
      items: 'Puedes llevar hasta 99 unidades de un mismo producto por pedido.',
    });
  });

  it('up to the limit is fine, for a customer too', async () => {
    expect((await quote(t, { items: line(3) })).res.statusCode).toBe(200);
    const res = await postOrder(t, { ...DELIVERY, items: line(3) }, { token: t.clientToken });
    expect(res.statusCode).toBe(201);
  });
});

describe('unpaid guest orders (ORDER_GUEST_UNPAID_MAX)', () => {
  it('one e-mail holds at most the limit, from any client; paying one frees a place', async () => {
    const correo = 'acaparador@gmail.com';
    const first = await guestFrom(correo);
    expect([first.statusCode, (await guestFrom(correo)).statusCode]).toEqual([201, 201]);
    const before = await stockOf(t.app.db, mouseId);
    const third = await guestFrom('ACAPARADOR@gmail.com');
    expect([third.statusCode, third.json()]).toEqual([429, unpaidEmail]);
    expect(await stockOf(t.app.db, mouseId)).toBe(before);

    expect((await setStatus(t, first.json<Pedido>().numero, 'PAGADO')).statusCode).toBe(200);
    expect((await guestFrom(correo)).statusCode).toBe(201);
  });

  it('one client holds at most the limit, whatever the e-mails', async () => {
    const ip = '198.51.100.7';
    expect((await guestFrom('uno@gmail.com', ip)).statusCode).toBe(201);
    expect((await guestFrom('dos@gmail.com', ip)).statusCode).toBe(201);
    const third = await guestFrom('tres@gmail.com', ip);
    expect([third.statusCode, third.json()]).toEqual([429, unpaidClient]);
    // Another client with that e-mail is not held back.
    expect((await guestFrom('tres@gmail.com', '198.51.100.8')).statusCode).toBe(201);
  });

  it('a refused order or a replay does not use up a place', async () => {
    const ip = '198.51.100.20';
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/pedidos',
      remoteAddress: ip,
      payload: { ...GUEST, correo: 'mal@gmail.com', items: line(9) },
    });
    expect(bad.statusCode).toBe(400);
    const placed = await guestFrom('repite@gmail.com', ip, 'clave-de-reintento');
    const replay = await guestFrom('repite@gmail.com', ip, 'clave-de-reintento');
    expect([placed.statusCode, replay.statusCode]).toEqual([201, 200]);
    expect((await guestFrom('otro.mas@gmail.com', ip)).statusCode).toBe(201);
    expect((await guestFrom('y.otro@gmail.com', ip)).statusCode).toBe(429);
  });

  it('customers are not limited by it', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await postOrder(t, { ...DELIVERY, items: line() }, { token: t.clientToken });
      expect(res.statusCode).toBe(201);
    }
  });
});
