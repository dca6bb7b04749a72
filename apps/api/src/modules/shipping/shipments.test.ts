import {
  SHIPMENT_MESSAGES,
  type EnvioPedido,
  type OpcionesEnvio,
  type Pedido,
  type PedidoCreado,
} from '@nexbyte/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startCarrierStandIn,
  type CarrierStandIn,
} from '../../../../../scripts/lib/carrier-stand-in.mjs';
import { bearer, createTestApp, type TestContext } from '../../test/test-app';
import { correos } from '../mail/mail.schema';
import { pedidos } from '../orders/orders.schema';
import {
  GUEST,
  getOrder,
  postOrder,
  productNamed,
  setStatus,
  setStock,
} from '../orders/orders.fixtures';
import { coverageAreasOf } from './coverage';
import { envios } from './shipping.schema';

// 'Crear envío' and tracking (decision 036), against the carrier's stand-in.
let t: TestContext;
let standIn: CarrierStandIn;
let mouse: Awaited<ReturnType<typeof productNamed>>;

beforeAll(async () => {
  standIn = await startCarrierStandIn({ areas: coverageAreasOf() });
  t = await createTestApp({
    CARRIER_API_URL: standIn.url,
    CARRIER_TIMEOUT_MS: '1000',
    SHIPMENT_STUCK_DAYS: '5',
    ORDER_SWEEP_INTERVAL_SECONDS: '0',
  });
  mouse = await productNamed(t.app.db, 'Mouse Logitech G203 Lightsync');
  await setStock(t.app.db, mouse.id, 80);
});
afterAll(async () => {
  await t.close();
  await standIn.close();
});

