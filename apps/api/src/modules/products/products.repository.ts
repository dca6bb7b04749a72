import {
  effectiveOrden,
  PRODUCT_MESSAGES,
  resolvePage,
  SUGGESTIONS_MAX,
  SUGGESTIONS_Q_MIN,
  type ComponenteParcial,
  type Especificacion,
  type Oferta,
  type Medidas,
  type Producto,
  type ProductosQuery,
} from '@nexbyte/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { idIn } from '../../db/id-list';
import { categorias } from '../categories/categories.schema';
import { productos } from './products.schema';
import { conflict, uniqueViolation } from '../../http-errors';
import {
  buildScope,
  columns,
  countScope,
  fetchPage,
  filteredPage,
  deepPage,
  FROM_END_MIN,
  ORDER_BY,
  pricing,
  scopeConditions,
  toProducto,
  type PlainOrder,
} from './catalog-query';
import { searchProducts } from './search-paging';
import { skuReserved, skuReservedFor } from './sku';
import { matches } from './search-ranking';
import { closestPhrase, resolveSearch, searchForPhrase } from './search-terms';

export interface ProductPage {
  items: Producto[];
  total: number;
  pagina: number;
  limite: number;
}

/** One page of products and the unpaged count (X-Total-Count). */
export async function listProducts(
  db: Db,
  query: ProductosQuery,
  includeInactive: boolean,
): Promise<ProductPage> {
  const { pagina, limite, offset } = resolvePage(query);
  const scope = buildScope(db, query, includeInactive);
  const page = { limit: limite, offset };
  const orden = effectiveOrden(query);

  if (query.q) {
    const search = await resolveSearch(db, query.q, includeInactive);
    if (search.tsquery === null) return { items: [], total: 0, pagina, limite };
    const found = await searchProducts(
      db,
      { ...search, tsquery: search.tsquery },
      scope,
      orden,
      page,
    );
    return { ...found, pagina, limite };
  }

  if (scope.filters.length > 0) {
    const found = await filteredPage(db, scope, ORDER_BY[orden as PlainOrder], page);
    return { ...found, pagina, limite };
  }
  // The count is asked alongside the page (on PostgreSQL, on another connection): it is one
  // row of productos_conteo, and most pages are full.
  const counted = countScope(db, scope);
  // Not awaited when the page is short: a failure then must not go unhandled.
  counted.catch(() => {});
  const plain = orden as PlainOrder;
  const conditions = scopeConditions(scope);
  // A deep page waits for the count (exact: productos_conteo is kept by triggers) and, nearer
  // the end than the start, reads the index from the end: the last page costs what the first
  // does, and no page skips more than half the list.
  if (offset >= FROM_END_MIN) {
    const total = await counted;
    return { items: await deepPage(db, conditions, plain, page, total), total, pagina, limite };
  }
  const items = await fetchPage(db, conditions, ORDER_BY[plain], page);
  // A page that is not full ends the list: its total needs no counting.
  const total =
    items.length < limite && (items.length > 0 || offset === 0)
      ? offset + items.length
      : await counted;
  return { items, total, pagina, limite };
}

/** Search suggestions: the best few active products, and a close term when none matches. */
export async function suggestProducts(
  db: Db,
  q: string,
): Promise<{ productos: Producto[]; quisisteDecir: string | null }> {
  const none = { productos: [], quisisteDecir: null };
  if (q.trim().length < SUGGESTIONS_Q_MIN) return none;
  const scope = {
    activo: true,
    categoria: null,
    categoriaConteo: null,
    filters: [],
    rowFilters: [],
  };
  const search = await resolveSearch(db, q, false);
  if (search.tsquery !== null) {
    const { items } = await searchProducts(
      db,
      { ...search, tsquery: search.tsquery },
      scope,
      'relevancia',
      { limit: SUGGESTIONS_MAX, offset: 0 },
    );
    if (items.length > 0) return { productos: items, quisisteDecir: null };
  }
  const phrase = closestPhrase(search);
  if (phrase === null) return none;
  // Offer only a term that finds something: the link would otherwise lead to an empty list.
  // Through the text index (MATERIALIZED): left to choose, the planner reads the catalogue in
  // order hoping to meet a match soon, and reads all of it when there is none.
  const alternative = searchForPhrase(phrase);
  const result = await db.execute(sql`
    with hits as materialized (
      select ${productos.id} from ${productos}
      where ${and(eq(productos.activo, true), matches({ ...alternative, tsquery: alternative.tsquery! }))}
    )
    select exists (select 1 from hits) as hit`);
  const hit = (result as unknown as { rows: { hit: boolean }[] }).rows[0]?.hit;
  return hit ? { productos: [], quisisteDecir: phrase } : none;
}

