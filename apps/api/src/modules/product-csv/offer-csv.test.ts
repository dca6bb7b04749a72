import type { InformeImportacion, Producto } from '@nexbyte/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestContext } from '../../test/test-app';

// The offer's columns in the product CSV: price and dates as Chile's clocks show them, both ways.

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const BOM = '\uFEFF';
const HEADER = 'sku;nombre;categoria;precio;stock;precio_oferta;oferta_desde;oferta_hasta';

const report = async (csv: string, query = '') => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/productos/importar${query}`,
    headers: { ...bearer(t.adminToken), 'content-type': 'text/csv' },
    payload: csv,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<InformeImportacion>();
};

const exported = async () => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/productos/exportar.csv',
    headers: bearer(t.adminToken),
  });
  return res.body.replace(BOM, '').trim().split('\r\n');
};

async function bySku(sku: string): Promise<Producto> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/productos?q=${sku}&limite=1`,
    headers: bearer(t.adminToken),
  });
  return res.json<Producto[]>()[0]!;
}

describe('columnas de oferta del CSV de productos', () => {
  it('la importación guarda la oferta en hora de Chile y la exportación la escribe igual', async () => {
    const created = await report(
      `${HEADER}\nOFE-1;Teclado en oferta;Periféricos;$39.990;5;$29.990;2026-11-20 00:00;2026-11-30 23:59`,
    );
    expect(created.creadas).toBe(1);
    expect((await bySku('OFE-1')).oferta).toEqual({
      precio: 29990,
      desde: '2026-11-20T03:00:00.000Z',
      hasta: '2026-12-01T02:59:00.000Z',
    });
    const lines = await exported();
    const header = lines[0]!.split(';');
    const cells = lines.find((l) => l.startsWith('OFE-1;'))!.split(';');
    const at = (column: string) => cells[header.indexOf(column)];
    expect([at('precio_oferta'), at('oferta_desde'), at('oferta_hasta')]).toEqual([
      '29990',
      '2026-11-20 00:00',
      '2026-11-30 23:59',
    ]);
    // Read back unchanged.
    const again = await report(`${lines[0]}\n${cells.join(';')}`, '?simular=1');
    expect(again.sinCambios).toBe(1);
  });

  it('sin las columnas la oferta se conserva; con las tres vacías se quita', async () => {
    await report(
      `${HEADER}\nOFE-2;Mouse en oferta;Periféricos;20000;5;15000;2026-11-20 00:00;2026-12-20 00:00`,
    );
    await report('sku;precio\nOFE-2;21000');
    expect((await bySku('OFE-2')).oferta?.precio).toBe(15000);
    await report(`${HEADER}\nOFE-2;Mouse en oferta;Periféricos;21000;5;;;`);
    expect((await bySku('OFE-2')).oferta).toBeUndefined();
  });

  it('una oferta que no baja el precio, o sin fechas válidas, es una fila con error', async () => {
    const r = await report(
      `${HEADER}\nOFE-3;Caro;Periféricos;10000;1;10000;2026-11-20 00:00;2026-11-30 00:00\nOFE-4;Sin fecha;Periféricos;10000;1;9000;mañana;2026-11-30 00:00`,
    );
    expect(r.filas.map((f) => [f.resultado, f.motivo])).toEqual([
      ['error', 'El precio de oferta debe ser menor que el precio normal.'],
      ['error', 'Indica una fecha y hora válidas.'],
    ]);
  });
});
