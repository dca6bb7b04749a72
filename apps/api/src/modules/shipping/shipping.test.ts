import type { AjustesEnvio, Pedido } from '@nexbyte/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { correos } from '../mail/mail.schema';
import { bearer, createTestApp, type TestContext } from '../../test/test-app';
import {
  GUEST,
  getOrder,
  guestOrder,
  postOrder,
  productNamed,
  quote,
  setStock,
} from '../orders/orders.fixtures';

let t: TestContext;
let mouse: Awaited<ReturnType<typeof productNamed>>;

const STORE = {
  activo: true,
  region: 'Metropolitana de Santiago',
  comuna: 'Providencia',
  direccion: 'Av. Providencia 1234, local 5',
  horario: 'Lunes a Viernes, 9:00 a 18:00',
};

function putShipping(payload: object, token: string | null = t.adminToken) {
  return t.app.inject({
    method: 'PUT',
    url: '/api/envios',
    headers: token ? bearer(token) : {},
    payload,
  });
}

beforeAll(async () => {
  t = await createTestApp({ ORDER_SWEEP_INTERVAL_SECONDS: '0' });
  mouse = await productNamed(t.app.db, 'Mouse Logitech G203 Lightsync');
  await setStock(t.app.db, mouse.id, 50);
  // Arica pays more and ships free later; Aysén never ships free.
  const res = await putShipping({
    regiones: [
      { region: 'Arica y Parinacota', precio: 7990, envioGratisDesde: 150000 },
      { region: 'Aysén del General Carlos Ibáñez del Campo', precio: 9990, envioGratisDesde: null },
    ],
    retiro: STORE,
  });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(() => t.close());

const items = (qty: number) => [{ productoId: mouse.id, qty }];

describe('GET /envios', () => {
  it('lista las 16 regiones; las no tarificadas usan $3.990 y gratis desde $80.000', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/envios' });
    expect(res.statusCode).toBe(200);
    const body = res.json<AjustesEnvio>();
    expect(body.regiones).toHaveLength(16);
    expect(body.regiones.find((r) => r.region === 'Los Ríos')).toEqual({
      region: 'Los Ríos',
      precio: 3990,
      envioGratisDesde: 80000,
    });
    expect(body.regiones.find((r) => r.region === 'Arica y Parinacota')).toMatchObject({
      precio: 7990,
      envioGratisDesde: 150000,
    });
    expect(body.retiro).toEqual(STORE);
  });
});

describe('PUT /envios', () => {
  it('solo un ADMIN la cambia: 401 sin token, 403 a un cliente', async () => {
    const payload = { regiones: [], retiro: STORE };
    expect((await putShipping(payload, null)).statusCode).toBe(401);
    expect((await putShipping(payload, t.clientToken)).statusCode).toBe(403);
  });

  it('rechaza precios negativos, regiones desconocidas y comunas de otra región', async () => {
    const bad = await putShipping({
      regiones: [{ region: 'Atlántida', precio: -1, envioGratisDesde: null }],
      retiro: { ...STORE, comuna: 'Valdivia' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json<{ errors: object }>().errors).sort()).toEqual([
      'regiones',
      'retiro',
    ]);
    const settings = await t.app.inject({ method: 'GET', url: '/api/envios' });
    expect(settings.json<AjustesEnvio>().retiro).toEqual(STORE);
  });
});

describe('envío por región en la cotización y el pedido', () => {
  // The mouse costs less than 80.000 a unit; 2 units stay under every threshold.
  it('sin región, la cotización usa los valores de la especificación', async () => {
    const { res, body } = await quote(t, { items: items(1) });
    expect(res.statusCode).toBe(200);
    expect(body.envio).toBe(3990);
    expect(body.reglaEnvio).toEqual({ precio: 3990, envioGratisDesde: 80000 });
  });

  it('con región, cobra la tarifa de esa región', async () => {
    const { body } = await quote(t, { items: items(1), region: 'Arica y Parinacota' });
    expect(body.envio).toBe(7990);
    expect(body.total).toBe(mouse.precio + 7990);
  });

  it('el umbral de envío gratis es el de la región', async () => {
    const qty = Math.ceil(80000 / mouse.precio);
    expect(mouse.precio * qty).toBeLessThan(150000);
    const santiago = await quote(t, { items: items(qty), region: 'Metropolitana de Santiago' });
    const arica = await quote(t, { items: items(qty), region: 'Arica y Parinacota' });
    expect(santiago.body.envio).toBe(0);
    expect(arica.body.envio).toBe(7990);
  });

  it('una región sin umbral nunca despacha gratis', async () => {
    const { body } = await quote(t, {
      items: items(10),
      region: 'Aysén del General Carlos Ibáñez del Campo',
    });
    expect(body.subtotal).toBeGreaterThan(80000);
    expect(body.envio).toBe(9990);
  });

  it('el pedido cobra el envío de la región de despacho y lo guarda', async () => {
    const order = await guestOrder(t, items(1), {
      correo: 'arica.comprador@gmail.com',
      region: 'Arica y Parinacota',
      comuna: 'Arica',
      direccion: '21 de Mayo 321',
    });
    expect(order.envio).toBe(7990);
    expect(order.total).toBe(mouse.precio + 7990);
    expect(order.entrega).toEqual({
      tipo: 'DESPACHO',
      region: 'Arica y Parinacota',
      comuna: 'Arica',
      direccion: '21 de Mayo 321',
      horario: null,
    });
  });
});

describe('retiro en tienda', () => {
  it('la cotización no cobra envío', async () => {
    const { body } = await quote(t, { items: items(1), entrega: 'RETIRO' });
    expect(body.entrega).toBe('RETIRO');
    expect(body.envio).toBe(0);
    expect(body.total).toBe(mouse.precio);
  });

  it('el pedido no pide dirección, no cobra envío y guarda la dirección y el horario de la tienda', async () => {
    const { region: _r, comuna: _c, direccion: _d, ...guest } = GUEST;
    const res = await postOrder(t, {
      ...guest,
      correo: 'retira.en.tienda@gmail.com',
      entrega: 'RETIRO',
      items: items(1),
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json<Pedido & { acceso: string }>();
    expect(order.envio).toBe(0);
    expect(order.total).toBe(mouse.precio);
    expect(order.entrega).toEqual({
      tipo: 'RETIRO',
      region: STORE.region,
      comuna: STORE.comuna,
      direccion: STORE.direccion,
      horario: STORE.horario,
    });
    await t.app.mailer.settled();
    const [mail] = await t.app.db
      .select()
      .from(correos)
      .where(eq(correos.para, 'retira.en.tienda@gmail.com'));
    expect(mail!.texto).toContain(
      'Entrega: Retiro en tienda: Av. Providencia 1234, local 5, Providencia, Metropolitana de Santiago. Horario: Lunes a Viernes, 9:00 a 18:00.',
    );
    // The buyer reads it on the order page later, even after the store moves.
    await putShipping({ regiones: [], retiro: { ...STORE, direccion: 'Otra dirección 99' } });
    const again = await getOrder(t, order.numero, { acceso: order.acceso });
    expect(again.json<Pedido>().entrega.direccion).toBe(STORE.direccion);
    await putShipping({ regiones: [], retiro: STORE });
  });

  it('un despacho sin dirección se rechaza con los mensajes del registro', async () => {
    const { region: _r, comuna: _c, direccion: _d, ...guest } = GUEST;
    const res = await postOrder(t, { ...guest, items: items(1) });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ errors: Record<string, string> }>().errors).toMatchObject({
      region: 'Debes seleccionar una región.',
      comuna: 'Debes seleccionar una comuna.',
      direccion: 'La dirección es requerida.',
    });
  });

  it('con el retiro apagado, la cotización y el pedido responden 422 y no se crea nada', async () => {
    await putShipping({ regiones: [], retiro: { ...STORE, activo: false } });
    try {
      const quoted = await quote(t, { items: items(1), entrega: 'RETIRO' });
      expect(quoted.res.statusCode).toBe(422);
      const res = await postOrder(t, {
        ...GUEST,
        correo: 'retiro.apagado@gmail.com',
        entrega: 'RETIRO',
        items: items(1),
      });
      expect(res.statusCode).toBe(422);
      expect(res.json<{ message: string }>().message).toBe(
        'El retiro en tienda no está disponible por ahora. Elige despacho a domicilio.',
      );
      const settings = await t.app.inject({ method: 'GET', url: '/api/envios' });
      expect(settings.json<AjustesEnvio>().retiro?.activo).toBe(false);
    } finally {
      await putShipping({ regiones: [], retiro: STORE });
    }
  });
});
