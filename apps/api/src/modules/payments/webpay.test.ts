import { RESULTADOS_PAGO, type Pedido, type PedidoCreado } from '@nexbyte/shared';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pedidos } from '../orders/orders.schema';
import { pagoEventos, pagos } from './payments.schema';
import type { ShopEvent } from '../../events';
import { maskUrl } from '../../log-masking';
import { createTestApp, type TestContext } from '../../test/test-app';
import { startWebpayStandIn, type WebpayStandIn } from '../../test/webpay-stand-in';
import { mailsTo } from '../mail/outbox.testing';
import {
  getOrder,
  GUEST,
  postOrder,
  productNamed,
  quote,
  setStatus,
  setStock,
  stockOf,
} from '../orders/orders.fixtures';

let webpay: WebpayStandIn;
let t: TestContext;
let mouse: Awaited<ReturnType<typeof productNamed>>;
const published: ShopEvent[] = [];
const PCT = 5;
const FORM_PATH = '/webpayserver/initTransaction';
const RETURN = '/api/pagos/webpay/retorno';

beforeAll(async () => {
  webpay = await startWebpayStandIn({ delayMs: 1_000 });
  t = await createTestApp({
    WEBPAY_API_URL: webpay.url,
    WEBPAY_TIMEOUT_MS: '300',
    DESCUENTO_TRANSFERENCIA_PCT: String(PCT),
    PUBLIC_URL: 'https://tienda.example.cl',
    ORDER_SWEEP_INTERVAL_SECONDS: '0',
  });
  mouse = await productNamed(t.app.db, 'Mouse Logitech G203 Lightsync');
  await setStock(t.app.db, mouse.id, 500);
  t.app.events.on('pedido.pagado', (data) => void published.push({ name: 'pedido.pagado', data }));
});
afterAll(async () => {
  await t?.close();
  await webpay?.close();
});
beforeEach(() => {
  webpay.clearOutcome('*');
  webpay.setRefund('*', 'REVERSED');
  published.length = 0;
});

type Placed = PedidoCreado & { pago: { url: string; token: string } };

/** A guest pays with Webpay: the order and where the browser would post the token. */
async function webpayOrder(qty = 1, extra: object = {}): Promise<Placed> {
  const res = await postOrder(t, {
    ...GUEST,
    items: [{ productoId: mouse.id, qty }],
    metodoPago: 'WEBPAY',
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Placed>();
}

/** Webpay sends the buyer back with a form posted from its own site, as its payment page does. */
function comeBack(fields: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url: RETURN,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: 'https://webpay3gint.transbank.cl',
    },
    payload: new URLSearchParams(fields).toString(),
  });
}

async function orderOf(placed: { numero: string; acceso: string | null }): Promise<Pedido> {
  const res = await getOrder(t, placed.numero, { acceso: placed.acceso });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Pedido>();
}

const commitsOf = (token: string) =>
  webpay.calls.filter((c) => c.kind === 'commit' && c.token === token).length;
const refundsOf = (token: string) =>
  webpay.calls.filter((c) => c.kind === 'refund' && c.token === token);
const paidEventsOf = (numero: string) =>
  published.filter((e) => e.name === 'pedido.pagado' && e.data.numero === numero).length;

async function paymentRow(token: string) {
  const [row] = await t.app.db.select().from(pagos).where(eq(pagos.token, token));
  return row!;
}

