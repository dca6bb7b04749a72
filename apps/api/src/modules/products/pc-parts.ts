/**
 * What the products module offers 'Arma tu PC' (docs/product.md#arma-tu-pc): the parts of one
 * kind a shopper can buy, and parts by id, each with its typed specification (decision 032).
 */
import {
  completeComponent,
  type Componente,
  type ComponenteParcial,
  type Producto,
  type TipoComponente,
} from '@nexbyte/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { idIn } from '../../db/id-list';
import type { AnswerStore } from '../../plugins/catalog-cache/store';
import { categorias } from '../categories/categories.schema';
import { columns, toProducto } from './catalog-query';
import { productos } from './products.schema';

export type ProductoConComponente = Producto & { componente?: ComponenteParcial };

const withComponent = { ...columns, componente: productos.componente };

const toPart = (
  row: Parameters<typeof toProducto>[0] & { componente: ComponenteParcial | null },
): ProductoConComponente => {
  const product = toProducto(row);
  return row.componente ? { ...product, componente: row.componente } : product;
};

/** A part on sale as the builder weighs it: its id and complete typed specification only. */
export interface PartOnSale {
  id: number;
  componente: Componente;
}

/** The parts of a kind on sale, cheapest first (at most PARTS_ON_SALE_MAX): read or kept. */
export type PartsOnSale = (tipo: TipoComponente) => Promise<readonly PartOnSale[]>;

/**
 * The cheapest parts of a kind the builder weighs: far more than a shop keeps in stock of one
 * kind, and a bound on the work of a step whatever the catalogue holds.
 */
export const PARTS_ON_SALE_MAX = 1000;

/**
 * Active parts of `tipo` with stock and a complete specification, cheapest first, at most
 * PARTS_ON_SALE_MAX: a walk of the partial index productos_componente_tipo_idx (active parts),
 * whose predicate this repeats, skipping the rows without stock (migration 0037 left the stock out
 * of the index, so a sale writes no index). Only the id and the specification: callers read the
 * few they answer whole with partsByIds.
 */
export async function readPartsOnSale(db: Db, tipo: TipoComponente): Promise<PartOnSale[]> {
  const rows = await db
    .select({ id: productos.id, componente: productos.componente })
    .from(productos)
    .where(
      and(
        sql`${productos.componente} is not null and ${productos.activo} and ${productos.stock} > 0`,
        sql`(${productos.componente}->>'tipo') = ${tipo}`,
      ),
    )
    .orderBy(asc(productos.precio), asc(productos.id))
    .limit(PARTS_ON_SALE_MAX);
  // Parts with equal specifications share one object, which fitsBuild weighs once.
  const shared = new Map<string, Componente>();
  return rows.flatMap(({ id, componente }) => {
    const complete = completeComponent(componente);
    if (!complete) return [];
    const key = JSON.stringify(complete);
    const one = shared.get(key) ?? complete;
    shared.set(key, one);
    return [{ id, componente: one }];
  });
}

/**
 * The same lists kept by the catalogue cache until the catalogue changes (decision 033): a step
 * or a product page then weighs its candidates without reading or parsing them again.
 */
export const keptPartsOnSale =
  (db: Db, store: AnswerStore): PartsOnSale =>
  (tipo) =>
    store.remember(`piezas-a-la-venta:${tipo}`, () => readPartsOnSale(db, tipo));

/** Products by id with their typed specification (partsByIds), read or kept. */
export type PartsByIds = (ids: readonly number[]) => Promise<ProductoConComponente[]>;

/**
 * partsByIds through the catalogue cache: a part read whole for a step is kept until the
 * catalogue changes, so the next steps that list it read nothing. Only parts a step lists are
 * asked for, the cheapest PARTS_ON_SALE_MAX of each kind, which bounds what is kept. The objects
 * are shared: callers must not change them.
 */
export const keptPartsByIds =
  (db: Db, store: AnswerStore): PartsByIds =>
  async (ids) => {
    const kept = await store.remember(
      'piezas-enteras',
      async () => new Map<number, ProductoConComponente>(),
    );
    const missing = ids.filter((id) => !kept.has(id));
    // Read into the map of the generation the step began in: a change meanwhile leaves it behind.
    for (const part of await partsByIds(db, missing)) kept.set(part.id, part);
    return ids.flatMap((id) => kept.get(id) ?? []);
  };

/**
 * The typed specification of products by id, and whether they are on sale: what a build is
 * weighed by, without reading the products whole. Unknown ids are left out.
 */
export async function specsByIds(
  db: Db,
  ids: readonly number[],
): Promise<{ id: number; activo: boolean; componente: ComponenteParcial | null }[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  return db
    .select({ id: productos.id, activo: productos.activo, componente: productos.componente })
    .from(productos)
    .where(idIn(productos.id, unique));
}

/** Products by id with their typed specification, active or not; unknown ids are left out. */
export async function partsByIds(db: Db, ids: readonly number[]): Promise<ProductoConComponente[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await db
    .select(withComponent)
    .from(productos)
    .innerJoin(categorias, eq(productos.categoriaId, categorias.id))
    .where(idIn(productos.id, unique));
  return rows.map(toPart);
}
