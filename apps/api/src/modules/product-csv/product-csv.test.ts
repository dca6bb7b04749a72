import { CSV_PRODUCT_COLUMNS, type InformeImportacion } from '@nexbyte/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productos } from '../products/products.schema';
import { VALID_USUARIO } from '../../test/payloads';
import { bearer, createTestApp, type TestContext } from '../../test/test-app';

let t: TestContext;
let vendorToken: string;
beforeAll(async () => {
  t = await createTestApp();
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/usuarios',
    headers: bearer(t.adminToken),
    payload: VALID_USUARIO,
  });
  expect(created.statusCode).toBe(201);
  vendorToken = await t.login({ correo: VALID_USUARIO.correo, pass: VALID_USUARIO.pass });
});
afterAll(() => t.close());

const HEADER = 'sku;nombre;marca;categoria;precio;stock;activo;descripcion;especificaciones';
const BOM = '\uFEFF';

const importCsv = (csv: string | Buffer, query = '', token = t.adminToken) =>
  t.app.inject({
    method: 'POST',
    url: `/api/productos/importar${query}`,
    headers: { ...bearer(token), 'content-type': 'text/csv' },
    payload: csv,
  });

const report = async (csv: string | Buffer, query = '') => {
  const res = await importCsv(csv, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<InformeImportacion>();
};

const bySku = async (sku: string) => {
  const [row] = await t.app.db.select().from(productos).where(eq(productos.sku, sku));
  return row;
};

const productCount = async () => (await t.app.db.select({ n: count() }).from(productos))[0]!.n;

const exportCsv = async (token = t.adminToken) =>
  t.app.inject({ method: 'GET', url: '/api/productos/exportar.csv', headers: bearer(token) });

describe('GET /api/productos/exportar.csv', () => {
  it('writes every product for Excel in Chile: BOM, semicolons, the documented columns', async () => {
    const res = await exportCsv();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="productos-.*\.csv"$/,
    );
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.body.replace(BOM, '').trim().split('\r\n');
    // The first nine columns, then the parcel's, the PC part's and the offer's (CSV_PRODUCT_COLUMNS).
    expect(lines[0]).toBe(CSV_PRODUCT_COLUMNS.join(';'));
    expect(lines[0]!.startsWith(`${HEADER};`)).toBe(true);
    expect(lines).toHaveLength(1 + (await productCount()));
    const mouse = lines.find((l) => l.includes('Mouse Logitech G203 Lightsync'))!;
    expect(mouse).toMatch(
      /^[A-Z0-9-]+;Mouse Logitech G203 Lightsync;[^;]*;Periféricos;19990;35;sí;/,
    );
    expect(lines.some((l) => l.includes(';no;'))).toBe(true);
  });

  it('writes specifications as nombre=valor separated by |', async () => {
    const created = await report(
      `${HEADER}\nEXP-1;SSD de exportación;Kingston;Almacenamiento;49990;3;sí;;Capacidad=1 TB|Interfaz=NVMe`,
    );
    expect(created.creadas).toBe(1);
    const line = (await exportCsv()).body.split('\r\n').find((l) => l.startsWith('EXP-1;'));
    expect(line).toBe(
      'EXP-1;SSD de exportación;Kingston;Almacenamiento;49990;3;sí;;Capacidad=1 TB|Interfaz=NVMe;;;;;;;;',
    );
  });

  it('keeps a cell that Excel would run as a formula from running, and reads it back', async () => {
    await report(`${HEADER}\nFORM-1;=HYPERLINK("http://x");;Audio;1000;1;sí;;`);
    const line = (await exportCsv()).body.split('\r\n').find((l) => l.startsWith('FORM-1;'));
    expect(line).toContain(`;"'=HYPERLINK(""http://x"")";`);
    const again = await report(`${HEADER}\n${line}`);
    expect(again.sinCambios).toBe(1);
    expect((await bySku('FORM-1'))!.nombre).toBe('=HYPERLINK("http://x")');
  });
});

