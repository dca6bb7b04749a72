import type { Importacion } from '@nexbyte/shared';
import { count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guestOrder } from '../orders/orders.fixtures';
import { productos } from '../products/products.schema';
import { bearer, createTestApp, type TestContext } from '../../test/test-app';
import { importProducts, openImport } from './product-import';

// Imports while the shop sells, and the bounds of a file: rows, columns, line length, and large
// files run as a job with progress. `t` runs files over 4 KB as jobs; `small` takes 3 rows.
let t: TestContext;
let small: TestContext;
beforeAll(async () => {
  [t, small] = await Promise.all([
    createTestApp({
      IMPORT_SYNC_MAX_BYTES: '4096',
      IMPORT_MAX_COLUMNS: '12',
      IMPORT_MAX_LINE_CHARS: '1024',
    }),
    createTestApp({ IMPORT_MAX_ROWS: '3' }),
  ]);
});
afterAll(() => Promise.all([t.close(), small.close()]));

const HEADER = 'sku;nombre;marca;categoria;precio;stock;activo;descripcion;especificaciones';

const importCsv = (app: TestContext, csv: string | Buffer, query = '') =>
  app.app.inject({
    method: 'POST',
    url: `/api/productos/importar${query}`,
    headers: { ...bearer(app.adminToken), 'content-type': 'text/csv' },
    payload: csv,
  });

const job = async (id: string, token = t.adminToken) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/productos/importaciones/${id}`,
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Importacion>();
};

/** Polls a job until it ends, keeping every state seen on the way. */
async function finished(id: string): Promise<{ last: Importacion; seen: Importacion[] }> {
  const seen: Importacion[] = [];
  for (;;) {
    const state = await job(id);
    seen.push(state);
    if (state.estado !== 'en_curso') return { last: state, seen };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const bySku = async (app: TestContext, sku: string) => {
  const [row] = await app.app.db.select().from(productos).where(eq(productos.sku, sku));
  return row;
};

const rows = (prefix: string, n: number) =>
  Array.from(
    { length: n },
    (_, i) =>
      `${prefix}-${i};Producto ${prefix} ${i};Marca ${i % 7};Componentes;$${(5000 + i).toLocaleString('es-CL')};${i % 30};sí;Producto para probar importaciones grandes.;Capacidad=${i} GB`,
  );

describe('an import while the shop sells', () => {
  it('a file of sku;precio changes the price only: a sale made meanwhile is not sold again', async () => {
    const created = await importCsv(
      t,
      `${HEADER}\nVENTA-1;Monitor de prueba 27";LG;Monitores;$150.000;54;sí;Panel IPS.;`,
    );
    expect(created.statusCode, created.body).toBe(200);
    const product = (await bySku(t, 'VENTA-1'))!;
    expect(product.stock).toBe(54);

    // A price-only file; while the import runs (after it read the product, before it writes),
    // a shopper buys 5 and the owner renames the product.
    const file = await openImport(Buffer.from('sku;precio\nVENTA-1;$139.990\n'), {
      maxRows: 100,
      maxColumns: 20,
      maxLineChars: 4096,
    });
    let sold = false;
    const informe = await importProducts(t.app.db, file, {
      simular: false,
      validas: true,
      onProgress: async ({ fase }) => {
        if (fase !== 'revisando' || sold) return;
        sold = true;
        await guestOrder(t, [{ productoId: product.id, qty: 5 }]);
        await t.app.db
          .update(productos)
          .set({ nombre: 'Monitor de prueba 27" renombrado' })
          .where(eq(productos.id, product.id));
      },
    });
    expect(sold).toBe(true);
    expect(informe).toMatchObject({ actualizadas: 1, errores: 0, aplicada: true });
    expect(await bySku(t, 'VENTA-1')).toMatchObject({
      stock: 49,
      precio: '139990.00',
      nombre: 'Monitor de prueba 27" renombrado',
      descripcion: 'Panel IPS.',
    });
  });

  it('a file with stock moves it by what the file changed, keeping the sale', async () => {
    const product = (await bySku(t, 'VENTA-1'))!;
    const file = await openImport(Buffer.from(`sku;stock\nVENTA-1;${product.stock + 10}\n`), {
      maxRows: 100,
      maxColumns: 20,
      maxLineChars: 4096,
    });
    let sold = false;
    await importProducts(t.app.db, file, {
      simular: false,
      validas: false,
      onProgress: async ({ fase }) => {
        if (fase !== 'revisando' || sold) return;
        sold = true;
        await guestOrder(t, [{ productoId: product.id, qty: 2 }]);
      },
    });
    // Read 49, the file says 59 (+10), 2 sold meanwhile: 57.
    expect((await bySku(t, 'VENTA-1'))!.stock).toBe(product.stock + 10 - 2);
  });

  it('over HTTP, with validas=1 and only sku;precio, the stock stays what the sales left', async () => {
    const product = (await bySku(t, 'VENTA-1'))!;
    await guestOrder(t, [{ productoId: product.id, qty: 1 }]);
    const res = await importCsv(t, 'sku;precio\nVENTA-1;$129.990\n', '?validas=1');
    expect(res.statusCode, res.body).toBe(200);
    expect(await bySku(t, 'VENTA-1')).toMatchObject({
      stock: product.stock - 1,
      precio: '129990.00',
    });
  });
});

