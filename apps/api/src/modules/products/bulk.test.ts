import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app';
import { productos } from './products.schema';
import { productsBySku, saveProductsBySku, type ProductWrite } from './products.service';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const stockOf = async (sku: string) =>
  (
    await t.app.db.select({ stock: productos.stock }).from(productos).where(eq(productos.sku, sku))
  )[0]?.stock;

const base = async (sku: string): Promise<ProductWrite> => {
  const [category] = await t.app.db.select({ id: productos.categoriaId }).from(productos).limit(1);
  return {
    sku,
    nombre: `Producto ${sku}`,
    descripcion: null,
    precio: '19990.00',
    stock: 10,
    activo: true,
    categoriaId: category!.id,
    marca: null,
    especificaciones: [],
    imagen: null,
  };
};

describe('saveProductsBySku (the CSV import through the products module)', () => {
  it('creates a product with the stock written, and updates it to the stock written', async () => {
    await saveProductsBySku(t.app.db, [await base('BULK-1')]);
    expect(await stockOf('BULK-1')).toBe(10);
    const read = (await productsBySku(t.app.db, ['BULK-1'])).get('BULK-1')!;
    await saveProductsBySku(t.app.db, [
      { ...read, nombre: 'Otro nombre', stock: 4, stockLeido: 10 },
    ]);
    expect(await stockOf('BULK-1')).toBe(4);
  });

  it('keeps a sale made between the read and the write, and never goes below zero', async () => {
    await saveProductsBySku(t.app.db, [await base('BULK-2')]);
    const read = (await productsBySku(t.app.db, ['BULK-2'])).get('BULK-2')!;
    // Three units sold after the import read 10.
    await t.app.db.update(productos).set({ stock: 7 }).where(eq(productos.sku, 'BULK-2'));
    await saveProductsBySku(t.app.db, [{ ...read, stock: 15, stockLeido: read.stock }]);
    expect(await stockOf('BULK-2')).toBe(12);
    await t.app.db.update(productos).set({ stock: 1 }).where(eq(productos.sku, 'BULK-2'));
    await saveProductsBySku(t.app.db, [{ ...read, stock: 0, stockLeido: 12 }]);
    expect(await stockOf('BULK-2')).toBe(0);
  });
});
