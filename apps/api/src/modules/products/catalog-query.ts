import type { Producto, ProductosQuery } from '@nexbyte/shared';
import { and, asc, count, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { categorias } from '../categories/categories.schema';
import { productos } from './products.schema';
import { photosJson, withPhotos } from '../images/images.service';
import { MAX_ID } from '../params';
import { brandCondition, parseBrands, parseSpecs, specConditions } from './catalog-filters';

// The pieces every product list is built from: which rows (scope), in which order, and how a
// page of ids becomes the products' JSON.

export const columns = {
  id: productos.id,
  nombre: productos.nombre,
  descripcion: productos.descripcion,
  precio: productos.precio,
  imagen: productos.imagen,
  stock: productos.stock,
  activo: productos.activo,
  marca: productos.marca,
  sku: productos.sku,
  especificaciones: productos.especificaciones,
  createdAt: productos.createdAt,
  categoriaId: categorias.id,
  categoriaNombre: categorias.nombre,
  fotos: photosJson,
};

interface ProductoRow {
  id: number;
  nombre: string;
  descripcion: string | null;
  precio: string;
  imagen: string | null;
  stock: number;
  activo: boolean;
  marca: string | null;
  sku: string;
  especificaciones: { nombre: string; valor: string }[];
  createdAt: Date;
  categoriaId: number;
  categoriaNombre: string;
  fotos: Parameters<typeof withPhotos>[1];
}

export function toProducto(row: ProductoRow): Producto {
  return withPhotos(
    {
      id: row.id,
      nombre: row.nombre,
      descripcion: row.descripcion,
      // numeric(12,2) arrives as a string so that no cent is lost on the way.
      precio: Number(row.precio),
      imagen: row.imagen,
      stock: row.stock,
      activo: row.activo,
      categoria: { id: row.categoriaId, nombre: row.categoriaNombre },
      marca: row.marca,
      sku: row.sku,
      especificaciones: row.especificaciones,
      imagenes: [],
      createdAt: row.createdAt.toISOString(),
    },
    row.fotos,
  );
}

/** Every order but relevance; each ends in id so that equal keys still page consistently. */
export const ORDER_BY = {
  recientes: [desc(productos.createdAt), desc(productos.id)],
  precio_asc: [asc(productos.precio), asc(productos.id)],
  precio_desc: [desc(productos.precio), desc(productos.id)],
} as const;
export type PlainOrder = keyof typeof ORDER_BY;

/** The rows a list may hold before any text is matched, as conditions on productos alone. */
export interface Scope {
  /** Active only (true), inactive only (false), or both (null, an ADMIN's default). */
  activo: boolean | null;
  categoria: SQL | null;
  /** The same category, as a condition on productos_conteo. */
  categoriaConteo: SQL | null;
  /**
   * Conditions productos_conteo cannot count: the price range, brands and specification values
   * (catalog-filters.ts).
   */
  filters: SQL[];
}

export function buildScope(db: Db, query: ProductosQuery, includeInactive: boolean): Scope {
  const estado = includeInactive ? (query.estado ?? 'todos') : 'activos';
  const price: SQL[] = [];
  if (query.min !== undefined) price.push(gte(productos.precio, query.min.toFixed(2)));
  if (query.max !== undefined) price.push(lte(productos.precio, query.max.toFixed(2)));
  const categoria = query.categoria ? categoryConditions(db, query.categoria) : null;
  const marca = brandCondition(parseBrands(query.marca));
  return {
    activo: estado === 'todos' ? null : estado === 'activos',
    categoria: categoria?.productos ?? null,
    categoriaConteo: categoria?.conteo ?? null,
    filters: [...price, ...(marca ? [marca] : []), ...specConditions(parseSpecs(query.espec))],
  };
}

/** A category by id or by name (case-insensitive), without joining categorias. */
function categoryConditions(db: Db, categoria: string) {
  const asId = Number(categoria);
  if (Number.isInteger(asId) && asId > 0 && asId <= MAX_ID) {
    return { productos: eq(productos.categoriaId, asId), conteo: sql`categoria_id = ${asId}` };
  }
  const ids = db
    .select({ id: categorias.id })
    .from(categorias)
    .where(sql`lower(${categorias.nombre}) = lower(${categoria})`);
  return { productos: inArray(productos.categoriaId, ids), conteo: sql`categoria_id in ${ids}` };
}

/** Scope without its filters: what productos_conteo can count. */
export const baseConditions = (scope: Scope): SQL[] => [
  ...(scope.activo === null ? [] : [eq(productos.activo, scope.activo)]),
  ...(scope.categoria ? [scope.categoria] : []),
];

export const scopeConditions = (scope: Scope): SQL[] => [
  ...baseConditions(scope),
  ...scope.filters,
];

/**
 * How many products the scope holds ignoring the price range, read from productos_conteo (kept
 * by triggers, one row per category and state) instead of counting the catalogue's index.
 */
export function conteoSql(scope: Scope): SQL {
  const where: SQL[] = [sql`true`];
  if (scope.activo !== null) where.push(sql`activo = ${scope.activo}`);
  if (scope.categoriaConteo) where.push(scope.categoriaConteo);
  return sql`(select coalesce(sum(n), 0)::int from productos_conteo where ${sql.join(where, sql` and `)})`;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * X-Total-Count is exact up to this many rows. Beyond it, a list filtered by text or by price
 * gives an estimate (see sampleScope): counting 20,000 matches costs more than the page itself.
 */
export const EXACT_TOTAL_MAX = 1000;
/** How many of the scope's newest products an estimate looks at. */
export const SAMPLE_SIZE = 1000;

export interface ScopeSample {
  /** The sample is the whole scope: its counts are exact. */
  whole: boolean;
  hits: number;
  prefixHits: number;
  /** How many of the scope's products a number of the sample's stands for. */
  estimate(sampleHits: number): number;
}

/**
 * Looks at the scope's newest products (ignoring the price range) and counts how many pass
 * `hit`, and `prefix`: the scope's size (productos_conteo) times that proportion estimates the
 * matches of the whole scope. Newest first because the recency index gives them cheaply, and
 * because recent products sit together on disk.
 */
export async function sampleScope(
  db: Db,
  scope: Scope,
  hit: SQL,
  prefix: SQL = sql`false`,
): Promise<ScopeSample> {
  const newest = db
    .select({
      busqueda: sql`${productos}.busqueda`.as('busqueda'),
      busquedaNombre: sql`${productos}.busqueda_nombre`.as('busqueda_nombre'),
      precio: productos.precio,
      marca: productos.marca,
      especificaciones: productos.especificaciones,
    })
    .from(productos)
    .where(and(...baseConditions(scope)))
    .orderBy(...ORDER_BY.recientes)
    .limit(SAMPLE_SIZE);
  // Aliased as productos so that the conditions read the sample's columns.
  const result = await db.execute(sql`
    select ${conteoSql(scope)} as base, count(*)::int as scanned,
      (count(*) filter (where ${hit}))::int as hits,
      (count(*) filter (where ${prefix}))::int as "prefixHits"
    from (${newest}) as ${productos}
  `);
  const { base, scanned, hits, prefixHits } = rowsOf<{
    base: number;
    scanned: number;
    hits: number;
    prefixHits: number;
  }>(result)[0]!;
  const whole = scanned < SAMPLE_SIZE;
  return {
    whole,
    hits,
    prefixHits,
    estimate: (n) => (whole ? n : Math.round((n / scanned) * base)),
  };
}

/**
 * The unpaged count of a list without text: productos_conteo without a price range; with one,
 * an exact count up to EXACT_TOTAL_MAX and an estimate beyond.
 */
export async function countScope(db: Db, scope: Scope): Promise<number> {
  if (scope.filters.length === 0) {
    const result = await db.execute(sql`select ${conteoSql(scope)} as total`);
    return rowsOf<{ total: number }>(result)[0]?.total ?? 0;
  }
  const exact = await countUpTo(db, scopeConditions(scope), EXACT_TOTAL_MAX + 1);
  if (exact <= EXACT_TOTAL_MAX) return exact;
  const sample = await sampleScope(db, scope, and(...scope.filters)!);
  return Math.max(exact, sample.estimate(sample.hits));
}

/** count(*), but it stops reading at `cap` rows. */
async function countUpTo(db: Db, conditions: SQL[], cap: number): Promise<number> {
  const capped = db
    .select({ one: sql`1`.as('one') })
    .from(productos)
    .where(and(...conditions))
    .limit(cap)
    .as('capped');
  const [row] = await db.select({ total: count() }).from(capped);
  return row?.total ?? 0;
}

export async function countWhere(db: Db, conditions: SQL[]): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(productos)
    .where(and(...conditions));
  return row?.total ?? 0;
}

export interface PageRequest {
  limit: number;
  offset: number;
}

/**
 * A page chosen on productos alone (an index read in order, skipping entries for a deep page)
 * and only then joined to the category of each of its rows.
 */
export async function fetchPage(
  db: Db,
  conditions: SQL[],
  orderBy: readonly SQL[],
  { limit, offset }: PageRequest,
): Promise<Producto[]> {
  const ids = db
    .select({ id: productos.id })
    .from(productos)
    .where(and(...conditions))
    .orderBy(...orderBy)
    .limit(limit)
    .offset(offset);
  return fetchIds(db, sql`${ids}`, orderBy);
}

/** The products whose ids a query selects (a column named id), in the given order. */
export async function fetchIds(db: Db, ids: SQL, orderBy: readonly SQL[]): Promise<Producto[]> {
  const rows = await db
    .select(columns)
    .from(sql`(${ids}) as pagina`)
    .innerJoin(productos, sql`${productos.id} = pagina.id`)
    .innerJoin(categorias, eq(productos.categoriaId, categorias.id))
    .orderBy(...orderBy);
  return rows.map(toProducto);
}

/**
 * Ids of a page read off the scope's index in the list's order, keeping the rows that pass
 * `filter`, and stopping once the page is full: for a filter most products pass ('mouse'), that
 * is a few hundred index entries. The OFFSET 0 keeps the planner from folding the filter into
 * the scan and choosing to sort every match first, as its estimate of a text match would have it.
 */
export function scanIds(
  scope: Scope,
  filter: SQL,
  orderBy: readonly SQL[],
  { limit, offset }: PageRequest,
): SQL {
  return sql`
    select ${productos}.id from (
      select id, created_at, precio, busqueda, busqueda_nombre
      from ${productos}
      where ${and(...scopeConditions(scope)) ?? sql`true`}
      order by ${sql.join([...orderBy], sql`, `)}
      offset 0
    ) as ${productos}
    where ${filter}
    order by ${sql.join([...orderBy], sql`, `)}
    limit ${limit} offset ${offset}`;
}
