import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pedidoItems } from './orders.schema';
import { createTestApp, DB_KIND, type TestContext } from '../../test/test-app';
import { GUEST, postOrder, productNamed, setStock, stockOf } from './orders.fixtures';

// PGlite is one connection: concurrent requests queue one behind another and prove nothing about
// locking (TOOLING.md). On PostgreSQL they really race, through a pool of connections.
describe.runIf(DB_KIND === 'postgres')('concurrent orders on PostgreSQL', () => {
  let t: TestContext;
  beforeAll(async () => {
    // Placed all at once, not in the orders' line (decision 038), so they race in the database.
    t = await createTestApp({ ORDER_SWEEP_INTERVAL_SECONDS: '0', ORDER_CONCURRENCY: '50' });
  });
  afterAll(() => t.close());

  it('50 buyers at once for a stock of 10: exactly 10 orders, stock 0, never below', async () => {
    const product = await productNamed(t.app.db, 'Monitor AOC 22" Full HD');
    await setStock(t.app.db, product.id, 10);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        postOrder(t, {
          ...GUEST,
          correo: `comprador${i}@gmail.com`,
          items: [{ productoId: product.id, qty: 1 }],
        }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(40);
    expect(await stockOf(t.app.db, product.id)).toBe(0);
    const [sold] = await t.app.db
      .select({ n: count() })
      .from(pedidoItems)
      .where(eq(pedidoItems.productoId, product.id));
    expect(sold!.n).toBe(10);
  });

  it('orders crossing the same products in opposite order never deadlock', async () => {
    const a = await productNamed(t.app.db, 'Cable HDMI 2.1 de 2 metros');
    const b = await productNamed(t.app.db, 'Pendrive Kingston DataTraveler 64 GB');
    await setStock(t.app.db, a.id, 40);
    await setStock(t.app.db, b.id, 40);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        postOrder(t, {
          ...GUEST,
          correo: `cruce${i}@gmail.com`,
          items:
            i % 2 === 0
              ? [
                  { productoId: a.id, qty: 1 },
                  { productoId: b.id, qty: 1 },
                ]
              : [
                  { productoId: b.id, qty: 1 },
                  { productoId: a.id, qty: 1 },
                ],
        }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(40).fill(201));
    expect([await stockOf(t.app.db, a.id), await stockOf(t.app.db, b.id)]).toEqual([0, 0]);
  });
});
