import { buildDomainSchemas } from '@nexbyte/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseBusyError } from '../../db/priority-gate';
import { createTestApp, type TestContext } from '../../test/test-app';
import { GUEST, postOrder, productNamed, setStock, stockOf } from '../orders/orders.fixtures';
import { PLACE_ORDER_STEPS, type Checkout, type PlaceOrderInput } from './place-order';
import type { Step } from './workflow';

// Orders are placed ORDER_CONCURRENCY at a time per instance (decision 038): the others wait
// their turn, for at most ORDER_QUEUE_WAIT_MS, and the job queue's workers wait while they do.
const READS_FIRST_MS = 600;
let t: TestContext;
let mouse: Awaited<ReturnType<typeof productNamed>>;

beforeAll(async () => {
  t = await createTestApp({
    ORDER_CONCURRENCY: '1',
    ORDER_QUEUE_WAIT_MS: '400',
    ORDER_READS_FIRST_MS: String(READS_FIRST_MS),
  });
  mouse = await productNamed(t.app.db, 'Mouse Logitech G203 Lightsync');
  await setStock(t.app.db, mouse.id, 50);
});
afterAll(() => t.close());

function guestInput(correo: string): PlaceOrderInput {
  const { pedido } = buildDomainSchemas(t.config.allowedEmailDomains);
  const request = pedido.parse({ ...GUEST, correo, items: [{ productoId: mouse.id, qty: 1 }] });
  return { request, user: null };
}

/** The steps of an order that stops before it commits until `go` is called. */
function heldOrder() {
  let go!: () => void;
  let reached!: () => void;
  const released = new Promise<void>((resolve) => (go = resolve));
  const started = new Promise<void>((resolve) => (reached = resolve));
  const hold: Step<Checkout> = {
    name: 'en espera',
    async run() {
      reached();
      await released;
    },
  };
  return { steps: [...PLACE_ORDER_STEPS, hold], started, go };
}

describe('la fila de los pedidos', () => {
  it('places one order at a time: the next waits, then goes through', async () => {
    const stock = await stockOf(t.app.db, mouse.id);
    const first = heldOrder();
    const placing = t.app.checkout.placeOrder(guestInput('fila.uno@gmail.com'), first.steps);
    await first.started;
    let secondDone = false;
    const second = postOrder(t, {
      ...GUEST,
      correo: 'fila.dos@gmail.com',
      items: [{ productoId: mouse.id, qty: 1 }],
    }).then((answer) => ((secondDone = true), answer));
    // Within its wait, the second has not even begun while the first holds the turn.
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(secondDone).toBe(false);
    first.go();
    expect((await placing).numero).toMatch(/^NB-\d{6}$/);
    expect((await second).statusCode).toBe(201);
    expect(await stockOf(t.app.db, mouse.id)).toBe(stock - 2);
  });

  it('answers 503 with Retry-After to an order that waits longer than ORDER_QUEUE_WAIT_MS', async () => {
    const stock = await stockOf(t.app.db, mouse.id);
    const first = heldOrder();
    const placing = t.app.checkout.placeOrder(guestInput('fila.tres@gmail.com'), first.steps);
    await first.started;
    try {
      await expect(
        t.app.checkout.placeOrder(guestInput('fila.cuatro@gmail.com')),
      ).rejects.toBeInstanceOf(DatabaseBusyError);
      const answer = await postOrder(t, {
        ...GUEST,
        correo: 'fila.cinco@gmail.com',
        items: [{ productoId: mouse.id, qty: 1 }],
      });
      expect(answer.statusCode).toBe(503);
      expect(answer.headers['retry-after']).toBeDefined();
      expect(JSON.stringify(answer.json())).not.toMatch(/select|insert|at .*\.ts/i);
    } finally {
      first.go();
    }
    await placing;
    // Only the order that had its turn took stock.
    expect(await stockOf(t.app.db, mouse.id)).toBe(stock - 1);
  });

  it('lets shoppers’ answers being read from the database finish before an order starts, for a bounded time', async () => {
    const stock = await stockOf(t.app.db, mouse.id);
    const cache = t.app.catalogCache;
    const reading = cache.join('/api/productos?lectura=en-curso');
    expect(reading.leader).toBe(true);
    let placed = false;
    const placing = t.app.checkout
      .placeOrder(guestInput('fila.ocho@gmail.com'))
      .then((order) => ((placed = true), order));
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(placed).toBe(false);
    expect(await stockOf(t.app.db, mouse.id)).toBe(stock);
    cache.settle(reading.build, null);
    expect((await placing).numero).toMatch(/^NB-\d{6}$/);
    expect(await stockOf(t.app.db, mouse.id)).toBe(stock - 1);

    // An answer that never ends holds an order for ORDER_READS_FIRST_MS, no longer.
    const stuck = cache.join('/api/productos?lectura=colgada');
    const started = performance.now();
    try {
      await t.app.checkout.placeOrder(guestInput('fila.nueve@gmail.com'));
      const waited = performance.now() - started;
      expect(waited).toBeGreaterThanOrEqual(READS_FIRST_MS - 50);
      expect(waited).toBeLessThan(READS_FIRST_MS + 1_500);
    } finally {
      cache.settle(stuck.build, null);
    }
    expect(cache.building).toBe(0);
  });

  it('holds the job queue’s workers while orders wait their turn', async () => {
    const first = heldOrder();
    const placing = t.app.checkout.placeOrder(guestInput('fila.seis@gmail.com'), first.steps);
    await first.started;
    const waiting = t.app.checkout.placeOrder(guestInput('fila.siete@gmail.com'));
    // The workers ask before each batch (JobQueue.giveWayWhile): orders are waiting now.
    expect(t.app.jobs.givingWay()).toBe(true);
    first.go();
    await Promise.all([placing, waiting]);
    expect(t.app.jobs.givingWay()).toBe(false);
  });
});