let buyers = 0;
/** A guest's order to Valparaíso with the carrier's first service, paid unless said otherwise. */
async function order(paid = true, direccion = 'Av. Brasil 2950'): Promise<PedidoCreado> {
  const items = [{ productoId: mouse.id, qty: 1 }];
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/envios/opciones',
    payload: { items, region: 'Valparaíso', comuna: 'Valparaíso' },
  });
  const [chosen] = res.json<OpcionesEnvio>().opciones;
  const placed = await postOrder(t, {
    ...GUEST,
    correo: `envio.${++buyers}@gmail.com`,
    region: 'Valparaíso',
    comuna: 'Valparaíso',
    direccion,
    items,
    envioCotizado: chosen!.cotizacion,
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const created = placed.json<PedidoCreado>();
  if (paid) expect((await setStatus(t, created.numero, 'PAGADO')).statusCode).toBe(200);
  return created;
}

const createShipment = (numero: string, token = t.adminToken) =>
  t.app.inject({ method: 'POST', url: `/api/pedidos/${numero}/envio`, headers: bearer(token) });

const orderId = async (numero: string) => {
  const [row] = await t.app.db
    .select({ id: pedidos.id })
    .from(pedidos)
    .where(eq(pedidos.numero, numero));
  return row!.id;
};

const ordersFor = (numero: string) => standIn.orders.filter((o) => o.reference === numero);

describe("'Crear envío'", () => {
  it('crea una sola orden de transporte aunque el clic se repita o llegue dos veces a la vez', async () => {
    const placed = await order();
    const [first, second] = await Promise.all([
      createShipment(placed.numero),
      createShipment(placed.numero),
    ]);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    const retried = await createShipment(placed.numero);
    expect(retried.json<{ creado: boolean }>().creado).toBe(false);
    expect(ordersFor(placed.numero)).toHaveLength(1);
    const envio = first.json<{ envio: EnvioPedido }>().envio;
    expect(envio.numeroOt).toBe(ordersFor(placed.numero)[0]!.number);
    expect(second.json<{ envio: EnvioPedido }>().envio.numeroOt).toBe(envio.numeroOt);

    // The order is ENVIADO with the tracking number, and the buyer's e-mail is queued.
    const seen = (await getOrder(t, placed.numero, { acceso: placed.acceso! })).json<Pedido>();
    expect(seen.estado).toBe('ENVIADO');
    expect(seen.seguimiento).toEqual({ transportista: 'Chilexpress', numero: envio.numeroOt });
    await t.app.mailer.settled();
    const mails = await t.app.db
      .select()
      .from(correos)
      .where(eq(correos.para, seen.cliente.correo));
    expect(mails.some((m) => (m.texto ?? '').includes(envio.numeroOt!))).toBe(true);
  });

  it('mientras otra instancia lo crea, espera su orden de transporte y no pide otra', async () => {
    const placed = await order();
    const pedidoId = await orderId(placed.numero);
    // Another instance holds the claim and is waiting for the carrier.
    await t.app.db.execute(
      sql`update envios set creando_hasta = now() + interval '10 seconds' where pedido_id = ${pedidoId}`,
    );
    const waiting = createShipment(placed.numero);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await t.app.db.execute(
      sql`update envios set numero_ot = 'OT-OTRA', creando_hasta = null where pedido_id = ${pedidoId}`,
    );
    const res = await waiting;
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ creado: boolean; envio: EnvioPedido }>()).toMatchObject({
      creado: false,
      envio: { numeroOt: 'OT-OTRA' },
    });
    expect(ordersFor(placed.numero)).toHaveLength(0);
  });

  it('si la otra instancia murió sin crearlo, su reserva vence y el envío se crea', async () => {
    const placed = await order();
    const pedidoId = await orderId(placed.numero);
    await t.app.db.execute(
      sql`update envios set creando_hasta = now() + interval '400 milliseconds' where pedido_id = ${pedidoId}`,
    );
    const gaveUp = await createShipment(placed.numero);
    expect(gaveUp.statusCode).toBe(409);
    expect(gaveUp.json<{ message: string }>().message).toBe(SHIPMENT_MESSAGES.creating);
    expect(ordersFor(placed.numero)).toHaveLength(0);
    const res = await createShipment(placed.numero);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ creado: boolean }>().creado).toBe(true);
    expect(ordersFor(placed.numero)).toHaveLength(1);
  });

  it('si el transportista rechaza la orden, el envío queda libre para reintentarlo', async () => {
    const placed = await order();
    standIn.mode = 'refuse';
    try {
      const refused = await createShipment(placed.numero);
      expect(refused.statusCode).toBe(502);
    } finally {
      standIn.mode = 'accept';
    }
    const res = await createShipment(placed.numero);
    expect(res.statusCode, res.body).toBe(200);
    expect(ordersFor(placed.numero)).toHaveLength(1);
  });

  it.each([
    ['Av. Brasil 2950', { streetName: 'Av. Brasil', streetNumber: 2950, supplement: '' }],
    [
      'Av. Pedro Montt 1234, depto 501',
      { streetName: 'Av. Pedro Montt', streetNumber: 1234, supplement: 'depto 501' },
    ],
    [
      'Calle 5 Norte 1120 of. 45',
      { streetName: 'Calle 5 Norte', streetNumber: 1120, supplement: 'of. 45' },
    ],
    ['Los Olmos s/n', { streetName: 'Los Olmos', streetNumber: 0, supplement: 'S/N' }],
    [
      'Camino La Pólvora km 12, parcela 4',
      { streetName: 'Camino La Pólvora', streetNumber: 0, supplement: 'S/N, km 12, parcela 4' },
    ],
  ])('envía %j al transportista como calle, número y complemento', async (direccion, address) => {
    const placed = await order(true, direccion);
    const res = await createShipment(placed.numero);
    expect(res.statusCode, res.body).toBe(200);
    expect(ordersFor(placed.numero)).toEqual([expect.objectContaining({ address })]);
  });

  it('guarda la etiqueta en PDF, que el admin abre', async () => {
    const placed = await order();
    const made = (await createShipment(placed.numero)).json<{ envio: EnvioPedido }>().envio;
    expect(made.etiqueta).toBe(true);
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/pedidos/${placed.numero}/etiqueta.pdf`,
      headers: bearer(t.adminToken),
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.body).toContain(made.numeroOt!);
    const client = await t.app.inject({
      method: 'GET',
      url: `/api/pedidos/${placed.numero}/etiqueta.pdf`,
      headers: bearer(t.clientToken),
    });
    expect(client.statusCode).toBe(403);
  });

  it('un pedido sin pagar responde 409 y no llama al transportista', async () => {
    const placed = await order(false);
    const before = standIn.orders.length;
    const res = await createShipment(placed.numero);
    expect(res.statusCode).toBe(409);
    expect(standIn.orders.length).toBe(before);
  });

  it('varios pedidos a la vez desde la lista: cada uno con su resultado', async () => {
    const [a, b, unpaid] = [await order(), await order(), await order(false)];
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/envios/crear',
      headers: bearer(t.adminToken),
      payload: { numeros: [a.numero, b.numero, unpaid.numero] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { resultados } = res.json<{
      resultados: { numero: string; ok: boolean; mensaje: string | null }[];
    }>();
    expect(resultados.map((r) => r.ok)).toEqual([true, true, false]);
    expect(resultados[2]!.mensaje).toBe('Solo un pedido pagado se envía.');
    expect(ordersFor(a.numero)).toHaveLength(1);
    expect(ordersFor(b.numero)).toHaveLength(1);
  });
});

describe('seguimiento', () => {
  it("el trabajo periódico lleva los eventos al pedido y 'Entregado' lo pasa a ENTREGADO una sola vez", async () => {
    const placed = await order();
    const envio = (await createShipment(placed.numero)).json<{ envio: EnvioPedido }>().envio;
    const read = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/pedidos/${placed.numero}/envio`,
          headers: { 'pedido-acceso': placed.acceso! },
        })
      ).json<EnvioPedido>();

    standIn.advance(envio.numeroOt!, 'En reparto');
    await t.app.shipments.pollTracking();
    expect((await read()).estado).toBe('En reparto');
    expect(
      (await getOrder(t, placed.numero, { acceso: placed.acceso! })).json<Pedido>().estado,
    ).toBe('ENVIADO');

    standIn.advance(envio.numeroOt!, 'Entregado');
    await t.app.shipments.pollTracking();
    await t.app.shipments.pollTracking();
    const seen = await read();
    expect(seen.eventos.map((e) => e.descripcion)).toEqual([
      'Orden de transporte creada',
      'En reparto',
      'Entregado',
    ]);
    expect(seen.entregadoAt).not.toBeNull();
    const pedido = (await getOrder(t, placed.numero, { acceso: placed.acceso! })).json<Pedido>();
    expect(pedido.estado).toBe('ENTREGADO');
    expect(pedido.eventos.filter((e) => e.a === 'ENTREGADO')).toHaveLength(1);
    // Nobody else reads the shipment without the order's key.
    const stranger = await t.app.inject({
      method: 'GET',
      url: `/api/pedidos/${placed.numero}/envio`,
    });
    expect(stranger.statusCode).toBe(404);
  });

  it('un envío sin entregar después de SHIPMENT_STUCK_DAYS sale en la lista de atrasados', async () => {
    const placed = await order();
    await createShipment(placed.numero);
    const id = Number(placed.numero.replace('NB-', ''));
    await t.app.db
      .update(envios)
      .set({ enviadoAt: sql`now() - interval '6 days'` })
      .where(eq(envios.pedidoId, id));
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/envios/atrasados',
      headers: bearer(t.adminToken),
    });
    const stuck = res.json<EnvioPedido[]>();
    expect(stuck.map((s) => s.numero)).toContain(placed.numero);
    expect(stuck.every((s) => s.atrasado)).toBe(true);
  });
});
