// One unpaid order must not hold a shelf: a few units per product, a few unpaid guest orders per
// e-mail and per client, a bound on their units and pesos, and a short hold for Webpay
// (decision 013).
import type { Pedido, PedidoCreado } from '@nexbyte/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app';
import { startWebpayStandIn, type WebpayStandIn } from '../../test/webpay-stand-in';
import { pedidos } from './orders.schema';
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
let webpay: WebpayStandIn;
let mouseId: number;
/** $99.990 each: free shipping, so an order of one costs just that. */
let boardId: number;
/** $249.990: more than a guest's unpaid orders may add up to here. */
let monitorId: number;

beforeAll(async () => {
  webpay = await startWebpayStandIn();
  t = await createTestApp({
    WEBPAY_API_URL: webpay.url,
    ORDER_SWEEP_INTERVAL_SECONDS: '0',
    ORDER_MAX_UNITS_PER_PRODUCT: '3',
    ORDER_GUEST_UNPAID_MAX: '2',
    ORDER_GUEST_UNPAID_MAX_UNITS: '5',
    ORDER_GUEST_UNPAID_MAX_TOTAL: '150000',
  });
  mouseId = (await productNamed(t.app.db, 'Mouse Logitech G203 Lightsync')).id;
  boardId = (await productNamed(t.app.db, 'Placa madre ASUS Prime B550M-A')).id;
  monitorId = (await productNamed(t.app.db, 'Monitor LG UltraGear 27" 144 Hz')).id;
  for (const id of [mouseId, boardId, monitorId]) await setStock(t.app.db, id, 200);
});
afterAll(async () => {
  await t?.close();
  await webpay?.close();
});

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

/** A guest's order of `qty` units of a product, from a client address. */
function guestBuys(correo: string, ip: string, productoId: number, qty: number, extra = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/pedidos',
    remoteAddress: ip,
    payload: { ...GUEST, correo, items: [{ productoId, qty }], ...extra },
  });
}

const unitsMessage = (scope: string) => ({
  message: `${scope} pueden reservar hasta 5 unidades en total. Reduce este pedido, paga alguno o espera a que venza.`,
});
const totalMessage = (scope: string) => ({
  message: `${scope} pueden sumar hasta $150.000. Reduce este pedido, paga alguno o espera a que venza.`,
});
const BY_EMAIL = 'Los pedidos sin pagar de un mismo correo';
const BY_CLIENT = 'Los pedidos sin pagar hechos desde aquí';

describe('units and pesos of a guest’s unpaid orders (ORDER_GUEST_UNPAID_MAX_UNITS, _TOTAL)', () => {
  it('one e-mail, whatever its spelling (+tag, Gmail dots, case), holds at most the units', async () => {
    const first = await guestBuys('reserva+1@gmail.com', '192.0.2.1', mouseId, 3);
    expect(first.statusCode).toBe(201);
    const before = await stockOf(t.app.db, mouseId);
    const over = await guestBuys('Re.Serva@gmail.com', '192.0.2.2', mouseId, 3);
    expect([over.statusCode, over.json()]).toEqual([429, unitsMessage(BY_EMAIL)]);
    expect(await stockOf(t.app.db, mouseId)).toBe(before);
    // Up to the limit is fine.
    expect((await guestBuys('reserva@gmail.com', '192.0.2.3', mouseId, 2)).statusCode).toBe(201);
  });

  it('the number of unpaid orders counts an e-mail’s aliases together too', async () => {
    expect((await guestBuys('alias+a@gmail.com', '192.0.2.10', mouseId, 1)).statusCode).toBe(201);
    expect((await guestBuys('alias+b@gmail.com', '192.0.2.11', mouseId, 1)).statusCode).toBe(201);
    const third = await guestBuys('a.lias@gmail.com', '192.0.2.12', mouseId, 1);
    expect([third.statusCode, third.json()]).toEqual([429, unpaidEmail]);
  });

  it('one e-mail holds at most the pesos, and one order over them takes nothing', async () => {
    const before = await stockOf(t.app.db, monitorId);
    const res = await guestBuys('caro@gmail.com', '192.0.2.20', monitorId, 1);
    expect([res.statusCode, res.json()]).toEqual([429, totalMessage(BY_EMAIL)]);
    expect(await stockOf(t.app.db, monitorId)).toBe(before);
  });

  it('one client holds at most the units and the pesos, whatever the e-mails', async () => {
    const ip = '192.0.2.30';
    expect((await guestBuys('unidades.a@gmail.com', ip, mouseId, 3)).statusCode).toBe(201);
    const units = await guestBuys('unidades.b@gmail.com', ip, mouseId, 3);
    expect([units.statusCode, units.json()]).toEqual([429, unitsMessage(BY_CLIENT)]);
    // The refused order gave back its place, its units and its pesos.
    expect((await guestBuys('unidades.c@gmail.com', ip, mouseId, 2)).statusCode).toBe(201);

    const other = '192.0.2.31';
    expect((await guestBuys('pesos.a@gmail.com', other, boardId, 1)).statusCode).toBe(201);
    const pesos = await guestBuys('pesos.b@gmail.com', other, boardId, 1);
    expect([pesos.statusCode, pesos.json()]).toEqual([429, totalMessage(BY_CLIENT)]);
  });

  it('a customer is not bound by them', async () => {
    const res = await postOrder(t, { ...DELIVERY, items: line(3) }, { token: t.clientToken });
    expect(res.statusCode).toBe(201);
    const big = await postOrder(
      t,
      { ...DELIVERY, items: [{ productoId: monitorId, qty: 1 }] },
      { token: t.clientToken },
    );
    expect(big.statusCode).toBe(201);
  });
});

