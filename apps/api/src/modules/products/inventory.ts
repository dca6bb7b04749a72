import {
  LOW_STOCK_MAX,
  shortfallMessage,
  type FaltaStock,
  type LineaPedidoInput,
  type Medidas,
} from '@nexbyte/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { idIn } from '../../db/id-list';
import { rowsOf } from '../../db/rows';
import { decrementStock, findProductsByIds, incrementStock } from './products.repository';
import { productos } from './products.schema';

/** Products by id with their price and stock now, active or not, for the modules that sell them. */
export const productsForCart = findProductsByIds;
export type ProductForCart = Awaited<ReturnType<typeof findProductsByIds>>[number];

/** A line whose units were taken, at the name and price the product had then. */
export interface TakenLine {
  productoId: number;
  nombre: string;
  precio: number;
  qty: number;
  /** Units left once these were taken. */
  stock: number;
  /** The product's weight and size then (its parcel), null when not known yet. */
  medidas: Medidas | null;
}

/**
 * The taken lines that brought their product down across the low-stock line (the one the admin's
 * product table flags, LOW_STOCK_MAX): from above it to at or below it. Each sale that crosses it
 * is told once; the next sales below it are not, and a restock above it arms it again. The
 * guarded update serialises sales of one product, so only one of them sees the crossing.
 */
export function crossedLowStock(taken: readonly TakenLine[]): TakenLine[] {
  return taken.filter((t) => t.stock <= LOW_STOCK_MAX && t.stock + t.qty > LOW_STOCK_MAX);
}

export type Units = Pick<LineaPedidoInput, 'productoId' | 'qty'>;

/** A shortfall: nothing was taken, and the answer names what ran short. */
export class ShortfallError extends Error {
  constructor(readonly body: FaltaStock) {
    super(body.message);
    this.name = 'ShortfallError';
  }
}

const byProduct = (a: { productoId: number }, b: { productoId: number }) =>
  a.productoId - b.productoId;

/**
 * Takes every line's units inside the caller's transaction, in product id order (every writer of
 * stock locks product rows in that order, so two of them never deadlock). Any line short throws a
 * ShortfallError naming all of them; the caller's rollback then gives back what was taken.
 */
export async function takeStock(tx: Db, items: readonly Units[]): Promise<TakenLine[]> {
  const taken: TakenLine[] = [];
  const missing: Units[] = [];
  for (const item of [...items].sort(byProduct)) {
    const line = await decrementStock(tx, item.productoId, item.qty);
    if (line) taken.push({ ...item, ...line });
    else missing.push(item);
  }
  if (missing.length > 0) throw await shortfall(tx, missing);
  return taken;
}

/** The stock of each of these products that is on sale; the others are left out. */
export async function stockOnSale(db: Db, ids: readonly number[]): Promise<Map<number, number>> {
  const rows = await db
    .select({ id: productos.id, stock: productos.stock })
    .from(productos)
    .where(and(idIn(productos.id, ids), eq(productos.activo, true)));
  return new Map(rows.map((row) => [row.id, row.stock]));
}

/**
 * Gives units back inside the caller's transaction, in product id order like takeStock. Answers
 * the products this brought back from none to some (their back-in-stock alerts are due).
 */
export async function returnStock(tx: Db, units: readonly Units[]): Promise<number[]> {
  const restocked: number[] = [];
  for (const { productoId, qty } of [...units].sort(byProduct)) {
    if (await incrementStock(tx, productoId, qty)) restocked.push(productoId);
  }
  return restocked;
}

/** The event that tells each product back from none to some (docs/product.md#stock-alerts). */
export const restockEvents = (ids: readonly number[]) =>
  ids.map((id) => ({ name: 'producto.repuesto' as const, data: { id } }));

/** A relative change of one product's stock: `delta` units more (or fewer, when negative). */
export interface StockMove {
  productoId: number;
  delta: number;
}

/** Rows per statement when moving many products' stock at once (two parameters each). */
const MOVE_BATCH = 1000;

/**
 * Moves many products' stock by a relative amount inside the caller's transaction (the CSV
 * import's stock column): the rows are locked in product id order like takeStock, and each one
 * moves from the stock it has now, so a sale committed after the caller read the product is never
 * undone. Stock never goes below zero. Answers the products brought back from none to some.
 */
export async function moveStock(tx: Db, moves: readonly StockMove[]): Promise<number[]> {
  const restocked: number[] = [];
  const sorted = moves.filter((m) => m.delta !== 0).sort(byProduct);
  for (let i = 0; i < sorted.length; i += MOVE_BATCH) {
    const batch = sorted.slice(i, i + MOVE_BATCH);
    await tx
      .select({ id: productos.id })
      .from(productos)
      .where(
        inArray(
          productos.id,
          batch.map((m) => m.productoId),
        ),
      )
      .orderBy(asc(productos.id))
      .for('update');
    const values = sql.join(
      batch.map((m) => sql`(${m.productoId}::int, ${m.delta}::int)`),
      sql`, `,
    );
    const moved = await tx.execute(
      sql`update ${productos} p set stock = greatest(p.stock + d.delta, 0)
          from (values ${values}) as d(id, delta) where p.id = d.id
          returning p.id, p.stock, d.delta`,
    );
    for (const row of rowsOf<{ id: number; stock: number; delta: number }>(moved)) {
      if (row.delta > 0 && row.stock - row.delta <= 0) restocked.push(row.id);
    }
  }
  return restocked;
}

async function shortfall(db: Db, missing: Units[]): Promise<ShortfallError> {
  const byId = new Map(
    (
      await findProductsByIds(
        db,
        missing.map((m) => m.productoId),
      )
    ).map((r) => [r.id, r]),
  );
  const products = missing.map(({ productoId }) => {
    const row = byId.get(productoId);
    return {
      productoId,
      // An inactive product is not named: its name is no longer public.
      nombre: row?.activo ? row.nombre : `Producto ${productoId}`,
      disponible: row?.activo ? row.stock : 0,
    };
  });
  return new ShortfallError({
    message: shortfallMessage(products.map((p) => p.nombre)),
    productos: products,
  });
}
