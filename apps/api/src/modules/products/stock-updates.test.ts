import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { createTestApp, type TestContext } from '../../test/test-app';
import { productNamed, setStock } from '../orders/orders.fixtures';
import { takeStock } from './inventory';

// A sale moves a product's stock and nothing else of its row. With no index naming the stock
// (not even in a predicate), PostgreSQL keeps such an update on the row's page (a HOT update)
// and writes none of the table's indexes: a sale costs one row, not seventeen index entries.
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('el stock de una venta', () => {
  it('no lo nombra ningún índice de productos', async () => {
    const rows = rowsOf<{ indice: string }>(
      await t.app.db.execute(sql`
        select indexrelid::regclass::text as indice from pg_index
         where indrelid = 'productos'::regclass
           and pg_get_indexdef(indexrelid) ~ '\mstock\M'`),
    );
    expect(rows).toEqual([]);
  });

  it('se descuenta sin escribir los índices de la tabla (actualización HOT)', async () => {
    const mouse = await productNamed(t.app.db, 'Mouse Logitech G203 Lightsync');
    await setStock(t.app.db, mouse.id, 100);
    const counts = await t.app.db.transaction(async (tx) => {
      for (let sale = 0; sale < 10; sale++) {
        await takeStock(tx, [{ productoId: mouse.id, qty: 1 }]);
      }
      return rowsOf<{ updates: number; hot: number }>(
        await tx.execute(sql`
          select n_tup_upd::int as updates, n_tup_hot_upd::int as hot
            from pg_stat_xact_user_tables where relname = 'productos'`),
      )[0]!;
    });
    expect(counts.updates).toBeGreaterThanOrEqual(10);
    // A page with no room left sends an update elsewhere now and then; most stay on it. With an
    // index naming the stock, none does.
    expect(counts.hot).toBeGreaterThanOrEqual(counts.updates / 2);
  });
});
