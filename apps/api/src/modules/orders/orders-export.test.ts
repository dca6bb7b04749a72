import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pedidos } from './orders.schema';
import { bearer, createTestApp, type TestContext } from '../../test/test-app';
import { guestOrder, productNamed } from './orders.fixtures';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** What a spreadsheet would run as a formula at the start of a cell or of a line. */
const FORMULA_START = /^[=+\-@\t\r]/;

describe('GET /api/pedidos/exportar.csv with line breaks in a cell', () => {
  it('keeps a name with a line break and a formula in its cell, as text', async () => {
    const product = await productNamed(t.app.db, 'Mouse Logitech G203 Lightsync');
    const hostile = "Ana\n=cmd|' /C calc'!A0";
    const placed = await guestOrder(t, [{ productoId: product.id, qty: 1 }], {
      nombre: hostile,
    });

    const res = await t.app.inject({
      method: 'GET',
      url: '/api/pedidos/exportar.csv',
      headers: bearer(t.adminToken),
    });
    expect(res.statusCode).toBe(200);

    // No raw line of the file starts a formula: a reader that splits on line breaks sees none.
    const rawLines = res.body.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
    expect(rawLines.filter((line) => FORMULA_START.test(line))).toEqual([]);

    // A real CSV reader gets one row per order, and no cell (or line of a cell) starts a formula.
    const rows = parse(res.body, { bom: true, delimiter: ';' }) as string[][];
    const orders = (await t.app.db.select({ id: pedidos.id }).from(pedidos)).length;
    expect(rows).toHaveLength(orders + 1);
    for (const cell of rows.flat()) {
      for (const line of cell.split(/\r\n|\r|\n/)) expect(line).not.toMatch(FORMULA_START);
    }
    const row = rows.find((r) => r[0] === placed.numero)!;
    expect(row[4]).toBe("Ana\n'=cmd|' /C calc'!A0");
  });
});
