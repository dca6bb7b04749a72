import type { Pedido, PedidoCreado } from '@nexbyte/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestContext } from '../../test/test-app';
import { startWebpayStandIn, type WebpayStandIn } from '../../test/webpay-stand-in';
import {
  GUEST,
  getOrder,
  postOrder,
  productNamed,
  setStock,
  stockOf,
} from '../orders/orders.fixtures';
import { cupones } from '../coupons/coupons.schema';
import { pedidos } from '../orders/orders.schema';
import { pagos } from '../payments/payments.schema';

let webpay: WebpayStandIn;
let t: TestContext;
let mouse: Awaited<ReturnType<typeof productNamed>>;
const PCT = 5;
/** How long a held Webpay call waits at most when nothing lets it go (only a failing test). */
const BACKSTOP_MS = 3_000;

beforeAll(async () => {
  webpay = await startWebpayStandIn({ delayMs: 1_000 });
  t = await createTestApp({
    WEBPAY_API_URL: webpay.url,
    WEBPAY_TIMEOUT_MS: '8000',
    DESCUENTO_TRANSFERENCIA_PCT: String(PCT),
    ORDER_SWEEP_INTERVAL_SECONDS: '0',
    ORDER_GUEST_UNPAID_MAX: '50',
  });
  mouse = await productNamed(t.app.db, 'Mouse Logitech G203 Lightsync');
  await setStock(t.app.db, mouse.id, 500);
});
afterAll(async () => {
  await t?.close();
  await webpay?.close();
});
beforeEach(() => {
  webpay.clearOutcome('*');
  webpay.refuseCreates(false);
});

let buyers = 0;
/** A guest of their own buys the mouse (the same product's row every time). */
function buy(metodoPago: 'WEBPAY' | 'TRANSFERENCIA', extra: object = {}) {
  buyers += 1;
  return postOrder(t, {
    ...GUEST,
    correo: `comprador.lento${buyers}@gmail.com`,
    items: [{ productoId: mouse.id, qty: 1 }],
    metodoPago,
    ...extra,
  });
}

async function orderId(numero: string) {
  const [row] = await t.app.db.select().from(pedidos).where(eq(pedidos.numero, numero));
  return row!.id;
}

const creates = () => webpay.calls.filter((c) => c.kind === 'create').length;

/**
 * Holds Webpay's create calls until `release`; `held()` says whether they are still held. The
 * backstop lets them go after a while, which only a failing test reaches (a call that blocks the
 * others would otherwise wait for them forever).
 */
function holdWebpay() {
  const letGo = webpay.holdCreates();
  let holding = true;
  const release = () => {
    holding = false;
    letGo();
  };
  return { release, backstop: setTimeout(release, BACKSTOP_MS), held: () => holding };
}