function payAgain(placed: { numero: string; acceso: string | null }, metodoPago: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/pedidos/${placed.numero}/pago`,
    headers: placed.acceso ? { 'pedido-acceso': placed.acceso } : {},
    payload: { metodoPago },
  });
}

describe('configuración y precios', () => {
  it('GET /config ofrece Webpay y transferencia, con el descuento por transferencia', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.json()).toMatchObject({
      pagos: { metodos: ['WEBPAY', 'TRANSFERENCIA'], descuentoTransferenciaPct: PCT },
    });
  });

  it('la política de contenido deja enviar el formulario de pago al host de Webpay', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.headers['content-security-policy']).toContain(`form-action 'self' ${webpay.url}`);
  });

  it('la cotización con transferencia descuenta el 5 % del subtotal menos el cupón; con Webpay, nada', async () => {
    const items = [{ productoId: mouse.id, qty: 3 }];
    const transfer = (await quote(t, { items, cupon: 'NEX10', metodoPago: 'TRANSFERENCIA' })).body;
    const card = (await quote(t, { items, cupon: 'NEX10', metodoPago: 'WEBPAY' })).body;
    const base = transfer.subtotal - transfer.descuento;
    expect(transfer.descuento).toBeGreaterThan(0);
    expect(transfer.descuentoPago).toBe(Math.round((base * PCT) / 100));
    expect(transfer.envio).toBe(card.envio);
    expect(transfer.total).toBe(base - transfer.descuentoPago + transfer.envio);
    expect(card.descuentoPago).toBe(0);
    expect(card.total).toBe(base + card.envio);
  });

  it('un pedido por transferencia guarda el descuento y su total; no abre Webpay', async () => {
    const res = await postOrder(t, {
      ...GUEST,
      items: [{ productoId: mouse.id, qty: 2 }],
      metodoPago: 'TRANSFERENCIA',
    });
    expect(res.statusCode).toBe(201);
    const order = res.json<PedidoCreado>();
    const discount = Math.round((mouse.precio * 2 * PCT) / 100);
    expect(order).toMatchObject({
      metodoPago: 'TRANSFERENCIA',
      descuentoPago: discount,
      total: mouse.precio * 2 - discount + order.envio,
      pago: null,
      cobro: { metodo: 'TRANSFERENCIA', estado: 'PENDIENTE', detalle: null, reembolso: null },
    });
  });
});

describe('pagar con Webpay', () => {
  it('abre una transacción por el total del servidor y lleva al comprador al formulario de Webpay', async () => {
    const creates = webpay.calls.filter((c) => c.kind === 'create').length;
    const placed = await webpayOrder(2, { totalEsperado: undefined });
    expect(placed.pago.url).toBe(`${webpay.url}${FORM_PATH}`);
    expect(placed.pago.token).toMatch(/^[0-9a-f]{64}$/);
    const create = webpay.calls.filter((c) => c.kind === 'create');
    expect(create).toHaveLength(creates + 1);
    expect(create.at(-1)!.body).toEqual({
      buy_order: `${placed.numero}-1`,
      session_id: expect.any(String),
      amount: placed.total,
      return_url: `https://tienda.example.cl${RETURN}`,
    });
    expect(placed).toMatchObject({
      estado: 'PENDIENTE_PAGO',
      metodoPago: 'WEBPAY',
      descuentoPago: 0,
      cobro: { metodo: 'WEBPAY', estado: 'PENDIENTE', detalle: null, motivo: null },
    });
  });

  it('aprobado: el pedido queda PAGADO con el detalle del pago y el comprador vuelve a su pedido', async () => {
    const placed = await webpayOrder();
    webpay.setOutcome(placed.pago.token, 'authorized');
    const res = await comeBack({ token_ws: placed.pago.token });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/pedido/${placed.numero}?pago=aprobado`);
    const order = await orderOf(placed);
    expect(order.estado).toBe('PAGADO');
    expect(order.cobro).toEqual({
      metodo: 'WEBPAY',
      estado: 'PAGADO',
      detalle: {
        codigoAutorizacion: '1213',
        ultimos4: '6623',
        tipo: 'Crédito',
        cuotas: 0,
        monto: placed.total,
        fecha: expect.any(String),
      },
      motivo: null,
      reembolso: null,
    });
    expect(paidEventsOf(placed.numero)).toBe(1);
    // The e-mail says how it was paid, card only by its last 4 digits.
    const mails = await mailsTo(t, GUEST.correo);
    const paid = mails.filter(
      (m) => m.asunto.includes(placed.numero) && m.asunto.includes('pagado'),
    );
    expect(paid).toHaveLength(1);
    expect(paid[0]!.texto).toContain(
      'Pago con Webpay: Crédito, tarjeta terminada en 6623, código de autorización 1213',
    );
    const placedMail = mails.find((m) => m.asunto === `Recibimos tu pedido ${placed.numero}`);
    expect(placedMail!.texto).toContain('Medio de pago: Webpay (débito, crédito o prepago).');
    expect(placedMail!.texto).not.toContain('Número de cuenta');
  });

  it('una segunda vuelta (recargar) no confirma otra vez ni duplica nada', async () => {
    const placed = await webpayOrder();
    webpay.setOutcome(placed.pago.token, 'authorized');
    await comeBack({ token_ws: placed.pago.token });
    const again = await comeBack({ token_ws: placed.pago.token });
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe(`/pedido/${placed.numero}?pago=aprobado`);
    expect(commitsOf(placed.pago.token)).toBe(1);
    expect(paidEventsOf(placed.numero)).toBe(1);
    const history = (await orderOf(placed)).eventos.filter((e) => e.a === 'PAGADO');
    expect(history).toHaveLength(1);
  });

  it('dos vueltas a la vez confirman una sola vez', async () => {
    const placed = await webpayOrder();
    webpay.setOutcome(placed.pago.token, 'authorized');
    const answers = await Promise.all([
      comeBack({ token_ws: placed.pago.token }),
      comeBack({ token_ws: placed.pago.token }),
    ]);
    expect(answers.map((a) => a.headers.location)).toEqual([
      `/pedido/${placed.numero}?pago=aprobado`,
      `/pedido/${placed.numero}?pago=aprobado`,
    ]);
    expect(commitsOf(placed.pago.token)).toBe(1);
    expect(paidEventsOf(placed.numero)).toBe(1);
    expect((await orderOf(placed)).eventos.filter((e) => e.a === 'PAGADO')).toHaveLength(1);
  });

  it('la vuelta también llega por GET con token_ws en la query', async () => {
    const placed = await webpayOrder();
    webpay.setOutcome(placed.pago.token, 'authorized');
    const res = await t.app.inject({
      method: 'GET',
      url: `${RETURN}?token_ws=${placed.pago.token}`,
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/pedido/${placed.numero}?pago=aprobado`);
  });

  it('rechazado: el pedido sigue pendiente con el motivo, y el comprador puede pagar de nuevo con Webpay', async () => {
    const placed = await webpayOrder();
    webpay.setOutcome(placed.pago.token, 'rejected');
    const res = await comeBack({ token_ws: placed.pago.token });
    expect(res.headers.location).toBe(`/pedido/${placed.numero}?pago=rechazado`);
    const order = await orderOf(placed);
    expect(order.estado).toBe('PENDIENTE_PAGO');
    expect(order.cobro).toMatchObject({
      estado: 'RECHAZADO',
      detalle: null,
      motivo: 'Webpay rechazó el pago (código -1).',
    });

    const retry = await payAgain(placed, 'WEBPAY');
    expect(retry.statusCode, retry.body).toBe(200);
    const { pedido, pago } = retry.json<{ pedido: Pedido; pago: { url: string; token: string } }>();
    expect(pago.token).not.toBe(placed.pago.token);
    expect(pedido.cobro).toMatchObject({ estado: 'PENDIENTE', motivo: null });
    expect(webpay.calls.filter((c) => c.kind === 'create').at(-1)!.body).toMatchObject({
      buy_order: `${placed.numero}-2`,
      amount: placed.total,
    });
    webpay.setOutcome(pago.token, 'authorized');
    const paid = await comeBack({ token_ws: pago.token });
    expect(paid.headers.location).toBe(`/pedido/${placed.numero}?pago=aprobado`);
    expect((await orderOf(placed)).estado).toBe('PAGADO');
  });

  it('anulado en Webpay (TBK_TOKEN): no confirma nada y el pedido sigue pagable', async () => {
    const placed = await webpayOrder();
    webpay.setOutcome(placed.pago.token, 'aborted');
    const res = await comeBack({
      TBK_TOKEN: placed.pago.token,
      TBK_ORDEN_COMPRA: `${placed.numero}-1`,
      TBK_ID_SESION: 'x',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/pedido/${placed.numero}?pago=anulado`);
    expect(commitsOf(placed.pago.token)).toBe(0);
    const order = await orderOf(placed);
    expect(order.estado).toBe('PENDIENTE_PAGO');
    expect(order.cobro.motivo).toBe('Anulaste el pago en Webpay.');
    expect((await payAgain(placed, 'WEBPAY')).statusCode).toBe(200);
  });

  it('Webpay no responde al confirmar: el pedido sigue pagable, responde error y después no cobra dos veces', async () => {
    const placed = await webpayOrder();
    webpay.setOutcome(placed.pago.token, 'timeout');
    const started = Date.now();
    const res = await comeBack({ token_ws: placed.pago.token });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(res.headers.location).toBe(`/pedido/${placed.numero}?pago=error`);
    expect((await orderOf(placed)).estado).toBe('PENDIENTE_PAGO');
    expect((await paymentRow(placed.pago.token)).estado).toBe('PENDIENTE');

    // Webpay had committed it; the buyer reloads once it answers again.
    webpay.setOutcome(placed.pago.token, 'authorized');
    const again = await comeBack({ token_ws: placed.pago.token });
    expect(again.headers.location).toBe(`/pedido/${placed.numero}?pago=aprobado`);
    const third = await comeBack({ token_ws: placed.pago.token });
    expect(third.headers.location).toBe(`/pedido/${placed.numero}?pago=aprobado`);
    expect(webpay.transactions.get(placed.pago.token)!.committed).toBe(true);
    expect(paidEventsOf(placed.numero)).toBe(1);
    expect(refundsOf(placed.pago.token)).toHaveLength(0);
  });

  it('monto distinto al total: se reversa y el pedido sigue pendiente con el motivo', async () => {
    const placed = await webpayOrder();
    webpay.setOutcome(placed.pago.token, 'amountMismatch');
    const res = await comeBack({ token_ws: placed.pago.token });
    expect(res.headers.location).toBe(`/pedido/${placed.numero}?pago=error`);
    const order = await orderOf(placed);
    expect(order.estado).toBe('PENDIENTE_PAGO');
    expect(order.cobro.estado).toBe('RECHAZADO');
    expect(order.cobro.motivo).toMatch(/no coincide con el total del pedido.*se devolvió/);
    expect(refundsOf(placed.pago.token).map((c) => c.body)).toEqual([
      { amount: placed.total + 1_000 },
    ]);
    expect(await paymentRow(placed.pago.token)).toMatchObject({
      estado: 'RECHAZADO',
      reembolsoTipo: 'REVERSA',
    });
    expect(paidEventsOf(placed.numero)).toBe(0);
  });

  it('un token desconocido vuelve al inicio con error; las respuestas son 303 sin fragmento', async () => {
    const res = await comeBack({ token_ws: 'f'.repeat(64) });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/?pago=error');
    const empty = await comeBack({});
    expect(empty.headers.location).toBe('/?pago=error');
    expect(RESULTADOS_PAGO).toContain('error');
  });

  it('el registro no guarda el token de Webpay de la URL', () => {
    expect(maskUrl(`${RETURN}?token_ws=abc123`)).toBe(`${RETURN}?token_ws=***`);
    expect(maskUrl(`${RETURN}?TBK_TOKEN=abc123&TBK_ORDEN_COMPRA=NB-1-1`)).toBe(
      `${RETURN}?TBK_TOKEN=***&TBK_ORDEN_COMPRA=NB-1-1`,
    );
  });

  it('repetir la compra con la misma Idempotency-Key devuelve la transacción aún pendiente', async () => {
    const payload = { ...GUEST, items: [{ productoId: mouse.id, qty: 1 }], metodoPago: 'WEBPAY' };
    const first = await postOrder(t, payload, { key: 'webpay-replay-0001' });
    const again = await postOrder(t, payload, { key: 'webpay-replay-0001' });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json<Placed>().pago).toEqual(first.json<Placed>().pago);
  });

  it('Webpay caído al crear: no hay pedido, el stock vuelve y responde 502', async () => {
    const orderCount = async () => (await t.app.db.select({ n: count() }).from(pedidos))[0]!.n;
    const before = await orderCount();
    const stock = await stockOf(t.app.db, mouse.id);
    webpay.setOutcome('*', 'timeout');
    const res = await postOrder(t, {
      ...GUEST,
      items: [{ productoId: mouse.id, qty: 1 }],
      metodoPago: 'WEBPAY',
    });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      message: 'No pudimos conectar con Webpay. Intenta de nuevo o elige transferencia bancaria.',
    });
    expect(await orderCount()).toBe(before);
    expect(await stockOf(t.app.db, mouse.id)).toBe(stock);
  });
});

describe('pagar otra vez o cambiar a transferencia', () => {
  it('cambiar a transferencia recalcula el total con el descuento; un pago Webpay que llega después se devuelve', async () => {
    const placed = await webpayOrder(2);
    const res = await payAgain(placed, 'TRANSFERENCIA');
    expect(res.statusCode, res.body).toBe(200);
    const { pedido, pago } = res.json<{ pedido: Pedido; pago: null }>();
    const discount = Math.round((placed.subtotal - placed.descuento) * (PCT / 100));
    expect(pago).toBeNull();
    expect(pedido).toMatchObject({
      metodoPago: 'TRANSFERENCIA',
      descuentoPago: discount,
      total: placed.total - discount,
      cobro: { metodo: 'TRANSFERENCIA', estado: 'PENDIENTE' },
    });
    // The old Webpay transaction is paid anyway, for the old total: it does not pay this order.
    webpay.setOutcome(placed.pago.token, 'authorized');
    const back = await comeBack({ token_ws: placed.pago.token });
    expect(back.headers.location).toBe(`/pedido/${placed.numero}?pago=error`);
    expect((await orderOf(placed)).estado).toBe('PENDIENTE_PAGO');
    expect(refundsOf(placed.pago.token)).toHaveLength(1);
  });

  it('solo quien puede ver el pedido puede pagarlo, y solo si espera su pago', async () => {
    const placed = await webpayOrder();
    const stranger = await payAgain({ numero: placed.numero, acceso: null }, 'WEBPAY');
    expect(stranger.statusCode).toBe(404);
    const admin = await t.app.inject({
      method: 'POST',
      url: `/api/pedidos/${placed.numero}/pago`,
      headers: { authorization: `Bearer ${t.adminToken}` },
      payload: { metodoPago: 'TRANSFERENCIA' },
    });
    expect(admin.statusCode).toBe(200);
    const retry = await payAgain(placed, 'WEBPAY');
    const { pago } = retry.json<{ pago: { token: string } }>();
    webpay.setOutcome(pago.token, 'authorized');
    await comeBack({ token_ws: pago.token });
    const paid = await payAgain(placed, 'WEBPAY');
    expect(paid.statusCode).toBe(409);
    expect(paid.json()).toEqual({ message: 'Este pedido ya no espera su pago.' });
  });
});

describe('reembolsos al cancelar', () => {
  async function paidOrder(qty = 1) {
    const placed = await webpayOrder(qty);
    webpay.setOutcome(placed.pago.token, 'authorized');
    await comeBack({ token_ws: placed.pago.token });
    return placed;
  }

  it('cancelar un pedido pagado con Webpay lo reversa, devuelve el stock y lo muestra como reembolsado', async () => {
    const placed = await paidOrder(3);
    const stock = await stockOf(t.app.db, mouse.id);
    const res = await setStatus(t, placed.numero, 'CANCELADO');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Pedido>()).toMatchObject({
      estado: 'CANCELADO',
      cobro: {
        estado: 'REEMBOLSADO',
        detalle: { codigoAutorizacion: '1213' },
        reembolso: { tipo: 'REVERSA', monto: placed.total, fecha: expect.any(String) },
      },
    });
    expect(await stockOf(t.app.db, mouse.id)).toBe(stock + 3);
    expect(refundsOf(placed.pago.token).map((c) => c.body)).toEqual([{ amount: placed.total }]);
    const row = await paymentRow(placed.pago.token);
    const events = await t.app.db.select().from(pagoEventos).where(eq(pagoEventos.pagoId, row.id));
    expect(events.map((e) => e.tipo)).toEqual(['creado', 'confirmado', 'reembolsado']);
    expect(events.at(-1)!.por).toContain('<admin@duoc.cl>');
  });

  it('Webpay responde anulación cuando ya no puede reversar', async () => {
    const placed = await paidOrder();
    webpay.setRefund(placed.pago.token, 'NULLIFIED');
    const res = await setStatus(t, placed.numero, 'CANCELADO');
    expect(res.json<Pedido>().cobro.reembolso).toMatchObject({
      tipo: 'ANULACION',
      monto: placed.total,
    });
  });

  it('un reembolso rechazado deja el pedido pagado, con su stock, y responde 502 con el motivo', async () => {
    const placed = await paidOrder(2);
    const stock = await stockOf(t.app.db, mouse.id);
    webpay.setRefund(placed.pago.token, 'rejected');
    const res = await setStatus(t, placed.numero, 'CANCELADO');
    expect(res.statusCode).toBe(502);
    expect(res.json<{ message: string }>().message).toMatch(
      /^No se pudo reembolsar el pago: Webpay lo rechazó \(422: Invalid status for refund\)\. El pedido sigue pagado\.$/,
    );
    const order = await orderOf(placed);
    expect(order.estado).toBe('PAGADO');
    expect(order.cobro.estado).toBe('PAGADO');
    expect(await stockOf(t.app.db, mouse.id)).toBe(stock);
    const row = await paymentRow(placed.pago.token);
    const events = await t.app.db.select().from(pagoEventos).where(eq(pagoEventos.pagoId, row.id));
    expect(events.at(-1)!.tipo).toBe('reembolso_fallido');
  });

  it('si Webpay no responde al reembolsar, el pedido sigue pagado y el admin sabe por qué', async () => {
    const placed = await paidOrder();
    webpay.setOutcome(placed.pago.token, 'timeout');
    const res = await setStatus(t, placed.numero, 'CANCELADO');
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      message:
        'No se pudo reembolsar el pago: Webpay no respondió a tiempo. El pedido sigue pagado.',
    });
    expect((await orderOf(placed)).estado).toBe('PAGADO');

    // Webpay had reversed it; cancelling again refunds nothing more and cancels the order.
    webpay.clearOutcome(placed.pago.token);
    const again = await setStatus(t, placed.numero, 'CANCELADO');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<Pedido>().cobro).toMatchObject({
      estado: 'REEMBOLSADO',
      reembolso: { tipo: 'REVERSA', monto: placed.total },
    });
    expect(webpay.transactions.get(placed.pago.token)!.refunded).toBe(placed.total);
  });
});

describe('vencimiento', () => {
  const expireNow = (numero: string) =>
    t.app.db
      .update(pedidos)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(pedidos.numero, numero));

  it('un pedido vencido cuyo pago Webpay estaba autorizado queda pagado en vez de cancelarse', async () => {
    const placed = await webpayOrder(2);
    const stock = await stockOf(t.app.db, mouse.id);
    // The buyer paid, but never came back to the shop.
    webpay.setOutcome(placed.pago.token, 'authorized');
    await expireNow(placed.numero);
    const result = await t.app.sweepExpiredOrders();
    expect(result.paid.map((o) => o.numero)).toEqual([placed.numero]);
    expect(result.expired.map((o) => o.numero)).not.toContain(placed.numero);
    expect((await orderOf(placed)).estado).toBe('PAGADO');
    expect(await stockOf(t.app.db, mouse.id)).toBe(stock);
    expect(paidEventsOf(placed.numero)).toBe(1);
  });

  it('si Webpay no responde, el pedido espera al siguiente barrido en vez de vencer a ciegas', async () => {
    const placed = await webpayOrder();
    await expireNow(placed.numero);
    webpay.setOutcome(placed.pago.token, 'timeout');
    const first = await t.app.sweepExpiredOrders();
    expect(first.expired.map((o) => o.numero)).not.toContain(placed.numero);
    expect((await orderOf(placed)).estado).toBe('PENDIENTE_PAGO');
    // Webpay answers again: the buyer never paid, so the order expires as always.
    webpay.clearOutcome(placed.pago.token);
    const second = await t.app.sweepExpiredOrders();
    expect(second.expired.map((o) => o.numero)).toContain(placed.numero);
  });

  it('vence como siempre si Webpay no lo autorizó; un pago que llega después se devuelve', async () => {
    const placed = await webpayOrder();
    await expireNow(placed.numero);
    const result = await t.app.sweepExpiredOrders();
    expect(result.expired.map((o) => o.numero)).toContain(placed.numero);
    expect((await orderOf(placed)).estado).toBe('CANCELADO');

    // The buyer was still on Webpay's page and pays now.
    webpay.setOutcome(placed.pago.token, 'authorized');
    const back = await comeBack({ token_ws: placed.pago.token });
    expect(back.headers.location).toBe(`/pedido/${placed.numero}?pago=error`);
    expect(refundsOf(placed.pago.token)).toHaveLength(1);
    const order = await orderOf(placed);
    expect(order.estado).toBe('CANCELADO');
    expect(order.cobro.motivo).toBe(
      'El pedido ya estaba cancelado cuando llegó el pago; se devolvió.',
    );
  });
});

describe('Webpay apagado (producción sin credenciales propias)', () => {
  let off: TestContext;
  beforeAll(async () => {
    off = await createTestApp({ WEBPAY_ENV: 'produccion' });
  });
  afterAll(() => off?.close());

  it('GET /config ofrece solo transferencia y un pedido con Webpay responde 422', async () => {
    const config = await off.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json()).toMatchObject({
      pagos: { metodos: ['TRANSFERENCIA'], descuentoTransferenciaPct: 0 },
    });
    const product = await productNamed(off.app.db, 'Mouse Logitech G203 Lightsync');
    const res = await postOrder(off, {
      ...GUEST,
      items: [{ productoId: product.id, qty: 1 }],
      metodoPago: 'WEBPAY',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'Webpay no está disponible en este momento. Elige transferencia bancaria.',
    });
  });
});
