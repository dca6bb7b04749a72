import { computeRunCheckDigit, type Cupon, type Pedido } from '@nexbyte/shared';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pedidos } from '../orders/orders.schema';
import { cupones, cuponUsos } from './coupons.schema';
import { retiroTienda } from '../shipping/shipping.schema';
import {
  bearer,
  CLIENT,
  createTestApp,
  DB_KIND,
  freshDatabase,
  type TestContext,
} from '../../test/test-app';
import {
  GUEST,
  postOrder,
  productNamed,
  quote,
  setStatus,
  setStock,
} from '../orders/orders.fixtures';

let t: TestContext;
let mouse: Awaited<ReturnType<typeof productNamed>>;
let serial = 0;

const DAY = 86_400_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

function couponCall(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token?: string,
  payload?: object,
) {
  return t.app.inject({
    method,
    url: `/api/cupones${url}`,
    headers: token ? bearer(token) : {},
    ...(payload ? { payload } : {}),
  });
}

/** A coupon made by the admin through the API; every rule open unless the test says. */
async function makeCoupon(rules: Partial<Cupon> = {}): Promise<Cupon> {
  serial += 1;
  const res = await couponCall('POST', '', t.adminToken, {
    codigo: `PRUEBA${serial}`,
    tipo: 'amount',
    valor: 1000,
    label: '$1.000 de descuento',
    validoDesde: null,
    validoHasta: null,
    minimoSubtotal: 0,
    limiteTotal: null,
    limitePorCliente: null,
    activo: true,
    ...rules,
  });
  if (res.statusCode !== 201) throw new Error(`cupón: ${res.statusCode} ${res.body}`);
  return res.json<Cupon>();
}

const items = (qty = 1) => [{ productoId: mouse.id, qty }];
const guestBuys = (cupon: string, correo: string, qty = 1, run = GUEST.run) =>
  postOrder(t, { ...GUEST, correo, run, cupon, items: items(qty) });
/** A valid RUN for a body of digits. */
const runOf = (body: string) => `${body}-${computeRunCheckDigit(body)}`;
const errorOf = (res: { json: <T>() => T }) => res.json<{ message: string }>().message;

async function usesRecorded(cuponId: number): Promise<number> {
  const [row] = await t.app.db
    .select({ n: count() })
    .from(cuponUsos)
    .where(eq(cuponUsos.cuponId, cuponId));
  return row!.n;
}

beforeAll(async () => {
  t = await createTestApp({ ORDER_SWEEP_INTERVAL_SECONDS: '0' });
  mouse = await productNamed(t.app.db, 'Mouse Logitech G203 Lightsync');
  await setStock(t.app.db, mouse.id, 500);
});
afterAll(() => t.close());

