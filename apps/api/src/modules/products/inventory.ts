import {
  LOW_STOCK_MAX,
  shortfallMessage,
  type FaltaStock,
  type LineaPedidoInput,
} from '@nexbyte/shared';
import type { Db } from '../../db/client';
import { decrementStock, findProductsByIds, incrementStock } from './products.repository';

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

const byProduct = (a: Units, b: Units) => a.productoId - b.productoId;

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

/** Gives units back inside the caller's transaction, in product id order like takeStock. */
export async function returnStock(tx: Db, units: readonly Units[]): Promise<void> {
  for (const { productoId, qty } of [...units].sort(byProduct)) {
    await incrementStock(tx, productoId, qty);
  }
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
