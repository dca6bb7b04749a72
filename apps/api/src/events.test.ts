import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventBus, type OrderFact } from './events';
import { GUEST, productNamed } from './modules/orders/orders.fixtures';
import { createTestApp, type TestContext } from './test/test-app';

const fact: OrderFact = { id: 1, numero: 'NB-000001', de: null, a: 'PENDIENTE_PAGO' };

/** A real logger that keeps its lines, to see what the bus logged. */
function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { log: Fastify({ logger: { stream: sink } }).log, lines };
}

describe('EventBus', () => {
  it('un suscriptor que falla se registra y no impide que los demás reciban el evento', async () => {
    const { log, lines } = capturingLogger();
    const bus = new EventBus(log);
    const seen: string[] = [];
    bus.on('pedido.creado', () => {
      throw new Error('se cayó el suscriptor');
    });
    bus.on('pedido.creado', async () => {
      throw new Error('se cayó el suscriptor asíncrono');
    });
    bus.on('pedido.creado', (data) => void seen.push(data.numero));
    expect(() => bus.publish([{ name: 'pedido.creado', data: fact }])).not.toThrow();
    await bus.settled();
    expect(seen).toEqual(['NB-000001']);
    expect(lines.filter((l) => l.msg === 'falló un suscriptor de un evento')).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      evento: 'pedido.creado',
      err: { message: 'se cayó el suscriptor' },
    });
  });

  it('solo llama a los suscriptores de ese evento', async () => {
    const bus = new EventBus(capturingLogger().log);
    const seen: string[] = [];
    bus.on('pedido.pagado', () => void seen.push('pagado'));
    bus.publish([{ name: 'pedido.creado', data: fact }]);
    await bus.settled();
    expect(seen).toEqual([]);
  });
});

describe('los eventos en una compra', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('un suscriptor que falla no rompe la respuesta, y el pedido ya está guardado cuando se entera', async () => {
    const mouse = await productNamed(t.app.db, 'Mouse Logitech G203 Lightsync');
    const visible: (string | undefined)[] = [];
    t.app.events.on('pedido.creado', () => {
      throw new Error('se cayó el suscriptor');
    });
    t.app.events.on('pedido.creado', async ({ numero, acceso }) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/pedidos/${numero}`,
        headers: { 'pedido-acceso': acceso! },
      });
      visible.push(res.json<{ numero?: string }>().numero);
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/pedidos',
      payload: { ...GUEST, items: [{ productoId: mouse.id, qty: 1 }] },
    });
    expect(res.statusCode).toBe(201);
    await t.app.events.settled();
    expect(visible).toEqual([res.json<{ numero: string }>().numero]);
  });
});
