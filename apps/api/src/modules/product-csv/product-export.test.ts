import type { InformeImportacion } from '@nexbyte/shared';
import { parse } from 'csv-parse/sync';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productos } from '../products/products.schema';
import { validProducto } from '../../test/payloads';
import { bearer, createTestApp, type TestContext } from '../../test/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** What a spreadsheet would run as a formula at the start of a cell or of a line. */
const FORMULA_START = /^[=+\-@\t\r]/;
const lines = (text: string) => text.split(/\r\n|\r|\n/);

describe('GET /api/productos/exportar.csv with line breaks in a cell', () => {
  it('keeps every line of a cell from starting a formula, and the import reads it back', async () => {
    const nombre = "Mouse\n=cmd|' /C calc'!A0";
    const descripcion = 'Línea uno\r\n+56 9 1234 5678\r-1\n@SUM(A1)\n\tx\r\n\r\nfin';
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/productos',
      headers: bearer(t.adminToken),
      payload: { ...validProducto(1, nombre), descripcion, sku: 'CSV-SALTOS' },
    });
    expect(created.statusCode, created.body).toBe(201);

    const res = await t.app.inject({
      method: 'GET',
      url: '/api/productos/exportar.csv',
      headers: bearer(t.adminToken),
    });
    expect(res.statusCode).toBe(200);
    const raw = lines(res.body.replace(/^\uFEFF/, ''));
    expect(raw.filter((line) => FORMULA_START.test(line))).toEqual([]);

    const rows = parse(res.body, { bom: true, delimiter: ';' }) as string[][];
    const products = (await t.app.db.select({ n: count() }).from(productos))[0]!.n;
    expect(rows).toHaveLength(products + 1);
    for (const cell of rows.flat()) {
      for (const line of lines(cell)) expect(line).not.toMatch(FORMULA_START);
    }
    const row = rows.find((r) => r[0] === 'CSV-SALTOS')!;
    expect(row[1]).toBe("Mouse\n'=cmd|' /C calc'!A0");

    // The export is the import's format: read back, the product is unchanged.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/productos/importar',
      headers: { ...bearer(t.adminToken), 'content-type': 'text/csv' },
      payload: res.body,
    });
    expect(again.statusCode, again.body).toBe(200);
    const report = again.json<InformeImportacion>();
    expect(report.errores).toBe(0);
    expect(report.filas.find((f) => f.sku === 'CSV-SALTOS')?.resultado).toBe('sin_cambios');
    const [stored] = await t.app.db
      .select({ nombre: productos.nombre, descripcion: productos.descripcion })
      .from(productos)
      .where(eq(productos.sku, 'CSV-SALTOS'));
    expect(stored).toEqual({ nombre, descripcion });
  });
});
