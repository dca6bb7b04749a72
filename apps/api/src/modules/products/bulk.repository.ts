import { asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { categorias } from '../categories/categories.schema';
import { productos, type EspecificacionRow } from './products.schema';

/**
 * Rows per INSERT … ON CONFLICT: 11 parameters each stays far below PostgreSQL's 65,535, and a
 * statement stays well inside DB_STATEMENT_TIMEOUT_MS.
 */
const WRITE_BATCH = 500;
const READ_BATCH = 1000;

/** A product as the CSV import reads and writes it, by its SKU. */
export interface ProductBySku {
  sku: string;
  nombre: string;
  descripcion: string | null;
  precio: string;
  stock: number;
  activo: boolean;
  categoriaId: number;
  marca: string | null;
  especificaciones: EspecificacionRow[];
  imagen: string | null;
}

/** A product that exists, with its id. */
export interface StoredProduct extends ProductBySku {
  id: number;
}

/** A product to create or update by SKU; `stockLeido` is its stock when it was read (updates). */
export interface ProductWrite extends ProductBySku {
  stockLeido?: number | undefined;
}

/** The products with these SKUs, active or not, read in batches. */
export async function productsBySku(db: Db, skus: string[]): Promise<Map<string, StoredProduct>> {
  const found = new Map<string, StoredProduct>();
  for (let i = 0; i < skus.length; i += READ_BATCH) {
    const rows = await db
      .select({
        id: productos.id,
        sku: productos.sku,
        nombre: productos.nombre,
        descripcion: productos.descripcion,
        precio: productos.precio,
        stock: productos.stock,
        activo: productos.activo,
        categoriaId: productos.categoriaId,
        marca: productos.marca,
        especificaciones: productos.especificaciones,
        imagen: productos.imagen,
      })
      .from(productos)
      .where(inArray(productos.sku, skus.slice(i, i + READ_BATCH)));
    for (const row of rows) found.set(row.sku, row);
  }
  return found;
}

/**
 * Creates or updates products by SKU in one transaction: a failure leaves the catalogue as it was,
 * and the catalogue's change notification (migration 0004) goes out once, on commit.
 *
 * Stock follows inventory's rules for a writer of stock: the rows to update are locked first, in
 * product id order like takeStock/returnStock (so an import and an order never deadlock), and an
 * update moves the stock by what the import changed since it read it (`stockLeido`), so a sale
 * committed in between is not undone; it never goes below zero. A product nobody sold meanwhile
 * ends with exactly the stock written.
 */
export async function saveProductsBySku(db: Db, writes: readonly ProductWrite[]): Promise<void> {
  await db.transaction(async (tx) => {
    const ids = (
      await Promise.all(
        chunks(
          writes.map((w) => w.sku),
          READ_BATCH,
        ).map((skus) =>
          tx.select({ id: productos.id }).from(productos).where(inArray(productos.sku, skus)),
        ),
      )
    )
      .flat()
      .map((r) => r.id)
      .sort((a, b) => a - b);
    for (const batch of chunks(ids, READ_BATCH)) {
      await tx
        .select({ id: productos.id })
        .from(productos)
        .where(inArray(productos.id, batch))
        .orderBy(asc(productos.id))
        .for('update');
    }

    const moves = new Map<string, number>();
    for (const w of writes) {
      if (w.stockLeido !== undefined && w.stock !== w.stockLeido) {
        moves.set(w.sku, w.stock - w.stockLeido);
      }
    }
    for (const batch of chunks([...writes], WRITE_BATCH)) {
      await tx
        .insert(productos)
        .values(batch.map(({ stockLeido: _read, ...values }) => values))
        .onConflictDoUpdate({
          target: productos.sku,
          set: {
            nombre: sql`excluded.nombre`,
            descripcion: sql`excluded.descripcion`,
            precio: sql`excluded.precio`,
            activo: sql`excluded.activo`,
            categoriaId: sql`excluded.categoria_id`,
            marca: sql`excluded.marca`,
            especificaciones: sql`excluded.especificaciones`,
          },
        });
    }
    for (const batch of chunks([...moves], WRITE_BATCH)) {
      const values = sql.join(
        batch.map(([sku, delta]) => sql`(${sku}::varchar, ${delta}::int)`),
        sql`, `,
      );
      await tx.execute(
        sql`update ${productos} p set stock = greatest(p.stock + d.delta, 0)
            from (values ${values}) as d(sku, delta) where p.sku = d.sku`,
      );
    }
  });
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** One page of every product, active or not, in id order after `after`, with its category's name. */
export async function productPageForExport(db: Db, after: number, limit: number) {
  return db
    .select({
      id: productos.id,
      sku: productos.sku,
      nombre: productos.nombre,
      marca: productos.marca,
      categoria: categorias.nombre,
      precio: productos.precio,
      stock: productos.stock,
      activo: productos.activo,
      descripcion: productos.descripcion,
      especificaciones: productos.especificaciones,
    })
    .from(productos)
    .innerJoin(categorias, eq(productos.categoriaId, categorias.id))
    .where(gt(productos.id, after))
    .orderBy(asc(productos.id))
    .limit(limit);
}

/** Whether any product exists, active or not: one index probe. */
export async function hasProducts(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: productos.id }).from(productos).limit(1);
  return row !== undefined;
}

export async function productExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: productos.id }).from(productos).where(eq(productos.id, id));
  return row !== undefined;
}

/** The id of the product with this exact name (the demo photos find their products so). */
export async function productIdByName(db: Db, nombre: string): Promise<number | null> {
  const [row] = await db
    .select({ id: productos.id })
    .from(productos)
    .where(eq(productos.nombre, nombre))
    .limit(1);
  return row?.id ?? null;
}