describe('cupones del administrador', () => {
  it('los datos de demostración traen NEX10, NEX5K y ENVIO0 con las etiquetas de la especificación', async () => {
    const res = await couponCall('GET', '', t.adminToken);
    expect(res.statusCode).toBe(200);
    const byCode = new Map(res.json<Cupon[]>().map((c) => [c.codigo, c]));
    expect(byCode.get('NEX10')).toMatchObject({
      tipo: 'percent',
      valor: 10,
      label: '10% de descuento',
    });
    expect(byCode.get('NEX5K')).toMatchObject({
      tipo: 'amount',
      valor: 5000,
      label: '$5.000 de descuento',
    });
    expect(byCode.get('ENVIO0')).toMatchObject({ tipo: 'shipping', label: 'Envío gratis' });
  });

  it('solo un ADMIN lista, crea, cambia y elimina cupones', async () => {
    const coupon = await makeCoupon();
    for (const [method, url] of [
      ['GET', ''],
      ['POST', ''],
      ['PUT', `/${coupon.id}`],
      ['DELETE', `/${coupon.id}`],
    ] as const) {
      const payload = method === 'POST' || method === 'PUT' ? { codigo: 'X' } : undefined;
      expect((await couponCall(method, url, undefined, payload)).statusCode).toBe(401);
      expect((await couponCall(method, url, t.clientToken, payload)).statusCode).toBe(403);
    }
  });

  it('guarda el código en mayúsculas y rechaza uno repetido con 409', async () => {
    const coupon = await makeCoupon({ codigo: ' verano24 ' });
    expect(coupon.codigo).toBe('VERANO24');
    const again = await couponCall('POST', '', t.adminToken, { ...coupon, codigo: 'Verano24' });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toBe('Ya existe un cupón con ese código.');
  });

  it('valida el porcentaje, las fechas y los límites', async () => {
    const res = await couponCall('POST', '', t.adminToken, {
      codigo: 'MALO1',
      tipo: 'percent',
      valor: 150,
      label: 'Malo',
      validoDesde: iso(DAY),
      validoHasta: iso(0),
      minimoSubtotal: -1,
      limiteTotal: 0,
      limitePorCliente: null,
      activo: true,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ errors: Record<string, string> }>().errors).toMatchObject({
      valor: 'El porcentaje debe estar entre 1 y 100.',
      minimoSubtotal: 'El mínimo de compra debe ser 0 o más.',
      limiteTotal: 'El límite debe ser un número entero mayor que 0, o vacío para no limitar.',
    });
  });

  it('cambia un cupón y el siguiente pedido usa el valor nuevo', async () => {
    const coupon = await makeCoupon({ valor: 1000 });
    const res = await couponCall('PUT', `/${coupon.id}`, t.adminToken, { ...coupon, valor: 2000 });
    expect(res.statusCode).toBe(200);
    const { body } = await quote(t, { items: items(), cupon: coupon.codigo });
    expect(body.descuento).toBe(2000);
    expect(body.cupon).toEqual({
      codigo: coupon.codigo,
      label: coupon.label,
      tipo: 'amount',
      valor: 2000,
    });
  });

  it('un cupón con usos no se elimina (409); uno sin usos sí', async () => {
    const used = await makeCoupon();
    expect((await guestBuys(used.codigo, 'borrar.cupon@gmail.com')).statusCode).toBe(201);
    expect((await couponCall('DELETE', `/${used.id}`, t.adminToken)).statusCode).toBe(409);
    const unused = await makeCoupon();
    expect((await couponCall('DELETE', `/${unused.id}`, t.adminToken)).statusCode).toBe(204);
    expect((await couponCall('DELETE', `/${unused.id}`, t.adminToken)).statusCode).toBe(404);
  });
});