export const medidasColumns = {
  pesoKg: productos.pesoKg,
  largoCm: productos.largoCm,
  anchoCm: productos.anchoCm,
  altoCm: productos.altoCm,
};

/** One product, with its typed component specification when it has one (lists leave it out). */
export async function findProduct(db: Db, id: number): Promise<Producto | null> {
  const [row] = await db
    .select({ ...columns, componente: productos.componente, ...medidasColumns })
    .from(productos)
    .innerJoin(categorias, eq(productos.categoriaId, categorias.id))
    .where(eq(productos.id, id));
  if (!row) return null;
  const product = { ...toProducto(row), medidas: medidasOf(row) };
  return row.componente ? { ...product, componente: row.componente } : product;
}

export interface ProductValues {
  nombre: string;
  descripcion: string | null;
  precio: number;
  stock: number;
  imagen: string | null;
  categoriaId: number;
  marca: string | null;
  /**
   * Upper case; empty: the database gives NB-{id} (migration 0008's trigger), a form no other
   * product may take (sku.ts).
   */
  sku: string;
  especificaciones: Especificacion[];
  /** Undefined leaves the stored one as it is; null removes it. */
  componente?: ComponenteParcial | null;
  /** Weight and sides; undefined leaves them as they are, null clears them. */
  medidas?: Medidas | null;
  /** The sale price and its dates; undefined leaves the stored one as it is, null removes it. */
  oferta?: Oferta | null;
}

const toRow = ({ medidas, oferta, ...v }: ProductValues) => ({
  ...v,
  precio: v.precio.toFixed(2),
  ...(medidas === undefined ? {} : medidasRow(medidas)),
  ...(oferta === undefined ? {} : ofertaRow(oferta)),
});

/** A sale price and its dates as their columns (all three, or none). */
const ofertaRow = (o: Oferta | null) => ({
  precioOferta: o ? o.precio.toFixed(2) : null,
  ofertaDesde: o ? new Date(o.desde) : null,
  ofertaHasta: o ? new Date(o.hasta) : null,
});

/** The product's weight and sides as their columns (numeric arrives and leaves as text). */
export const medidasRow = (m: Medidas | null) => ({
  pesoKg: m ? String(m.pesoKg) : null,
  largoCm: m ? String(m.largoCm) : null,
  anchoCm: m ? String(m.anchoCm) : null,
  altoCm: m ? String(m.altoCm) : null,
});

/** The columns back as Medidas, or null while any is unknown. */
export function medidasOf(row: {
  pesoKg?: string | null | undefined;
  largoCm?: string | null | undefined;
  anchoCm?: string | null | undefined;
  altoCm?: string | null | undefined;
}): Medidas | null {
  const { pesoKg, largoCm, anchoCm, altoCm } = row;
  if (pesoKg == null || largoCm == null || anchoCm == null || altoCm == null) return null;
  return {
    pesoKg: Number(pesoKg),
    largoCm: Number(largoCm),
    anchoCm: Number(anchoCm),
    altoCm: Number(altoCm),
  };
}

/** Another product holds the SKU: a 409 the form shows beside the SKU field. */
export const skuTaken = () =>
  conflict(PRODUCT_MESSAGES.skuTaken, { sku: PRODUCT_MESSAGES.skuTaken });

/** Runs a write, turning the SKU's unique violation into skuTaken(). */
async function guardSku<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (uniqueViolation(err) === 'productos_sku_unique') throw skuTaken();
    throw err;
  }
}

export async function insertProduct(db: Db, values: ProductValues): Promise<number> {
  if (skuReservedFor(values.sku)) throw skuReserved();
  const [row] = await guardSku(() =>
    db.insert(productos).values(toRow(values)).returning({ id: productos.id }),
  );
  return row!.id;
}

/**
 * A product keeps a SKU of the shop's form it already has (one given before the form was kept),
 * but may not take another product's. Answers the stock it had before (its row locked until the
 * caller's transaction ends), or null when there is no such product.
 */
export async function updateProduct(
  db: Db,
  id: number,
  values: ProductValues,
): Promise<{ stockAntes: number } | null> {
  const [current] = await db
    .select({ sku: productos.sku, stock: productos.stock })
    .from(productos)
    .where(eq(productos.id, id))
    .for('update');
  if (!current) return null;
  if (skuReservedFor(values.sku, id) && current.sku !== values.sku) throw skuReserved();
  await guardSku(() => db.update(productos).set(toRow(values)).where(eq(productos.id, id)));
  return { stockAntes: current.stock };
}

export async function setProductActive(db: Db, id: number, activo: boolean): Promise<boolean> {
  const rows = await db
    .update(productos)
    .set({ activo })
    .where(eq(productos.id, id))
    .returning({ id: productos.id });
  return rows.length > 0;
}