describe('POST /api/productos/importar', () => {
  it('a dry run reports what would happen and writes nothing', async () => {
    const before = await productCount();
    const r = await report(
      `${HEADER}\nSIM-1;Mouse simulado;Logi;Periféricos;9990;5;sí;;`,
      '?simular=1',
    );
    expect(r).toMatchObject({ total: 1, creadas: 1, errores: 0, aplicada: false });
    expect(r.filas).toEqual([{ fila: 2, sku: 'SIM-1', resultado: 'creada' }]);
    expect(await productCount()).toBe(before);
    expect(await bySku('SIM-1')).toBeUndefined();
  });

  it('writes nothing when one row fails, and names the reason in Spanish', async () => {
    const before = await productCount();
    const r = await report(
      [
        HEADER,
        'BAD-1;Teclado uno;Redragon;Periféricos;19990;5;sí;;',
        'BAD-2;Teclado dos;Redragon;Teclados gamer;19990;5;sí;;',
        'BAD-3;Teclado tres;Redragon;Periféricos;-5;5;sí;;',
        ';Sin SKU;;Periféricos;100;1;sí;;',
      ].join('\n'),
    );
    expect(r).toMatchObject({ total: 4, creadas: 1, errores: 3, aplicada: false });
    expect(r.filas).toEqual([
      { fila: 2, sku: 'BAD-1', resultado: 'creada' },
      {
        fila: 3,
        sku: 'BAD-2',
        resultado: 'error',
        motivo: 'La categoría «Teclados gamer» no existe.',
      },
      { fila: 4, sku: 'BAD-3', resultado: 'error', motivo: 'El precio no puede ser negativo.' },
      { fila: 5, sku: '', resultado: 'error', motivo: 'El SKU es requerido para importar.' },
    ]);
    expect(await productCount()).toBe(before);
    expect(await bySku('BAD-1')).toBeUndefined();
  });

  it('with validas=1 writes the valid rows and reports the others', async () => {
    const r = await report(
      [
        HEADER,
        'VAL-1;Hub USB;Ugreen;Accesorios;12990;10;sí;;',
        'VAL-2;;Ugreen;Accesorios;12990;10;sí;;',
        'VAL-3;Cable HDMI;Ugreen;Accesorios;4990;abc;sí;;',
      ].join('\n'),
      '?validas=1',
    );
    expect(r).toMatchObject({ creadas: 1, errores: 2, aplicada: true });
    expect(r.filas[1]).toMatchObject({ resultado: 'error', motivo: 'El nombre es requerido.' });
    expect(r.filas[2]).toMatchObject({ motivo: 'El stock debe ser un número.' });
    expect(await bySku('VAL-1')).toMatchObject({ nombre: 'Hub USB', precio: '12990.00' });
    expect(await bySku('VAL-2')).toBeUndefined();
  });

  it('reads what Excel in Chile saves: BOM, semicolons, $12.990, quoted text with ; inside', async () => {
    const csv = Buffer.from(
      `${BOM}${HEADER}\r\nXL-1;"Monitor 24""; IPS";LG;monitores;$129.990;4;si;"Panel IPS; 75 Hz";Tamaño=24"|Frecuencia=75 Hz\r\nXL-2;Monitor 27;LG;Monitores;1.299.990;1;no;;\r\n`,
      'utf8',
    );
    const r = await report(csv);
    expect(r).toMatchObject({ creadas: 2, errores: 0, aplicada: true });
    expect(await bySku('XL-1')).toMatchObject({
      nombre: 'Monitor 24"; IPS',
      precio: '129990.00',
      activo: true,
      descripcion: 'Panel IPS; 75 Hz',
      especificaciones: [
        { nombre: 'Tamaño', valor: '24"' },
        { nombre: 'Frecuencia', valor: '75 Hz' },
      ],
    });
    expect(await bySku('XL-2')).toMatchObject({ precio: '1299990.00', activo: false });
  });

  it('reads commas as the separator, no BOM, and prices as plain digits', async () => {
    const r = await report(
      'sku,nombre,marca,categoria,precio,stock,activo,descripcion,especificaciones\nCOMA-1,Parlante,JBL,Audio,12990,2,sí,"Sonido 2.0, USB",',
    );
    expect(r.creadas).toBe(1);
    expect(await bySku('COMA-1')).toMatchObject({
      precio: '12990.00',
      descripcion: 'Sonido 2.0, USB',
    });
  });

  it('updates by SKU, leaves unchanged rows alone, and keeps what a missing column holds', async () => {
    await report(`${HEADER}\nUPD-1;Router;TP-Link;Redes;29990;5;sí;Wifi 6;Banda=Dual`);
    const r = await report(
      `${HEADER}\nupd-1;Router AX;TP-Link;Redes;27990;5;sí;Wifi 6;Banda=Dual\nVAL-1;Hub USB;Ugreen;Accesorios;$12.990;10;sí;;`,
    );
    expect(r).toMatchObject({ actualizadas: 1, sinCambios: 1, creadas: 0 });
    expect(r.filas.map((f) => [f.sku, f.resultado])).toEqual([
      ['UPD-1', 'actualizada'],
      ['VAL-1', 'sin_cambios'],
    ]);
    expect(await bySku('UPD-1')).toMatchObject({ nombre: 'Router AX', precio: '27990.00' });

    const prices = await report('sku;precio\nUPD-1;25.990');
    expect(prices.actualizadas).toBe(1);
    expect(await bySku('UPD-1')).toMatchObject({
      nombre: 'Router AX',
      precio: '25990.00',
      descripcion: 'Wifi 6',
      especificaciones: [{ nombre: 'Banda', valor: 'Dual' }],
    });
  });

  it('reports a SKU repeated in the file', async () => {
    const r = await report(
      `${HEADER}\nREP-1;Uno;;Audio;1000;1;sí;;\nrep-1;Dos;;Audio;1000;1;sí;;`,
      '?simular=1',
    );
    expect(r.filas[1]).toMatchObject({
      resultado: 'error',
      motivo: 'El SKU ya aparece en la fila 2.',
    });
  });

  it('keeps active products out of a deactivated category, as the admin form does', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/categorias',
      headers: bearer(t.adminToken),
      payload: { nombre: 'Retirada CSV' },
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json<{ id: number }>();
    const off = await t.app.inject({
      method: 'PATCH',
      url: `/api/categorias/${id}/desactivar`,
      headers: bearer(t.adminToken),
    });
    expect(off.statusCode).toBe(200);
    const r = await report(
      `${HEADER}\nOFF-1;Activo;;Retirada CSV;1000;1;sí;;\nOFF-2;Inactivo;;Retirada CSV;1000;1;no;;`,
      '?validas=1',
    );
    expect(r.filas[0]).toMatchObject({ resultado: 'error' });
    expect(r.filas[0]!.motivo).toMatch(/categoría de este producto está desactivada/);
    expect(r.filas[1]).toMatchObject({ resultado: 'creada' });
    expect(await bySku('OFF-1')).toBeUndefined();
    expect((await bySku('OFF-2'))?.activo).toBe(false);
  });

  it('an export imported back changes nothing', async () => {
    const exported = (await exportCsv()).rawPayload;
    const r = await report(exported);
    expect(r.errores).toBe(0);
    expect(r.sinCambios).toBe(r.total);
    expect(r.total).toBe(await productCount());
    expect(r.aplicada).toBe(false);
  });

  it('takes the file from a multipart upload in the field archivo', async () => {
    const form = new FormData();
    form.append(
      'archivo',
      new Blob([`${HEADER}\nMP-1;Pendrive 64 GB;Kingston;Almacenamiento;7990;8;sí;;`], {
        type: 'application/vnd.ms-excel',
      }),
      'productos.csv',
    );
    const request = new Request('http://x', { method: 'POST', body: form });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/productos/importar',
      headers: {
        ...bearer(t.adminToken),
        'content-type': request.headers.get('content-type')!,
      },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<InformeImportacion>().creadas).toBe(1);
    expect(await bySku('MP-1')).toBeDefined();
  });

  it('refuses a file without a sku column or without rows, in Spanish', async () => {
    const noSku = await importCsv('nombre;precio\nMouse;1000');
    expect(noSku.statusCode).toBe(400);
    expect(noSku.json().message).toBe('El archivo necesita una columna sku.');
    const empty = await importCsv(`${HEADER}\n`);
    expect(empty.json().message).toBe('El archivo no trae productos.');
  });
});