describe('the bounds of a file', () => {
  it('more rows than IMPORT_MAX_ROWS: 413 naming the limit, nothing written', async () => {
    const res = await importCsv(small, [HEADER, ...rows('FILAS', 4)].join('\n'));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('El archivo supera el máximo de 3 filas de productos.');
    const [row] = await small.app.db
      .select({ n: count() })
      .from(productos)
      .where(like(productos.sku, 'FILAS-%'));
    expect(row!.n).toBe(0);
    expect((await importCsv(small, [HEADER, ...rows('FILAS', 3)].join('\n'))).statusCode).toBe(200);
  });

  it('more columns than IMPORT_MAX_COLUMNS, in the header or a row: 400 naming the limit', async () => {
    const wide = await importCsv(t, `${HEADER};a;b;c;d\nANCHO-1;x\n`);
    expect(wide.statusCode).toBe(400);
    expect(wide.json().message).toBe('El archivo supera el máximo de 12 columnas.');
    const row = await importCsv(t, `${HEADER}\nANCHO-2${';x'.repeat(12)}\n`);
    expect(row.statusCode).toBe(400);
    expect(row.json().message).toBe('El archivo supera el máximo de 12 columnas.');
    expect(await bySku(t, 'ANCHO-2')).toBeUndefined();
  });

  it('a line longer than IMPORT_MAX_LINE_CHARS: 400 naming the line and the limit', async () => {
    const res = await importCsv(
      t,
      `${HEADER}\nLARGA-1;Nombre;;Audio;1000;1;sí;;\nLARGA-2;Nombre;;Audio;1000;1;sí;${'x'.repeat(1100)};\n`,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('La línea 3 del archivo supera el máximo de 1.024 caracteres.');
    // A quoted cell spanning lines counts as one record.
    const quoted = await importCsv(
      t,
      `${HEADER}\nLARGA-3;Nombre;;Audio;1000;1;sí;"${'linea corta\n'.repeat(100)}";\n`,
    );
    expect(quoted.statusCode).toBe(400);
    expect(quoted.json().message).toMatch(/supera el máximo de 1\.024 caracteres\.$/);
    expect(await bySku(t, 'LARGA-1')).toBeUndefined();
  });

  it('a file with NUL characters (saved as UTF-16): 400 saying how to save it', async () => {
    const utf16 = Buffer.from(`${HEADER}\nNUL-1;Nombre;;Audio;1000;1;sí;;\n`, 'utf16le');
    const res = await importCsv(t, utf16);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'La línea 1 del archivo tiene caracteres no permitidos: guárdalo como CSV UTF-8.',
    );
  });

  it('a header of ten million separators is refused at once, before a job starts', async () => {
    const header = Buffer.alloc(10_000_000, ';');
    header.write('sku', 0);
    const res = await importCsv(t, header);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('La línea 1 del archivo supera el máximo de 1.024 caracteres.');
  });
});

describe('a large import runs as a job', () => {
  it('answers 202 with the job, whose progress and report GET /importaciones/{id} gives', async () => {
    const csv = [HEADER, ...rows('JOB', 2500)].join('\r\n');
    const res = await importCsv(t, csv);
    expect(res.statusCode, res.body).toBe(202);
    const started = res.json<Importacion>();
    expect(started).toMatchObject({ estado: 'en_curso', filas: 0 });
    expect(res.headers.location).toBe(`/api/productos/importaciones/${started.id}`);

    const { last, seen } = await finished(started.id);
    expect(last.estado, JSON.stringify(last.error)).toBe('terminada');
    expect(last.informe).toMatchObject({ total: 2500, creadas: 2500, errores: 0, aplicada: true });
    // Progress was reported on the way: rows checked grew while the job ran.
    const during = seen.filter((s) => s.estado === 'en_curso');
    expect(during.some((s) => s.filas > 0 && s.filas < 2500)).toBe(true);
    expect(during.every((s) => s.avance >= 0 && s.avance <= 1)).toBe(true);
    expect(await bySku(t, 'JOB-2499')).toMatchObject({ precio: '7499.00', stock: 9 });
  }, 180_000);

  it('a catalogue request made while the job runs is answered before the job ends', async () => {
    const res = await importCsv(t, [HEADER, ...rows('LECTURA', 3000)].join('\n'), '?simular=1');
    expect(res.statusCode, res.body).toBe(202);
    const { id } = res.json<Importacion>();
    const catalogue = await t.app.inject({ method: 'GET', url: '/api/productos?q=monitor' });
    expect(catalogue.statusCode).toBe(200);
    expect((await job(id)).estado).toBe('en_curso');
    const { last } = await finished(id);
    expect(last.informe).toMatchObject({ total: 3000, creadas: 3000, aplicada: false });
  }, 180_000);

  it('a failure inside the job is its error, and the job is only its starter’s to read', async () => {
    const res = await importCsv(
      t,
      [HEADER, ...rows('FALLA', 200), 'FALLA-X;"sin cerrar'].join('\n'),
    );
    expect(res.statusCode).toBe(202);
    const { id } = res.json<Importacion>();
    const { last } = await finished(id);
    expect(last).toMatchObject({
      estado: 'fallida',
      error: { statusCode: 400, message: expect.stringMatching(/^El archivo no se pudo leer/) },
    });
    expect(await bySku(t, 'FALLA-0')).toBeUndefined();
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/productos/importaciones/${id}`,
      headers: bearer(t.clientToken),
    });
    expect(other.statusCode).toBe(403);
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/productos/importaciones/00000000-0000-4000-8000-000000000000',
      headers: bearer(t.adminToken),
    });
    expect(unknown.statusCode).toBe(404);
  }, 180_000);
});