describe('reglas de un cupón en la cotización y el pedido', () => {
  it('un cupón inactivo es inválido: la cotización lo dice y el pedido responde 400', async () => {
    const coupon = await makeCoupon({ activo: false });
    const { body } = await quote(t, { items: items(), cupon: coupon.codigo.toLowerCase() });
    expect(body).toMatchObject({
      cupon: null,
      cuponInvalido: true,
      cuponMensaje: 'Cupón inválido.',
    });
    const res = await guestBuys(coupon.codigo, 'inactivo@gmail.com');
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe('Cupón inválido.');
  });

  it('antes de su inicio y después de su término responde 422 con el motivo', async () => {
    const future = await makeCoupon({ validoDesde: iso(DAY) });
    const past = await makeCoupon({ validoDesde: iso(-2 * DAY), validoHasta: iso(-DAY) });
    const { body } = await quote(t, { items: items(), cupon: past.codigo });
    expect(body.cuponMensaje).toBe(`El cupón ${past.codigo} ya venció.`);
    expect(body.descuento).toBe(0);
    const early = await guestBuys(future.codigo, 'temprano@gmail.com');
    expect(early.statusCode).toBe(422);
    expect(errorOf(early)).toBe(`El cupón ${future.codigo} aún no está vigente.`);
    expect((await guestBuys(past.codigo, 'tarde@gmail.com')).statusCode).toBe(422);
  });

  it('bajo el mínimo de compra responde 422; desde el mínimo se aplica', async () => {
    const coupon = await makeCoupon({ minimoSubtotal: mouse.precio * 2 });
    const under = await guestBuys(coupon.codigo, 'bajo.minimo@gmail.com', 1);
    expect(under.statusCode).toBe(422);
    expect(errorOf(under)).toMatch(/requiere una compra de al menos/);
    const enough = await guestBuys(coupon.codigo, 'sobre.minimo@gmail.com', 2);
    expect(enough.statusCode).toBe(201);
    expect(enough.json<Pedido>()).toMatchObject({
      descuento: 1000,
      cupon: { codigo: coupon.codigo, label: coupon.label },
    });
  });

  it('agotado el límite total responde 409', async () => {
    const coupon = await makeCoupon({ limiteTotal: 1 });
    expect((await guestBuys(coupon.codigo, 'primero@gmail.com')).statusCode).toBe(201);
    const second = await guestBuys(coupon.codigo, 'segundo@gmail.com');
    expect(second.statusCode).toBe(409);
    expect(errorOf(second)).toBe(`El cupón ${coupon.codigo} ya alcanzó su límite de usos.`);
    const { body } = await quote(t, { items: items(), cupon: coupon.codigo });
    expect(body.cuponMensaje).toBe(`El cupón ${coupon.codigo} ya alcanzó su límite de usos.`);
  });

  it('el límite por cliente cuenta por cuenta a un cliente y por correo a un invitado', async () => {
    const coupon = await makeCoupon({ limitePorCliente: 1 });
    const delivery = { region: GUEST.region, comuna: GUEST.comuna, direccion: GUEST.direccion };
    const asClient = () =>
      postOrder(t, { ...delivery, cupon: coupon.codigo, items: items() }, { token: t.clientToken });
    expect((await asClient()).statusCode).toBe(201);
    const again = await asClient();
    expect(again.statusCode).toBe(422);
    expect(errorOf(again)).toBe(`Ya usaste el cupón ${coupon.codigo} todas las veces permitidas.`);
    // The quote knows a customer's own uses.
    const quoted = await t.app.inject({
      method: 'POST',
      url: '/api/pedidos/cotizacion',
      headers: bearer(t.clientToken),
      payload: { items: items(), cupon: coupon.codigo },
    });
    expect(quoted.json<{ cuponInvalido: boolean }>().cuponInvalido).toBe(true);

    expect((await guestBuys(coupon.codigo, 'Invitada.Uno@gmail.com')).statusCode).toBe(201);
    expect((await guestBuys(coupon.codigo, 'invitada.uno@gmail.com')).statusCode).toBe(422);
    const other = await guestBuys(coupon.codigo, 'invitada.dos@gmail.com', 1, runOf('15000002'));
    expect(other.statusCode).toBe(201);
  });

  it('un invitado no reinicia su límite con alias del correo ni con otro correo y su RUN', async () => {
    const coupon = await makeCoupon({ limitePorCliente: 1 });
    const run = runOf('16000001');
    expect((await guestBuys(coupon.codigo, 'victima@gmail.com', 1, run)).statusCode).toBe(201);
    const refused = `Ya usaste el cupón ${coupon.codigo} todas las veces permitidas.`;
    // Gmail ignores dots and what follows a '+': every one of these is the same mailbox.
    for (const alias of ['victima+1@gmail.com', 'VICTIMA+2@gmail.com', 'vic.ti.ma@gmail.com']) {
      const res = await guestBuys(coupon.codigo, alias, 1, runOf('16000002'));
      expect([alias, res.statusCode, errorOf(res)]).toEqual([alias, 422, refused]);
    }
    // Another address with the same RUN is the same guest.
    const sameRun = await guestBuys(coupon.codigo, 'otra.direccion@duoc.cl', 1, run);
    expect([sameRun.statusCode, errorOf(sameRun)]).toEqual([422, refused]);
    // Outside Gmail a '+' tag is cut too, but dots tell two people apart.
    const run3 = runOf('16000003');
    expect((await guestBuys(coupon.codigo, 'ana.perez@duoc.cl', 1, run3)).statusCode).toBe(201);
    const tagged = await guestBuys(coupon.codigo, 'ana.perez+promo@duoc.cl', 1, runOf('16000004'));
    expect(tagged.statusCode).toBe(422);
    const dotless = await guestBuys(coupon.codigo, 'anaperez@duoc.cl', 1, runOf('16000005'));
    expect(dotless.statusCode).toBe(201);
    expect(await usesRecorded(coupon.id)).toBe(3);
  });

  it('un cliente que ya usó el cupón no lo usa otra vez como invitado con un alias', async () => {
    const coupon = await makeCoupon({ limitePorCliente: 1 });
    const delivery = { region: GUEST.region, comuna: GUEST.comuna, direccion: GUEST.direccion };
    const asClient = await postOrder(
      t,
      { ...delivery, cupon: coupon.codigo, items: items() },
      { token: t.clientToken },
    );
    expect(asClient.statusCode).toBe(201);
    const [local, domain] = CLIENT.correo.split('@');
    const alias = await guestBuys(
      coupon.codigo,
      `${local}+invitado@${domain}`,
      1,
      runOf('17000001'),
    );
    expect(alias.statusCode).toBe(422);
  });

  it('un pedido cancelado devuelve su uso del cupón', async () => {
    const coupon = await makeCoupon({ limiteTotal: 1 });
    const first = await guestBuys(coupon.codigo, 'cancela@gmail.com');
    expect(first.statusCode).toBe(201);
    expect(await usesRecorded(coupon.id)).toBe(1);
    expect((await setStatus(t, first.json<Pedido>().numero, 'CANCELADO')).statusCode).toBe(200);
    expect(await usesRecorded(coupon.id)).toBe(0);
    const list = (await couponCall('GET', '', t.adminToken)).json<Cupon[]>();
    expect(list.find((c) => c.id === coupon.id)?.usos).toBe(0);
    expect((await guestBuys(coupon.codigo, 'otra.vez@gmail.com')).statusCode).toBe(201);
  });

  it('un pedido vencido sin pago también devuelve su uso', async () => {
    const coupon = await makeCoupon({ limiteTotal: 1 });
    const res = await guestBuys(coupon.codigo, 'vence@gmail.com');
    expect(res.statusCode).toBe(201);
    await t.app.db
      .update(pedidos)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(pedidos.numero, res.json<Pedido>().numero));
    const swept = await t.app.sweepExpiredOrders();
    expect(swept.expired.map((o) => o.numero)).toContain(res.json<Pedido>().numero);
    expect(await usesRecorded(coupon.id)).toBe(0);
    expect((await guestBuys(coupon.codigo, 'despues@gmail.com')).statusCode).toBe(201);
  });

  it('ENVIO0 deja el envío en 0 en cualquier región', async () => {
    const { body } = await quote(t, {
      items: items(),
      cupon: 'envio0',
      region: 'Magallanes y de la Antártica Chilena',
    });
    expect(body).toMatchObject({ envio: 0, cupon: { codigo: 'ENVIO0', label: 'Envío gratis' } });
  });
});

describe('instalación limpia', () => {
  it('las migraciones no crean cupones ni punto de retiro: eso es de los datos de demostración', async () => {
    const { database, drop } = await freshDatabase();
    try {
      await database.migrate();
      expect(await database.db.select().from(cupones)).toEqual([]);
      expect(await database.db.select().from(retiroTienda)).toEqual([]);
    } finally {
      await database.close();
      await drop();
    }
  });
});

// PGlite is one connection and proves nothing about locking (TOOLING.md): this runs on PostgreSQL.
describe.runIf(DB_KIND === 'postgres')('un cupón de 5 usos con 20 compradores a la vez', () => {
  it('da exactamente 5 pedidos con el cupón; los demás reciben 409', async () => {
    const coupon = await makeCoupon({ limiteTotal: 5 });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => guestBuys(coupon.codigo, `carrera${i}@gmail.com`)),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(15);
    expect(await usesRecorded(coupon.id)).toBe(5);
    const list = (await couponCall('GET', '', t.adminToken)).json<Cupon[]>();
    expect(list.find((c) => c.id === coupon.id)?.usos).toBe(5);
  });
});
