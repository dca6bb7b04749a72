import { bultoDe, CARRIER_MESSAGES, type OpcionesEnvio, type PedidoCreado } from '@nexbyte/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  startCarrierStandIn,
  type CarrierStandIn,
} from '../../../../../scripts/lib/carrier-stand-in.mjs';
import { createTestApp, type TestContext } from '../../test/test-app';
import { GUEST, postOrder, productNamed, quote, setStock } from '../orders/orders.fixtures';
import { medidasOf } from '../products/products.service';
import { coverageAreasOf } from './coverage';
import { envios } from './shipping.schema';

// The checkout with a carrier (decision 036): options for the comuna and the cart's parcel, the
// accepted price charged, the región's table when the carrier is silent.
const TIMEOUT_MS = 400;
let t: TestContext;
let standIn: CarrierStandIn;
let gpu: Awaited<ReturnType<typeof productNamed>>;
let mouse: Awaited<ReturnType<typeof productNamed>>;

beforeAll(async () => {
  standIn = await startCarrierStandIn({ areas: coverageAreasOf() });
  t = await createTestApp({
    CARRIER_API_URL: standIn.url,
    CARRIER_TIMEOUT_MS: String(TIMEOUT_MS),
    CARRIER_QUOTE_CACHE_SECONDS: '60',
    PARCEL_BOX_KG: '0.3',
    ORDER_SWEEP_INTERVAL_SECONDS: '0',
  });
  gpu = await productNamed(t.app.db, 'Tarjeta de video Radeon RX 7600 8 GB');
  mouse = await productNamed(t.app.db, 'Mouse Logitech G203 Lightsync');
  await setStock(t.app.db, gpu.id, 50);
  await setStock(t.app.db, mouse.id, 50);
});
afterAll(async () => {
  await t.close();
  await standIn.close();
});
beforeEach(() => {
  standIn.mode = 'accept';
  standIn.delayMs = 0;
});

const VALPARAISO = {
  ...GUEST,
  correo: 'compra.valparaiso@gmail.com',
  region: 'Valparaíso',
  comuna: 'Valparaíso',
  direccion: 'Av. Brasil 2950',
};

async function options(items: object[], place = VALPARAISO) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/envios/opciones',
    payload: { items, region: place.region, comuna: place.comuna },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<OpcionesEnvio>();
}

const shipmentOf = async (numero: string) => {
  const id = Number(numero.replace('NB-', ''));
  const [row] = await t.app.db.select().from(envios).where(eq(envios.pedidoId, id));
  return row;
};

const rateCalls = () =>
  standIn.calls.filter((c) => c.path === '/rating/api/v1.0/rates/courier').length;

describe('el bulto del carrito', () => {
  it('se calcula con el peso y las medidas de cada producto y el peso de la caja', async () => {
    const items = [
      { productoId: gpu.id, qty: 2 },
      { productoId: mouse.id, qty: 1 },
    ];
    const answer = await options(items);
    const expected = bultoDe(
      [
        { qty: 2, medidas: medidasOf(gpu) },
        { qty: 1, medidas: medidasOf(mouse) },
      ],
      0.3,
    );
    expect(answer.bulto).toEqual(expected);
    expect(answer.bulto.pesoKg).toBeCloseTo(2 * Number(gpu.pesoKg) + Number(mouse.pesoKg) + 0.3, 2);
    // The stand-in was asked for that very box.
    const sent = standIn.calls.length;
    expect(sent).toBeGreaterThan(0);
  });
});