/** Resolves once the stand-in has received `n` create calls in all. */
async function createArrived(n: number) {
  while (creates() < n) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('Webpay lento al abrir el pago', () => {
  it('otra compra del mismo producto y una búsqueda terminan mientras el primer pedido espera a Webpay', async () => {
    const before = creates();
    const { release, backstop, held } = holdWebpay();
    const finished: string[] = [];
    try {
      const first = buy('WEBPAY').then((res) => {
        finished.push('webpay');
        return res;
      });
      await createArrived(before + 1);
      const [other, search] = await Promise.all([
        buy('TRANSFERENCIA').then((res) => {
          finished.push(held() ? 'transferencia' : 'transferencia tras Webpay');
          return res;
        }),
        t.app.inject({ method: 'GET', url: `/api/productos?q=lento${Date.now()}` }).then((res) => {
          finished.push(held() ? 'búsqueda' : 'búsqueda tras Webpay');
          return res;
        }),
      ]);
      expect(other.statusCode, other.body).toBe(201);
      expect(search.statusCode).toBe(200);
      // Both finished while Webpay still held the first order's call.
      expect(finished.sort()).toEqual(['búsqueda', 'transferencia']);
      release();
      const placed = await first;
      expect(finished.at(-1)).toBe('webpay');
      expect(placed.statusCode, placed.body).toBe(201);
      const order = placed.json<PedidoCreado & { pago: { token: string } }>();
      // The order is there with its attempt, for the token the buyer was given.
      const attempts = await t.app.db
        .select()
        .from(pagos)
        .where(eq(pagos.pedidoId, await orderId(order.numero)));
      expect(attempts).toHaveLength(1);
      expect(attempts[0]).toMatchObject({
        token: order.pago.token,
        ordenCompra: `${order.numero}-1`,
        estado: 'PENDIENTE',
        monto: order.total.toFixed(2),
      });
      expect(order).toMatchObject({ estado: 'PENDIENTE_PAGO', cobro: { estado: 'PENDIENTE' } });
    } finally {
      clearTimeout(backstop);
      release();
    }
  });

  it('mientras Webpay abre un nuevo pago, el comprador cambia a transferencia sin esperar; el pago abierto después no se guarda', async () => {
    const placed = (await buy('WEBPAY')).json<PedidoCreado & { acceso: string }>();
    const pay = (metodoPago: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/pedidos/${placed.numero}/pago`,
        headers: { 'pedido-acceso': placed.acceso },
        payload: { metodoPago },
      });
    const before = creates();
    const { release, backstop, held } = holdWebpay();
    try {
      const retry = pay('WEBPAY');
      await createArrived(before + 1);
      const switched = await pay('TRANSFERENCIA');
      // The switch did not wait for the order's other request, still waiting for Webpay.
      expect(held()).toBe(true);
      expect(switched.statusCode, switched.body).toBe(200);
      release();
      const late = await retry;
      expect(late.statusCode, late.body).toBe(409);
      expect(late.json()).toEqual({
        message:
          'El pedido cambió mientras abríamos el pago (otro pago o un cambio de medio). Revisa el pedido e inténtalo de nuevo.',
      });
      const order = (await getOrder(t, placed.numero, { acceso: placed.acceso })).json<Pedido>();
      expect(order).toMatchObject({ estado: 'PENDIENTE_PAGO', metodoPago: 'TRANSFERENCIA' });
      expect(order.descuentoPago).toBeGreaterThan(0);
      // Only the first attempt is on record; the one opened late lapses at Webpay, unpaid.
      const attempts = await t.app.db
        .select()
        .from(pagos)
        .where(eq(pagos.pedidoId, await orderId(placed.numero)));
      expect(attempts.map((a) => a.ordenCompra)).toEqual([`${placed.numero}-1`]);
    } finally {
      clearTimeout(backstop);
      release();
    }
  });
});

describe('Webpay falla al abrir el pago', () => {
  it('un pedido nuevo se suelta como antes: 502, sin pedido, y el stock y el cupón vuelven', async () => {
    const stock = await stockOf(t.app.db, mouse.id);
    const usesOf = async () =>
      (await t.app.db.select().from(cupones).where(eq(cupones.codigo, 'NEX10')))[0]!.usos;
    const uses = await usesOf();
    webpay.refuseCreates(true);
    const res = await buy('WEBPAY', { cupon: 'NEX10', correo: 'sin.webpay@gmail.com' });
    expect(res.statusCode, res.body).toBe(502);
    expect(res.json()).toEqual({
      message: 'No pudimos conectar con Webpay. Intenta de nuevo o elige transferencia bancaria.',
    });
    expect(await stockOf(t.app.db, mouse.id)).toBe(stock);
    expect(await usesOf()).toBe(uses);
    const left = await t.app.db
      .select()
      .from(pedidos)
      .where(eq(pedidos.clienteCorreo, 'sin.webpay@gmail.com'));
    expect(left).toEqual([]);
  });

  it('pagar de nuevo con Webpay caído deja el pedido pagable con su medio y su total de antes', async () => {
    const placed = (await buy('TRANSFERENCIA')).json<PedidoCreado & { acceso: string }>();
    webpay.refuseCreates(true);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/pedidos/${placed.numero}/pago`,
      headers: { 'pedido-acceso': placed.acceso },
      payload: { metodoPago: 'WEBPAY' },
    });
    expect(res.statusCode, res.body).toBe(502);
    const order = (await getOrder(t, placed.numero, { acceso: placed.acceso })).json<Pedido>();
    expect(placed.descuentoPago).toBeGreaterThan(0);
    expect(order).toMatchObject({
      estado: 'PENDIENTE_PAGO',
      metodoPago: 'TRANSFERENCIA',
      descuentoPago: placed.descuentoPago,
      total: placed.total,
    });
    // Webpay back: the same order is paid from its page.
    webpay.refuseCreates(false);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/pedidos/${placed.numero}/pago`,
      headers: { 'pedido-acceso': placed.acceso },
      payload: { metodoPago: 'WEBPAY' },
    });
    expect(again.statusCode, again.body).toBe(200);
  });
});

describe('un pedido de $0', () => {
  let code: string;
  beforeAll(async () => {
    const shipping = await t.app.inject({
      method: 'PUT',
      url: '/api/envios',
      headers: bearer(t.adminToken),
      payload: {
        regiones: [],
        retiro: {
          activo: true,
          region: 'Metropolitana de Santiago',
          comuna: 'Providencia',
          direccion: 'Av. Providencia 1234, local 5',
          horario: 'Lunes a Viernes, 9:00 a 18:00',
        },
      },
    });
    expect(shipping.statusCode, shipping.body).toBe(200);
    const coupon = await t.app.inject({
      method: 'POST',
      url: '/api/cupones',
      headers: bearer(t.adminToken),
      payload: {
        codigo: 'TODOGRATIS',
        tipo: 'percent',
        valor: 100,
        label: '100% de descuento',
        validoDesde: null,
        validoHasta: null,
        minimoSubtotal: 0,
        limiteTotal: null,
        limitePorCliente: null,
        activo: true,
      },
    });
    expect(coupon.statusCode, coupon.body).toBe(201);
    code = 'TODOGRATIS';
  });

  const free = (metodoPago: 'WEBPAY' | 'TRANSFERENCIA', correo: string) => {
    const { region: _r, comuna: _c, direccion: _d, ...guest } = GUEST;
    return postOrder(t, {
      ...guest,
      correo,
      entrega: 'RETIRO',
      cupon: code,
      items: [{ productoId: mouse.id, qty: 1 }],
      metodoPago,
    });
  };

  it('con Webpay no va a Webpay: queda PAGADO sin intento de pago ni redirección', async () => {
    const before = creates();
    const stock = await stockOf(t.app.db, mouse.id);
    const res = await free('WEBPAY', 'gratis.webpay@gmail.com');
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json<PedidoCreado & { pago: unknown }>();
    expect(order).toMatchObject({
      total: 0,
      estado: 'PAGADO',
      pago: null,
      cobro: { estado: 'PAGADO', detalle: null },
    });
    expect(creates()).toBe(before);
    const attempts = await t.app.db
      .select()
      .from(pagos)
      .where(eq(pagos.pedidoId, await orderId(order.numero)));
    expect(attempts).toEqual([]);
    expect(await stockOf(t.app.db, mouse.id)).toBe(stock - 1);
    const seen = await getOrder(t, order.numero, { acceso: order.acceso });
    expect(seen.json<Pedido>().eventos.map((e) => e.a)).toEqual(['PENDIENTE_PAGO', 'PAGADO']);
  });

  it('con transferencia tampoco espera un pago: queda PAGADO', async () => {
    const res = await free('TRANSFERENCIA', 'gratis.transferencia@gmail.com');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ total: 0, estado: 'PAGADO', pago: null });
  });
});
