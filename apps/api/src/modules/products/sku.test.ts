import { max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productos } from './products.schema';
import { generatedSku, SKU_RESERVED } from './sku';
import { validProducto } from '../../test/payloads';
import { bearer, createTestApp, vendorToken, type TestContext } from '../../test/test-app';

let t: TestContext;
let vendor: string;
beforeAll(async () => {
  t = await createTestApp();
  vendor = await vendorToken(t);
});
afterAll(() => t.close());

const HEADER = 'sku;nombre;marca;categoria;precio;stock;activo;descripcion;especificaciones';

const lastId = async () =>
  (await t.app.db.select({ id: max(productos.id) }).from(productos))[0]!.id ?? 0;

const create = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/productos', headers: bearer(vendor), payload });

const importCsv = (csv: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/productos/importar?validas=1',
    headers: { ...bearer(vendor), 'content-type': 'text/csv' },
    payload: csv,
  });

describe('a SKU the shop generates never collides', () => {
  it('an import cannot take the SKUs the next products get, so creating one without SKU works', async () => {
    const next = (await lastId()) + 1;
    const squatted = [next, next + 1, next + 2].map(generatedSku);
    const res = await importCsv(
      [
        HEADER,
        ...squatted.map((sku) => `${sku};Producto ${sku};;Periféricos;1000;1;sí;;`),
        'SKU-LIBRE-1;Producto libre;;Periféricos;1000;1;sí;;',
      ].join('\n'),
    );
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json<{ creadas: number; filas: { sku: string; motivo?: string }[] }>();
    expect(report.creadas).toBe(1);
    for (const sku of squatted) {
      expect(report.filas.find((f) => f.sku === sku)?.motivo).toBe(SKU_RESERVED);
    }

    for (let i = 0; i < 3; i++) {
      const created = await create(validProducto(1, `Sin SKU ${i}`));
      expect(created.statusCode, created.body).toBe(201);
      const product = created.json<{ id: number; sku: string }>();
      expect(product.sku).toBe(generatedSku(product.id));
    }
  });

  it('a SKU of the shop’s form kept from before it was reserved does not block the product it names', async () => {
    const next = (await lastId()) + 1;
    // As an import made before the form was reserved left it: written straight to the table.
    const [old] = await t.app.db
      .insert(productos)
      .values({
        nombre: 'Importado antes',
        descripcion: '',
        precio: '1000.00',
        stock: 1,
        categoriaId: 1,
        sku: generatedSku(next + 1),
      })
      .returning({ id: productos.id, sku: productos.sku });
    expect(old!.id).toBe(next);

    const created = await create(validProducto(1, 'Nace con el SKU tomado'));
    expect(created.statusCode, created.body).toBe(201);
    const product = created.json<{ id: number; sku: string }>();
    expect(product.id).toBe(next + 1);
    expect(product.sku).toBe(`${generatedSku(next + 1)}-2`);
    // That suffixed form is the shop's too: nobody else may take it.
    const squat = await create({ ...validProducto(1, 'Otro'), sku: `${generatedSku(next + 5)}-2` });
    expect(squat.statusCode).toBe(400);
  });

  it('the form refuses the shop’s form of SKU for another product, with a Spanish 400', async () => {
    const next = (await lastId()) + 1;
    const taken = await create({ ...validProducto(1, 'SKU ajeno'), sku: generatedSku(next) });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toMatchObject({ message: SKU_RESERVED, errors: { sku: SKU_RESERVED } });
    expect((await create(validProducto(1, 'El siguiente'))).statusCode).toBe(201);

    // A product keeps its own generated SKU when edited, and may not take another's.
    const mine = (await create(validProducto(1, 'Con su SKU'))).json<{ id: number; sku: string }>();
    const put = (sku: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/productos/${mine.id}`,
        headers: bearer(vendor),
        payload: { ...validProducto(1, 'Con su SKU'), sku },
      });
    expect((await put(mine.sku)).statusCode).toBe(200);
    const other = await put(generatedSku(mine.id + 1));
    expect(other.statusCode).toBe(400);
    expect(other.json().errors).toEqual({ sku: SKU_RESERVED });
    expect((await put('MI-SKU-1')).statusCode).toBe(200);
    expect((await put(mine.sku)).statusCode).toBe(200);
  });
});
