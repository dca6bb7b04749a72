/**
 * What the products module offers 'Arma tu PC' (docs/product.md#arma-tu-pc): the parts of one
 * kind a shopper can buy, and parts by id, each with its typed specification (decision 032).
 */
import type { ComponenteParcial, Producto, TipoComponente } from '@nexbyte/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
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

/** A part on sale as a step weighs it: its id and typed specification, nothing else. */
export interface PartSpec {
  id: number;
  componente: ComponenteParcial;
}

/**
 * Active parts of `tipo` with stock, cheapest first, at most `max`: the rows of the partial
 * index productos_componente_tipo_idx (migration 0029), whose predicate this repeats. Only the
 * id and the specification: the step reads the few it answers whole with partsByIds.
 */
export async function partSpecsOnSale(
  db: Db,
  tipo: TipoComponente,
  max: number,
): Promise<PartSpec[]> {
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
    .limit(max);
  return rows as PartSpec[];
}

/** Active parts of `tipo` with stock, cheapest first, at most `max`, read whole. */
export async function partsOnSale(
  db: Db,
  tipo: TipoComponente,
  max: number,
): Promise<ProductoConComponente[]> {
  const rows = await db
    .select(withComponent)
    .from(productos)
    .innerJoin(categorias, eq(productos.categoriaId, categorias.id))
    .where(
      and(
        sql`${productos.componente} is not null and ${productos.activo} and ${productos.stock} > 0`,
        sql`(${productos.componente}->>'tipo') = ${tipo}`,
      ),
    )
    .orderBy(asc(productos.precio), asc(productos.id))
    .limit(max);
  return rows.map(toPart);
}

/** Products by id with their typed specification, active or not; unknown ids are left out. */
export async function partsByIds(db: Db, ids: readonly number[]): Promise<ProductoConComponente[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await db
    .select(withComponent)
    .from(productos)
    .innerJoin(categorias, eq(productos.categoriaId, categorias.id))
    .where(inArray(productos.id, unique));
  return rows.map(toPart);
}
