import type { InformeImportacion, Producto } from '@nexbyte/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestContext } from '../../test/test-app';
import { productos } from './products.schema';

// A product's weight and size: the admin form, the CSV import and export, and the demo catalogue.
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const send = (method: 'POST' | 'PUT', url: string, payload: object) =>
  t.app.inject({ method, url, payload, headers: bearer(t.adminToken) });

const categoriaId = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/categorias' })).json<{ id: number }[]>()[0]!.id;

const base = async () => ({
  nombre: 'Gabinete de prueba con medidas',
  precio: 59990,
  stock: 3,
  categoria: { id: await categoriaId() },
});

describe('medidas en el formulario del producto', () => {
  it('se guardan, se leen, se conservan si no se envían y se borran con null', async () => {
    const medidas = { pesoKg: 7.25, largoCm: 46, anchoCm: 23.5, altoCm: 48 };
    const created = await send('POST', '/api/productos', { ...(await base()), medidas });
    expect(created.statusCode, created.body).toBe(201);
    const product = created.json<Producto>();
    expect(product.medidas).toEqual(medidas);

    const kept = await send('PUT', `/api/productos/${product.id}`, {
      ...(await base()),
      precio: 54990,
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json<Producto>().medidas).toEqual(medidas);

    const cleared = await send('PUT', `/api/productos/${product.id}`, {
      ...(await base()),
      medidas: null,
    });
    expect(cleared.json<Producto>().medidas).toBeNull();
  });

  it('rechaza un peso cero y medidas incompletas con el mensaje del campo', async () => {
    const res = await send('POST', '/api/productos', {
      ...(await base()),
      medidas: { pesoKg: 0, largoCm: 10, anchoCm: 10 },
    });
    expect(res.statusCode).toBe(400);
    const { errors } = res.json<{ errors: Record<string, string> }>();
    expect(Object.keys(errors).some((k) => k.startsWith('medidas'))).toBe(true);
  });
});

describe('medidas en el CSV', () => {
  const importCsv = (csv: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/productos/importar',
      headers: { ...bearer(t.adminToken), 'content-type': 'text/csv' },
      payload: csv,
    });
  const bySku = async (sku: string) =>
    (await t.app.db.select().from(productos).where(eq(productos.sku, sku)))[0]!;

  it('importa peso y medidas con coma decimal; una fila sin esas columnas no las toca', async () => {
    const first = await importCsv(
      'sku;nombre;categoria;precio;stock;peso_kg;largo_cm;ancho_cm;alto_cm\n' +
        'MED-1;Fuente con medidas;Componentes;45990;4;2,35;25;22;10,5\n',
    );
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<InformeImportacion>().creadas).toBe(1);
    let row = await bySku('MED-1');
    expect([row.pesoKg, row.largoCm, row.anchoCm, row.altoCm].map(Number)).toEqual([
      2.35, 25, 22, 10.5,
    ]);

    const prices = await importCsv('sku;precio\nMED-1;44990\n');
    expect(prices.json<InformeImportacion>().actualizadas).toBe(1);
    row = await bySku('MED-1');
    expect(Number(row.pesoKg)).toBe(2.35);

    const same = await importCsv('sku;peso_kg;largo_cm;ancho_cm;alto_cm\nMED-1;2,35;25;22;10,5\n');
    expect(same.json<InformeImportacion>().sinCambios).toBe(1);
  });

  it('rechaza la fila con medidas a medias o un peso que no es número', async () => {
    const res = await importCsv(
      'sku;nombre;categoria;precio;stock;peso_kg;largo_cm;ancho_cm;alto_cm\n' +
        'MED-2;Mouse a medias;Periféricos;9990;4;0,2;;;\n' +
        'MED-3;Mouse sin peso;Periféricos;9990;4;liviano;10;6;4\n',
    );
    const report = res.json<InformeImportacion>();
    expect(report.errores).toBe(2);
    expect(report.filas.map((f) => f.motivo)).toEqual([
      expect.stringContaining('cm'),
      expect.stringContaining('kg'),
    ]);
  });

  it('exporta las cuatro columnas, vacías si no se conocen', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/productos/exportar.csv',
      headers: bearer(t.adminToken),
    });
    const lines = res.body.replace('\uFEFF', '').trim().split('\r\n');
    const header = lines[0]!.split(';');
    const cells = lines.find((l) => l.startsWith('MED-1;'))!.split(';');
    const at = (column: string) => cells[header.indexOf(column)];
    expect(['peso_kg', 'largo_cm', 'ancho_cm', 'alto_cm'].map(at)).toEqual([
      '2,35',
      '25',
      '22',
      '10,5',
    ]);
    const mouse = lines.find((l) => l.startsWith('MED-2;') || l.includes('Mouse Logitech G203'))!;
    expect(mouse.split(';')[header.indexOf('peso_kg')]).not.toBe('');
  });
});

describe('catálogo de demostración', () => {
  it('cada producto de la demostración trae peso y medidas; un gabinete pesa más que un mouse', async () => {
    const rows = await t.app.db.select().from(productos);
    const demo = rows.filter((r) => !r.sku.startsWith('MED-') && !r.nombre.includes('de prueba'));
    expect(demo.filter((r) => r.pesoKg === null)).toEqual([]);
    const weight = (name: RegExp) => Number(demo.find((r) => name.test(r.nombre))!.pesoKg);
    expect(weight(/^Gabinete/)).toBeGreaterThan(weight(/^Mouse/) * 10);
  });
});
