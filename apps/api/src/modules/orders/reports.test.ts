import {
  ORDER_MESSAGES,
  REPORT_DAYS,
  REPORT_MESSAGES,
  type Pedido,
  type Reportes,
} from '@nexbyte/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pedidos } from './orders.schema';
import { bearer, createTestApp, vendorToken, type TestContext } from '../../test/test-app';
import { mailsTo } from '../mail/outbox.testing';
import { GUEST, getOrder, guestOrder, productNamed, setStatus } from './orders.fixtures';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Today in Chile, as the reports count days. */
const chileDay = (date = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago' }).format(date);

const reports = async (token = t.adminToken) =>
  t.app.inject({ method: 'GET', url: '/api/admin/reportes', headers: bearer(token) });

const ship = (numero: string, payload: object) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/pedidos/${numero}/estado`,
    headers: bearer(t.adminToken),
    payload: { estado: 'ENVIADO', ...payload },
  });

const exportCsv = (query = '', token: string | null = t.adminToken) =>
  t.app.inject({
    method: 'GET',
    url: `/api/pedidos/exportar.csv${query}`,
    headers: token ? bearer(token) : {},
  });

describe('GET /api/admin/reportes', () => {
  it('cuenta las ventas pagadas por día, los productos más vendidos y los pedidos por estado', async () => {
    const mouse = await productNamed(t.app.db, 'Mouse Logitech G203 Lightsync');
    const ssd = await productNamed(t.app.db, 'SSD Kingston NV2 1 TB NVMe');
    const paid = await guestOrder(t, [{ productoId: mouse.id, qty: 2 }]);
    const shipped = await guestOrder(t, [
      { productoId: mouse.id, qty: 1 },
      { productoId: ssd.id, qty: 1 },
    ]);
    const pending = await guestOrder(t, [{ productoId: ssd.id, qty: 3 }]);
    const cancelled = await guestOrder(t, [{ productoId: ssd.id, qty: 4 }]);
    const old = await guestOrder(t, [{ productoId: ssd.id, qty: 5 }]);
    for (const numero of [paid.numero, shipped.numero, old.numero]) {
      expect((await setStatus(t, numero, 'PAGADO')).statusCode).toBe(200);
    }
    expect((await setStatus(t, shipped.numero, 'ENVIADO')).statusCode).toBe(200);
    expect((await setStatus(t, cancelled.numero, 'CANCELADO')).statusCode).toBe(200);
    // Paid before the 30 days: outside the chart and the best sellers.
    await t.app.db
      .update(pedidos)
      .set({ pagadoAt: sql`now() - interval '40 days'` })
      .where(eq(pedidos.numero, old.numero));

    const res = await reports();
    expect(res.statusCode).toBe(200);
    const body = res.json<Reportes>();
    expect(body.ventasPorDia).toHaveLength(REPORT_DAYS);
    expect(body.hasta).toBe(chileDay());
    expect(body.ventasPorDia.at(-1)).toEqual({
      fecha: chileDay(),
      pedidos: 2,
      total: paid.total + shipped.total,
    });
    expect(body.ventasPorDia.slice(0, -1).every((d) => d.pedidos === 0 && d.total === 0)).toBe(
      true,
    );
    expect(body.totalPeriodo).toBe(paid.total + shipped.total);
    expect(body.pedidosPeriodo).toBe(2);
    expect(body.productosTop).toEqual([
      { productoId: mouse.id, nombre: mouse.nombre, unidades: 3, total: mouse.precio * 3 },
      { productoId: ssd.id, nombre: ssd.nombre, unidades: 1, total: ssd.precio },
    ]);
    expect(body.pedidosPorEstado).toEqual([
      { estado: 'PENDIENTE_PAGO', pedidos: 1 },
      { estado: 'PAGADO', pedidos: 2 },
      { estado: 'ENVIADO', pedidos: 1 },
      { estado: 'ENTREGADO', pedidos: 0 },
      { estado: 'CANCELADO', pedidos: 1 },
    ]);
    expect(pending.estado).toBe('PENDIENTE_PAGO');
  });

  it('solo un ADMIN: un VENDOR o un CLIENT reciben 403, sin token 401', async () => {
    expect((await reports(await vendorToken(t))).statusCode).toBe(403);
    expect((await reports(t.clientToken)).statusCode).toBe(403);
    const anon = await t.app.inject({ method: 'GET', url: '/api/admin/reportes' });
    expect(anon.statusCode).toBe(401);
  });
});

describe('transportista y número de seguimiento al enviar', () => {
  let order: Pedido & { acceso: string | null };
  beforeAll(async () => {
    const mouse = await productNamed(t.app.db, 'Mouse Logitech G203 Lightsync');
    order = await guestOrder(t, [{ productoId: mouse.id, qty: 1 }]);
  });

  it('no se aceptan con otro estado, ni con caracteres extraños o demasiado largos', async () => {
    const early = await t.app.inject({
      method: 'PATCH',
      url: `/api/pedidos/${order.numero}/estado`,
      headers: bearer(t.adminToken),
      payload: { estado: 'PAGADO', transportista: 'Starken' },
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().errors).toEqual({ transportista: ORDER_MESSAGES.trackingOnlyShipped });
    expect((await setStatus(t, order.numero, 'PAGADO')).statusCode).toBe(200);
    const bad = await ship(order.numero, {
      transportista: 'x'.repeat(61),
      numeroSeguimiento: '<script>',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      transportista: ORDER_MESSAGES.transportista,
      numeroSeguimiento: ORDER_MESSAGES.numeroSeguimiento,
    });
  });

  it('el cliente los ve en su pedido y los recibe en el correo de enviado', async () => {
    const res = await ship(order.numero, {
      transportista: '  Starken ',
      numeroSeguimiento: 'STK-987 654/1',
    });
    expect(res.statusCode).toBe(200);
    const seguimiento = { transportista: 'Starken', numero: 'STK-987 654/1' };
    expect(res.json<Pedido>().seguimiento).toEqual(seguimiento);
    const seen = await getOrder(t, order.numero, { acceso: order.acceso });
    expect(seen.json<Pedido>().seguimiento).toEqual(seguimiento);
    const mails = await mailsTo(t, GUEST.correo);
    const sent = mails.find((m) => m.asunto === `Tu pedido ${order.numero}: enviado`);
    expect(sent!.texto).toContain('Transportista: Starken\nNúmero de seguimiento: STK-987 654/1');
  });

  it('son opcionales: enviado sin ellos, el pedido no muestra seguimiento', async () => {
    const mouse = await productNamed(t.app.db, 'Mouse Logitech G203 Lightsync');
    const other = await guestOrder(t, [{ productoId: mouse.id, qty: 1 }]);
    await setStatus(t, other.numero, 'PAGADO');
    const res = await ship(other.numero, { transportista: '', numeroSeguimiento: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json<Pedido>().seguimiento).toBeNull();
  });
});

describe('GET /api/pedidos/exportar.csv', () => {
  it('entrega los pedidos para Excel: BOM, `;`, montos en pesos y el seguimiento', async () => {
    const res = await exportCsv();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="pedidos.csv"');
    expect(res.body.startsWith('\ufeff')).toBe(true);
    const lines = res.body.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'numero;fecha;estado;pagado_el;cliente;correo;run;region;comuna;metodo_pago;cupon;subtotal;descuento;descuento_pago;envio;total;iva;documento;rut_empresa;razon_social;transportista;numero_seguimiento',
    );
    const all = (await t.app.db.select().from(pedidos)).length;
    expect(lines).toHaveLength(all + 1);
    const shipped = lines.find((l) => l.includes('Starken'))!.split(';');
    expect(shipped[2]).toBe('Enviado');
    expect(shipped[3]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(shipped[4]).toBe(GUEST.nombre);
    expect(shipped[15]).toMatch(/^\d+$/);
    expect(shipped.slice(-2)).toEqual(['Starken', 'STK-987 654/1']);
  });

  it('filtra por fecha del pedido (hora de Chile) y rechaza un rango al revés', async () => {
    const today = chileDay();
    const tomorrow = chileDay(new Date(Date.now() + 86_400_000));
    const inRange = await exportCsv(`?desde=${today}&hasta=${today}`);
    expect(inRange.body.trimEnd().split('\r\n').length).toBeGreaterThan(1);
    expect(inRange.headers['content-disposition']).toBe(
      `attachment; filename="pedidos-desde-${today}-hasta-${today}.csv"`,
    );
    const empty = await exportCsv(`?desde=${tomorrow}`);
    expect(empty.body.trimEnd().split('\r\n')).toHaveLength(1);
    const reversed = await exportCsv(`?desde=${tomorrow}&hasta=${today}`);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().errors).toEqual({ hasta: REPORT_MESSAGES.rango });
    const bad = await exportCsv('?desde=25-11-2026');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ desde: REPORT_MESSAGES.fecha });
  });

  it('solo un ADMIN', async () => {
    expect((await exportCsv('', await vendorToken(t))).statusCode).toBe(403);
    expect((await exportCsv('', t.clientToken)).statusCode).toBe(403);
    expect((await exportCsv('', null)).statusCode).toBe(401);
  });
});
