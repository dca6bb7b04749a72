import type { Pedido, PedidoResumen } from '@nexbyte/shared';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { correos } from '../mail/mail.schema';
import { pedidos } from './orders.schema';
import { bearer, createTestApp, DB_KIND, type TestContext } from '../../test/test-app';
import { rowsOf } from '../../db/rows';
import { SWEEP_LOCK } from '../checkout/order-status';
import {
  getOrder,
  GUEST,
  guestOrder,
  productNamed,
  setStatus,
  setStock,
  stockOf,
} from './orders.fixtures';

let t: TestContext;
let mouse: Awaited<ReturnType<typeof productNamed>>;
let hub: Awaited<ReturnType<typeof productNamed>>;

beforeAll(async () => {
  t = await createTestApp({ ORDER_SWEEP_INTERVAL_SECONDS: '0' });
  mouse = await productNamed(t.app.db, 'Mouse Logitech G203 Lightsync');
  hub = await productNamed(t.app.db, 'Hub USB-C 7 en 1');
  await setStock(t.app.db, mouse.id, 50);
  await setStock(t.app.db, hub.id, 50);
});
afterAll(() => t.close());

const ADMIN_LABEL = 'Administradora Nexbyte <admin@duoc.cl>';

const buy = (qty = 1, correo = GUEST.correo) =>
  guestOrder(
    t,
    [
      { productoId: mouse.id, qty },
      { productoId: hub.id, qty: 1 },
    ],
    { correo },
  );

const expire = (numero: string) =>
  t.app.db
    .update(pedidos)
    .set({ expiresAt: sql`now() - interval '1 minute'` })
    .where(eq(pedidos.numero, numero));

describe('PATCH /api/pedidos/{numero}/estado', () => {
  it('moves an order to delivered and records who did each change and when', async () => {
    const order = await buy();
    for (const estado of ['PAGADO', 'ENVIADO', 'ENTREGADO']) {
      const res = await setStatus(t, order.numero, estado);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<Pedido>().estado).toBe(estado);
    }
    const done = (await getOrder(t, order.numero, { token: t.adminToken })).json<Pedido>();
    expect(done.expiresAt).toBeNull();
    expect(done.eventos.map((e) => [e.de, e.a, e.por])).toEqual([
      [null, 'PENDIENTE_PAGO', `invitado: ${GUEST.nombre} <${GUEST.correo}>`],
      ['PENDIENTE_PAGO', 'PAGADO', ADMIN_LABEL],
      ['PAGADO', 'ENVIADO', ADMIN_LABEL],
      ['ENVIADO', 'ENTREGADO', ADMIN_LABEL],
    ]);
    expect(done.eventos.every((e) => !Number.isNaN(Date.parse(e.at)))).toBe(true);
  });

  it('answers 409 to a move the shop does not allow, and changes nothing', async () => {
    const order = await buy();
    const skip = await setStatus(t, order.numero, 'ENVIADO');
    expect(skip.statusCode).toBe(409);
    expect(skip.json()).toEqual({
      message: 'Un pedido pendiente de pago no puede pasar a enviado.',
    });
    await setStatus(t, order.numero, 'PAGADO');
    await setStatus(t, order.numero, 'ENVIADO');
    const late = await setStatus(t, order.numero, 'CANCELADO');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('Un pedido enviado no puede pasar a cancelado.');
    const read = (await getOrder(t, order.numero, { token: t.adminToken })).json<Pedido>();
    expect(read.estado).toBe('ENVIADO');
  });

  it('cancelling a paid order gives its stock back in the same step', async () => {
    const before = [await stockOf(t.app.db, mouse.id), await stockOf(t.app.db, hub.id)];
    const order = await buy(3);
    expect(await stockOf(t.app.db, mouse.id)).toBe(before[0]! - 3);
    await setStatus(t, order.numero, 'PAGADO');
    const res = await setStatus(t, order.numero, 'CANCELADO');
    expect(res.statusCode).toBe(200);
    expect([await stockOf(t.app.db, mouse.id), await stockOf(t.app.db, hub.id)]).toEqual(before);
    const again = await setStatus(t, order.numero, 'CANCELADO');
    expect(again.statusCode).toBe(409);
    expect([await stockOf(t.app.db, mouse.id), await stockOf(t.app.db, hub.id)]).toEqual(before);
  });

  it('tells the customer of every change by e-mail', async () => {
    const order = await buy(1, 'avisos@gmail.com');
    await setStatus(t, order.numero, 'PAGADO');
    await setStatus(t, order.numero, 'ENVIADO');
    await t.app.mailer.settled();
    const mails = await t.app.db
      .select({ asunto: correos.asunto })
      .from(correos)
      .where(eq(correos.para, 'avisos@gmail.com'));
    expect(mails.map((m) => m.asunto).sort()).toEqual(
      [
        `Recibimos tu pedido ${order.numero}`,
        `Tu pedido ${order.numero}: pagado`,
        `Tu pedido ${order.numero}: enviado`,
      ].sort(),
    );
  });

  it('is for admins only, and checks the status and the number', async () => {
    const order = await buy();
    expect((await setStatus(t, order.numero, 'PAGADO', t.clientToken)).statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'PATCH',
      url: `/api/pedidos/${order.numero}/estado`,
      payload: { estado: 'PAGADO' },
    });
    expect(anonymous.statusCode).toBe(401);
    const bad = await setStatus(t, order.numero, 'PERDIDO');
    expect([bad.statusCode, bad.json().errors]).toEqual([400, { estado: 'Estado inválido.' }]);
    expect((await setStatus(t, 'NB-999999', 'PAGADO')).statusCode).toBe(404);
  });
});