describe('who may import and export', () => {
  const csv = `${HEADER}\nROL-1;Mouse rol;;Periféricos;1000;1;sí;;`;

  it('a VENDOR may do both', async () => {
    expect((await exportCsv(vendorToken)).statusCode).toBe(200);
    const res = await importCsv(csv, '', vendorToken);
    expect(res.statusCode).toBe(200);
    expect(await bySku('ROL-1')).toBeDefined();
  });

  it('a customer gets 403 and a visitor 401, and nothing is written', async () => {
    expect((await exportCsv(t.clientToken)).statusCode).toBe(403);
    const client = await importCsv(csv.replace('ROL-1', 'ROL-2'), '', t.clientToken);
    expect(client.statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/productos/importar',
      headers: { 'content-type': 'text/csv' },
      payload: csv.replace('ROL-1', 'ROL-2'),
    });
    expect(anonymous.statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/productos/exportar.csv' })).statusCode,
    ).toBe(401);
    expect(await bySku('ROL-2')).toBeUndefined();
  });
});

describe('a large import', () => {
  it('creates 10,000 products in under a minute, then finds them all unchanged', async () => {
    const lines = [HEADER];
    for (let i = 0; i < 10_000; i++) {
      lines.push(
        `BIG-${i};Producto masivo ${i};Marca ${i % 20};Componentes;$${(1000 + i).toLocaleString('es-CL')};${i % 50};sí;Descripción ${i};Capacidad=${i} GB`,
      );
    }
    const csv = lines.join('\r\n');
    const started = Date.now();
    const r = await report(csv);
    expect(Date.now() - started).toBeLessThan(60_000);
    expect(r).toMatchObject({ total: 10_000, creadas: 10_000, errores: 0 });
    expect(await bySku('BIG-9999')).toMatchObject({ precio: '10999.00', stock: 49 });
    expect((await report(csv, '?simular=1')).sinCambios).toBe(10_000);
  }, 120_000);
});

describe('the upload limit (IMPORT_MAX_BYTES)', () => {
  let small: TestContext;
  beforeAll(async () => {
    small = await createTestApp({ IMPORT_MAX_BYTES: '2048' });
  });
  afterAll(() => small.close());

  it('refuses a larger file with 413 and says the limit in Spanish, writing nothing', async () => {
    const rows = Array.from(
      { length: 60 },
      (_, i) => `BIG-${i};Producto largo ${i};;Audio;1000;1;sí;;`,
    );
    const res = await small.app.inject({
      method: 'POST',
      url: '/api/productos/importar',
      headers: { ...bearer(small.adminToken), 'content-type': 'text/csv' },
      payload: [HEADER, ...rows].join('\n'),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('El archivo supera el máximo de 2 KB.');
    const [row] = await small.app.db
      .select({ n: count() })
      .from(productos)
      .where(eq(productos.sku, 'BIG-0'));
    expect(row!.n).toBe(0);
  });
});