const offerColumns = {
  precio: productos.precio,
  precioOferta: productos.precioOferta,
  ofertaDesde: productos.ofertaDesde,
  ofertaHasta: productos.ofertaHasta,
};

/**
 * Products by id as the database holds them now, active or not, priced at `at` (the offer's price
 * while it runs).
 */
export async function findProductsByIds(db: Db, ids: number[], at: Date = new Date()) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: productos.id,
      nombre: productos.nombre,
      ...offerColumns,
      stock: productos.stock,
      activo: productos.activo,
      imagen: productos.imagen,
    })
    .from(productos)
    .where(idIn(productos.id, ids));
  return rows.map((r) => {
    const price = pricing(r, at);
    return {
      id: r.id,
      nombre: r.nombre,
      precio: price.precio,
      // While the offer runs, the price it replaces and the offer (the cart shows them).
      precioNormal: price.precioNormal ?? null,
      oferta: price.precioNormal === undefined ? null : price.oferta,
      stock: r.stock,
      activo: r.activo,
      imagen: r.imagen,
    };
  });
}

/**
 * Takes `qty` units in one guarded statement: nothing changes unless the product is active and has
 * them. Answers the name, the price charged at `at` (the offer's while it runs) and the stock left
 * at that moment, or null when it could not.
 */
export async function decrementStock(db: Db, id: number, qty: number, at: Date = new Date()) {
  const [row] = await db
    .update(productos)
    .set({ stock: sql`${productos.stock} - ${qty}` })
    .where(and(eq(productos.id, id), eq(productos.activo, true), sql`${productos.stock} >= ${qty}`))
    .returning({
      nombre: productos.nombre,
      ...offerColumns,
      stock: productos.stock,
      ...medidasColumns,
    });
  if (!row) return null;
  const { nombre, stock } = row;
  return { nombre, precio: pricing(row, at).precio, stock, medidas: medidasOf(row) };
}

/** Gives `qty` units back; true when that brought the product back from none to some. */
export async function incrementStock(db: Db, id: number, qty: number): Promise<boolean> {
  const [row] = await db
    .update(productos)
    .set({ stock: sql`${productos.stock} + ${qty}` })
    .where(eq(productos.id, id))
    .returning({ stock: productos.stock });
  return row !== undefined && qty > 0 && row.stock - qty <= 0 && row.stock > 0;
}

/** A product a shopper can open, and when its page last changed. */
export interface PublishedProduct {
  id: number;
  lastmod: Date;
}

// Active products are only ever in active categories (a category with any cannot be deactivated),
// yet the page must never list one whose category is hidden, whatever wrote the rows.
const published = and(eq(productos.activo, true), eq(categorias.activo, true));

/**
 * The list cut by id into stretches of `size`: for each, when any product in its range of ids
 * last changed, on sale or not, so a product taken off sale dates the stretch it left. As many
 * entries as stretches; none when nothing is on sale.
 */
export async function publishedStretches(db: Db, size: number): Promise<Date[]> {
  const result = await db.execute(sql`
    with numbered as (
      select ${productos.id} as id,
        (row_number() over (order by ${productos.id}) - 1) / ${size} as stretch
      from ${productos} join ${categorias} on ${categorias.id} = ${productos.categoriaId}
      where ${published}
    ), ranges as (
      select stretch, min(id) as first, lead(min(id)) over (order by stretch) as next
      from numbered group by stretch
    )
    select extract(epoch from (
      select max(q.updated_at) from productos q
      where (r.stretch = 0 or q.id >= r.first) and (r.next is null or q.id < r.next)
    ))::float8 as lastmod
    from ranges r order by r.stretch`);
  return (result as unknown as { rows: { lastmod: number }[] }).rows.map(
    (row) => new Date(row.lastmod * 1000),
  );
}

/** One stretch of them by id, so every page of a long list is read the same way. */
export async function listPublishedProducts(
  db: Db,
  offset: number,
  limit: number,
): Promise<PublishedProduct[]> {
  return db
    .select({ id: productos.id, lastmod: productos.updatedAt })
    .from(productos)
    .innerJoin(categorias, eq(categorias.id, productos.categoriaId))
    .where(published)
    .orderBy(productos.id)
    .offset(offset)
    .limit(limit);
}

/** What packing an order needs of its products: weight and size, and the price (declared value). */
export async function parcelFactsByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: productos.id,
      precio: productos.precio,
      activo: productos.activo,
      ...medidasColumns,
    })
    .from(productos)
    .where(idIn(productos.id, ids));
  return rows.map((r) => ({
    id: r.id,
    activo: r.activo,
    precio: Number(r.precio),
    medidas: medidasOf(r),
  }));
}