describe('GET /api/pedidos for an admin', () => {
  it('lists every order newest first, filters by status and counts them all', async () => {
    const paid = await buy();
    await setStatus(t, paid.numero, 'PAGADO');
    const latest = await buy();
    const all = await t.app.inject({
      method: 'GET',
      url: '/api/pedidos?limite=2',
      headers: bearer(t.adminToken),
    });
    const page = all.json<PedidoResumen[]>();
    expect(page.map((o) => o.numero)).toEqual([latest.numero, paid.numero]);
    expect(Number(all.headers['x-total-count'])).toBeGreaterThan(2);
    expect(page[0]).toEqual({
      numero: latest.numero,
      estado: 'PENDIENTE_PAGO',
      createdAt: latest.createdAt,
      total: latest.total,
      unidades: 2,
      invitado: true,
      cliente: { nombre: GUEST.nombre, correo: GUEST.correo },
    });
    const filtered = await t.app.inject({
      method: 'GET',
      url: '/api/pedidos?estado=PAGADO',
      headers: bearer(t.adminToken),
    });
    const pagados = filtered.json<PedidoResumen[]>();
    expect(pagados.map((o) => o.numero)).toContain(paid.numero);
    expect(pagados.every((o) => o.estado === 'PAGADO')).toBe(true);
    const own = await t.app.inject({
      method: 'GET',
      url: '/api/pedidos?propios=true',
      headers: bearer(t.adminToken),
    });
    expect(own.json()).toEqual([]);
  });
});

describe('GET /api/pedidos/resumen', () => {
  it('counts the orders waiting for payment and this month’s paid sales', async () => {
    const get = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/pedidos/resumen',
          headers: bearer(t.adminToken),
        })
      ).json<{ pendientes: number; ventasMes: number }>();
    const before = await get();
    const a = await buy();
    const b = await buy();
    expect((await get()).pendientes).toBe(before.pendientes + 2);
    await setStatus(t, a.numero, 'PAGADO');
    await setStatus(t, a.numero, 'ENVIADO');
    await setStatus(t, b.numero, 'PAGADO');
    await setStatus(t, b.numero, 'CANCELADO');
    const after = await get();
    expect(after.pendientes).toBe(before.pendientes);
    expect(after.ventasMes).toBe(before.ventasMes + a.total);
  });

  it('is for admins only', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/pedidos/resumen',
      headers: bearer(t.clientToken),
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('the expiry of unpaid orders', () => {
  it('cancels the expired unpaid orders, gives back their stock and says it was the system', async () => {
    const before = [await stockOf(t.app.db, mouse.id), await stockOf(t.app.db, hub.id)];
    const late = await buy(2, 'vencido@gmail.com');
    const onTime = await buy(1);
    const paid = await buy(1);
    await setStatus(t, paid.numero, 'PAGADO');
    await expire(late.numero);
    await expire(paid.numero);

    const result = await t.app.sweepExpiredOrders();
    expect(result.ran).toBe(true);
    expect(result.expired.map((o) => o.numero)).toEqual([late.numero]);

    const read = (numero: string) => getOrder(t, numero, { token: t.adminToken });
    const cancelled = (await read(late.numero)).json<Pedido>();
    expect(cancelled.estado).toBe('CANCELADO');
    expect(cancelled.eventos.at(-1)).toMatchObject({
      de: 'PENDIENTE_PAGO',
      a: 'CANCELADO',
      por: 'sistema',
    });
    expect((await read(onTime.numero)).json<Pedido>().estado).toBe('PENDIENTE_PAGO');
    expect((await read(paid.numero)).json<Pedido>().estado).toBe('PAGADO');
    // Only the expired order's units came back.
    expect(await stockOf(t.app.db, mouse.id)).toBe(before[0]! - 2);
    expect(await stockOf(t.app.db, hub.id)).toBe(before[1]! - 2);

    await t.app.mailer.settled();
    const [mail] = await t.app.db
      .select()
      .from(correos)
      .where(eq(correos.asunto, `Tu pedido ${late.numero}: cancelado`));
    expect(mail?.texto).toContain('no recibimos el pago a tiempo');

    expect((await t.app.sweepExpiredOrders()).expired).toEqual([]);
  });

  it.runIf(DB_KIND === 'postgres')(
    'with several instances only one sweeps: a held lock makes the others skip',
    async () => {
      const late = await buy();
      await expire(late.numero);
      const url = new URL(process.env.TEST_DATABASE_URL!);
      const [row] = rowsOf<{ db: string }>(
        await t.app.db.execute(sql`select current_database() as db`),
      );
      url.pathname = `/${row!.db}`;
      const other = new pg.Client({ connectionString: url.toString() });
      await other.connect();
      try {
        await other.query('begin');
        await other.query('select pg_advisory_xact_lock($1)', [SWEEP_LOCK]);
        expect(await t.app.sweepExpiredOrders()).toEqual({ ran: false, expired: [], paid: [] });
        await other.query('commit');
      } finally {
        await other.end();
      }
      const result = await t.app.sweepExpiredOrders();
      expect(result.expired.map((o) => o.numero)).toEqual([late.numero]);
    },
  );
});