describe('opciones del transportista', () => {
  it('cada servicio con su precio y entrega estimada, en una línea', async () => {
    const answer = await options([{ productoId: gpu.id, qty: 1 }]);
    expect(answer.origen).toBe('TRANSPORTISTA');
    expect(answer.mensaje).toBeNull();
    expect(answer.opciones.map((o) => o.nombre)).toEqual([
      'Chilexpress Día Hábil Siguiente',
      'Chilexpress Segundo Día Hábil',
    ]);
    for (const o of answer.opciones) {
      expect(o.texto).toMatch(/^Chilexpress .+ — \$\d{1,3}(\.\d{3})* — llega (el |mañana)/);
      expect(o.llega).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it('la misma comuna y el mismo bulto se responden de la memoria, sin preguntar de nuevo', async () => {
    const items = [{ productoId: mouse.id, qty: 3 }];
    await options(items);
    const before = rateCalls();
    await options(items);
    expect(rateCalls()).toBe(before);
    await options([{ productoId: mouse.id, qty: 4 }]);
    expect(rateCalls()).toBe(before + 1);
  });
});

describe('el precio aceptado es el que se cobra', () => {
  it('la cotización y el pedido cobran el servicio elegido y el pedido lo guarda con su bulto', async () => {
    // Under the región's free-shipping threshold, so the price shows.
    const items = [{ productoId: mouse.id, qty: 1 }];
    expect(mouse.precio).toBeLessThan(80_000);
    const answer = await options(items);
    const chosen = answer.opciones[1]!;
    const quoted = await quote(t, {
      items,
      region: 'Valparaíso',
      envioCotizado: chosen.cotizacion,
    });
    expect(quoted.res.statusCode, quoted.res.body).toBe(200);
    expect(quoted.body.envio).toBe(chosen.precio);

    const res = await postOrder(t, { ...VALPARAISO, items, envioCotizado: chosen.cotizacion });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json<PedidoCreado>();
    expect(order.envio).toBe(chosen.precio);
    expect(order.total).toBe(order.subtotal + chosen.precio);
    const shipment = await shipmentOf(order.numero);
    expect(shipment).toMatchObject({
      origen: 'TRANSPORTISTA',
      transportista: 'Chilexpress',
      servicioCodigo: '4',
      servicioNombre: 'Segundo Día Hábil',
      llegaEstimada: chosen.llega,
    });
    expect(Number(shipment!.pesoKg)).toBe(answer.bulto.pesoKg);
  });

  it('sobre el umbral de la región el despacho es gratis también con el transportista', async () => {
    const items = [{ productoId: gpu.id, qty: 1 }];
    expect(gpu.precio).toBeGreaterThanOrEqual(80_000);
    const [chosen] = (await options(items)).opciones;
    const res = await postOrder(t, {
      ...VALPARAISO,
      correo: 'gratis.valparaiso@gmail.com',
      items,
      envioCotizado: chosen!.cotizacion,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<PedidoCreado>().envio).toBe(0);
  });

  it('una cotización alterada, de otra comuna o de otro carrito se rechaza (409); sin cotización, 422', async () => {
    const items = [{ productoId: gpu.id, qty: 1 }];
    const [chosen] = (await options(items)).opciones;
    const [body, mac] = chosen!.cotizacion.split('.');
    const cheaper = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(body!, 'base64url').toString()), p: 1 }),
    ).toString('base64url');
    const attempts = [
      { ...VALPARAISO, items, envioCotizado: `${cheaper}.${mac}` },
      { ...VALPARAISO, comuna: 'Viña del Mar', items, envioCotizado: chosen!.cotizacion },
      { ...VALPARAISO, items: [{ productoId: gpu.id, qty: 3 }], envioCotizado: chosen!.cotizacion },
    ];
    for (const payload of attempts) {
      const res = await postOrder(t, { ...payload, correo: 'tramposo@gmail.com' });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json<{ message: string }>().message).toBe(CARRIER_MESSAGES.quoteExpired);
    }
    const none = await postOrder(t, { ...VALPARAISO, items, correo: 'sin.cotizacion@gmail.com' });
    expect(none.statusCode).toBe(422);
  });
});

describe('transportista en silencio', () => {
  it('ofrece la tarifa de la región dentro del tiempo límite y el pedido lo registra', async () => {
    standIn.mode = 'silent';
    const items = [{ productoId: gpu.id, qty: 5 }];
    const started = performance.now();
    const answer = await options(items);
    const elapsed = performance.now() - started;
    // A silent carrier never answers: an answer at all means the time-out cut it. The bound only
    // says it did not hang; how close to the time-out it lands is bench:shipping-quote's figure.
    expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - 5);
    expect(elapsed).toBeLessThan(TIMEOUT_MS + 2_000);
    expect(answer.origen).toBe('TABLA');
    expect(answer.mensaje).toBe(CARRIER_MESSAGES.fallback);
    expect(answer.opciones).toHaveLength(1);
    expect(answer.opciones[0]).toMatchObject({
      origen: 'TABLA',
      precio: 3990,
      transportista: null,
    });

    const res = await postOrder(t, {
      ...VALPARAISO,
      correo: 'silencio@gmail.com',
      // A parcel not asked before (a cached answer would still be the carrier's).
      items: [{ productoId: mouse.id, qty: 2 }],
      envioCotizado: (await options([{ productoId: mouse.id, qty: 2 }])).opciones[0]!.cotizacion,
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json<PedidoCreado>();
    expect(order.envio).toBe(3990);
    expect((await shipmentOf(order.numero))!.origen).toBe('TABLA');
  });
});
