import type { ComponenteParcial } from '@nexbyte/shared';
import { asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { categorias } from '../categories/categories.schema';
import { moveStock } from './inventory';
import { productos, type EspecificacionRow } from './products.schema';

/**
 * Rows per transaction and per INSERT … ON CONFLICT. On the embedded database a batch holds its one
 * connection while it writes: 200 rows keep that under ~100 ms, so a shopper's query waiting behind
 * it stays within the catalogue's 200 ms p99 during a 10 MB import (500 rows took it to ~270 ms).
 * 11 parameters a row stays far below PostgreSQL's 65,535.
 */
const WRITE_BATCH = 200;
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
  /** A PC part's typed specification (decision 032); null for anything else. */
  componente?: ComponenteParcial | null;
  /** Weight (kg) and sides (cm) as numeric text; null while unknown (a write without: null). */
  pesoKg?: string | null;
  largoCm?: string | null;
  anchoCm?: string | null;
  altoCm?: string | null;
  /** The offer's price (numeric text) and dates, all three or none (docs/product.md#offers). */
  precioOferta?: string | null;
  ofertaDesde?: Date | null;
  ofertaHasta?: Date | null;
}

/** A product that exists, with its id. */
export interface StoredProduct extends ProductBySku {
  id: number;
}

/**
 * A product to create or update by SKU. An update carries the product's `id` and `stockLeido`, its
 * stock when it was read: the stock moves by what the writer changed since then.
 */
export interface ProductWrite extends ProductBySku {
  id?: number | undefined;
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
        componente: productos.componente,
        pesoKg: productos.pesoKg,
        largoCm: productos.largoCm,
        anchoCm: productos.anchoCm,
        altoCm: productos.altoCm,
        precioOferta: productos.precioOferta,
        ofertaDesde: productos.ofertaDesde,
        ofertaHasta: productos.ofertaHasta,
      })
      .from(productos)
      .where(inArray(productos.sku, skus.slice(i, i + READ_BATCH)));
    for (const row of rows) found.set(row.sku, row);
  }
  return found;
}

/** The columns a bulk update may change besides stock (which moves relatively, never written back). */
export const BULK_FIELDS = [
  'nombre',
  'descripcion',
  'precio',
  'activo',
  'categoriaId',
  'marca',
  'especificaciones',
  'componente',
  'pesoKg',
  'largoCm',
  'anchoCm',
  'altoCm',
  'precioOferta',
  'ofertaDesde',
  'ofertaHasta',
] as const;
export type BulkField = (typeof BULK_FIELDS)[number];

const EXCLUDED: Record<BulkField, ReturnType<typeof sql>> = {
  nombre: sql`excluded.nombre`,
  descripcion: sql`excluded.descripcion`,
  precio: sql`excluded.precio`,
  activo: sql`excluded.activo`,
  categoriaId: sql`excluded.categoria_id`,
  marca: sql`excluded.marca`,
  especificaciones: sql`excluded.especificaciones`,
  componente: sql`excluded.componente`,
  pesoKg: sql`excluded.peso_kg`,
  largoCm: sql`excluded.largo_cm`,
  anchoCm: sql`excluded.ancho_cm`,
  altoCm: sql`excluded.alto_cm`,
  precioOferta: sql`excluded.precio_oferta`,
  ofertaDesde: sql`excluded.oferta_desde`,
  ofertaHasta: sql`excluded.oferta_hasta`,
};

/**
 * Creates or updates products by SKU, 200 rows per transaction: each batch is short, so on the
 * embedded database (one connection) the shop's other queries run between two batches instead of
 * waiting for the whole file, and the event loop is handed back between them. A failure leaves
 * the batches already committed (each is whole, and an import run again finds them unchanged);
 * `onBatch` is told the rows written after each one.
 *
 * An update changes only `fields` (the columns the writer has, say a file of sku;precio), so
 * whatever else changed since the writer read the product stays. Stock is never written back: it
 * moves through inventory's moveStock by what the writer changed since it read it (`stockLeido`),
 * so a sale committed in between is not undone and it never goes below zero; a product nobody sold
 * meanwhile ends with exactly the stock written. A batch's rows are locked first, in product id
 * order like takeStock/returnStock, so an import and an order never deadlock.
 */
export async function saveProductsBySku(
  db: Db,
  writes: readonly ProductWrite[],
  fields: readonly BulkField[] = BULK_FIELDS,
  onBatch?: (written: number) => void | Promise<void>,
  /** Told, inside each batch's transaction, the products it brought back from none to some. */
  onRestock?: (tx: Db, ids: number[]) => Promise<void>,
): Promise<void> {
  const set = Object.fromEntries(fields.map((f) => [f, EXCLUDED[f]]));
  let written = 0;
  for (const batch of chunks([...writes], WRITE_BATCH)) {
    await db.transaction(async (tx) => {
      const ids = (
        await tx
          .select({ id: productos.id })
          .from(productos)
          .where(
            inArray(
              productos.sku,
              batch.map((w) => w.sku),
            ),
          )
      )
        .map((r) => r.id)
        .sort((a, b) => a - b);
      if (ids.length > 0) {
        await tx
          .select({ id: productos.id })
          .from(productos)
          .where(inArray(productos.id, ids))
          .orderBy(asc(productos.id))
          .for('update');
      }
      const rows = batch.map(({ stockLeido: _read, id: _id, ...values }) => values);
      const insert = tx.insert(productos).values(rows);
      await (Object.keys(set).length > 0
        ? insert.onConflictDoUpdate({ target: productos.sku, set })
        : insert.onConflictDoNothing({ target: productos.sku }));
      const restocked = await moveStock(
        tx,
        batch.flatMap((w) =>
          w.id !== undefined && w.stockLeido !== undefined && w.stock !== w.stockLeido
            ? [{ productoId: w.id, delta: w.stock - w.stockLeido }]
            : [],
        ),
      );
      if (restocked.length > 0) await onRestock?.(tx, restocked);
    });
    written += batch.length;
    await onBatch?.(written);
    await new Promise((resolve) => setImmediate(resolve));
  }
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
      componente: productos.componente,
      pesoKg: productos.pesoKg,
      largoCm: productos.largoCm,
      anchoCm: productos.anchoCm,
      altoCm: productos.altoCm,
      precioOferta: productos.precioOferta,
      ofertaDesde: productos.ofertaDesde,
      ofertaHasta: productos.ofertaHasta,
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