describe('how long an unpaid order holds its stock (WEBPAY_HOLD_MINUTES)', () => {
  const MINUTE = 60_000;
  async function holdOf(numero: string) {
    const [row] = await t.app.db
      .select({
        createdAt: pedidos.createdAt,
        expiresAt: pedidos.expiresAt,
        now: sql<string>`now()`,
      })
      .from(pedidos)
      .where(eq(pedidos.numero, numero));
    const created = row!.createdAt.getTime();
    return {
      sincePlaced: (row!.expiresAt.getTime() - created) / MINUTE,
      fromNow: (row!.expiresAt.getTime() - new Date(row!.now).getTime()) / MINUTE,
    };
  }
  const pay = (order: PedidoCreado, metodoPago: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/pedidos/${order.numero}/pago`,
      headers: { 'pedido-acceso': order.acceso! },
      payload: { metodoPago },
    });

  it('a Webpay order holds it 15 minutes, a transfer 48 hours', async () => {
    const card = await guestBuys('tarjeta@gmail.com', '192.0.2.40', mouseId, 1, {
      metodoPago: 'WEBPAY',
    });
    expect(card.statusCode, card.body).toBe(201);
    const placed = card.json<PedidoCreado>();
    expect((await holdOf(placed.numero)).sincePlaced).toBeCloseTo(15, 1);
    expect(Date.parse(placed.expiresAt!) - Date.parse(placed.createdAt)).toBeLessThanOrEqual(
      15 * MINUTE + 1_000,
    );
    const transfer = await guestBuys('transferencia@gmail.com', '192.0.2.41', mouseId, 1);
    expect((await holdOf(transfer.json<Pedido>().numero)).sincePlaced).toBeCloseTo(48 * 60, 1);
  });

  it('the hold follows the method: a switch to transfer gets 48 h from the order, Webpay again 15 min', async () => {
    const res = await guestBuys('cambia@gmail.com', '192.0.2.42', mouseId, 1, {
      metodoPago: 'WEBPAY',
    });
    const order = res.json<PedidoCreado>();
    const toTransfer = await pay(order, 'TRANSFERENCIA');
    expect(toTransfer.statusCode, toTransfer.body).toBe(200);
    expect((await holdOf(order.numero)).sincePlaced).toBeCloseTo(48 * 60, 1);
    const toCard = await pay(order, 'WEBPAY');
    expect(toCard.statusCode, toCard.body).toBe(200);
    const hold = await holdOf(order.numero);
    expect(hold.fromNow).toBeGreaterThan(14.5);
    expect(hold.fromNow).toBeLessThanOrEqual(15.01);
  });
});
