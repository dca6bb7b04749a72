import {
  offerApplies,
  type Oferta,
  type Producto,
  type ProductosQuery,
  type ComponenteParcial,
} from '@nexbyte/shared';
import { and, asc, count, desc, eq, gt, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { categorias } from '../categories/categories.schema';
import { productos } from './products.schema';
import { photosJson, withPhotos } from '../images/images.service';
import { MAX_ID } from '../params';
import {
  brandCondition,
  componentConditions,
  parseBrands,
  parseComponentFilters,
  parseSpecs,
  specConditions,
  specRowConditions,
} from './catalog-filters';

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
  componente: productos.componente,
  createdAt: productos.createdAt,
  precioOferta: productos.precioOferta,
  ofertaDesde: productos.ofertaDesde,
  ofertaHasta: productos.ofertaHasta,
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
  componente: ComponenteParcial | null;
  createdAt: Date;
  precioOferta: string | null;
  ofertaDesde: Date | null;
  ofertaHasta: Date | null;
  categoriaId: number;
  categoriaNombre: string;
  fotos: Parameters<typeof withPhotos>[1];
}

/** A product's stored offer, whether or not it runs now. */
export function offerOf(row: {
  precioOferta: string | null;
  ofertaDesde: Date | null;
  ofertaHasta: Date | null;
}): Oferta | null {
  if (row.precioOferta === null || !row.ofertaDesde || !row.ofertaHasta) return null;
  return {
    precio: Number(row.precioOferta),
    desde: row.ofertaDesde.toISOString(),
    hasta: row.ofertaHasta.toISOString(),
  };
}

/**
 * The price charged at `at` (the offer's while it runs) and, then, the normal one it replaces
 * (docs/product.md#offers); the stored offer, running or not, when there is one.
 */
export function pricing(row: Parameters<typeof offerOf>[0] & { precio: string }, at: Date) {
  // numeric(12,2) arrives as a string so that no cent is lost on the way.
  const normal = Number(row.precio);
  const oferta = offerOf(row);
  if (!oferta) return { precio: normal };
  return offerApplies(oferta, at)
    ? { precio: oferta.precio, precioNormal: normal, oferta }
    : { precio: normal, oferta };
}

/** A product as the API answers it, priced at `at` (now unless a caller says otherwise). */
export function toProducto(row: ProductoRow, at: Date = new Date()): Producto {
  return withPhotos(
    {
      id: row.id,
      nombre: row.nombre,
      descripcion: row.descripcion,
      ...pricing(row, at),
      imagen: row.imagen,
      stock: row.stock,
      activo: row.activo,
      categoria: { id: row.categoriaId, nombre: row.categoriaNombre },
      marca: row.marca,
      sku: row.sku,
      especificaciones: row.especificaciones,
      // A PC part's typed specification (decision 032); other products answer without one.
      ...(row.componente ? { componente: row.componente } : {}),
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

/** Each order read from its other end: every key flipped, so that its index is read backwards. */
export const REVERSED: Record<PlainOrder, readonly SQL[]> = {
  recientes: [asc(productos.createdAt), asc(productos.id)],
  precio_asc: [desc(productos.precio), desc(productos.id)],
  precio_desc: [asc(productos.precio), asc(productos.id)],
};

/** The plain order an order array is, if it is one (a search's relevance is not). */
export const plainOrderOf = (order: readonly SQL[]): PlainOrder | undefined =>
  (Object.keys(ORDER_BY) as PlainOrder[]).find((key) => ORDER_BY[key] === order);

/** Below this offset a page is read from the start without waiting for the list's count. */
export const FROM_END_MIN = 1000;

/**
 * A page of a list of `total` rows that lies nearer its end, as the rows read from the end: its
 * offset counted from the last row, its limit cut to the rows left. Null when the start is as
 * near or nearer, or the page is past the end. Work that grows with the offset (index entries
 * skipped, a sort bounded by the page's end) then grows with the rows after the page instead:
 * the last page of any list costs what its first does.
 */
export function fromEnd(total: number, { limit, offset }: PageRequest): PageRequest | null {
  const after = total - offset - limit;
  if (offset >= total || after >= offset) return null;
  return { limit: Math.min(limit, total - offset), offset: Math.max(0, after) };
}

/**
 * A page of a list whose exact count is known: none past the end, read from the end when nearer
 * it (fromEnd), from the start otherwise.
 */
export async function deepPage(
  db: Db,
  conditions: SQL[],
  order: PlainOrder,
  page: PageRequest,
  total: number,
): Promise<Producto[]> {
  if (page.offset >= total) return [];
  const tail = fromEnd(total, page);
  return tail
    ? fetchPage(db, conditions, ORDER_BY[order], tail, REVERSED[order])
    : fetchPage(db, conditions, ORDER_BY[order], page);
}

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
  /**
   * The same filters as they are best tested on rows already read (a sample, a walk): a
   * specification value as a containment rather than through its keys' index expression.
   */
  rowFilters: SQL[];
  /** The price range's conditions among the filters: an index range when the list is by price. */
  priceRange?: SQL[];
  /** What lies outside the price range, one index range each (below the minimum, above the maximum). */
  priceOutside?: SQL[];
}

export function buildScope(db: Db, query: ProductosQuery, includeInactive: boolean): Scope {
  const estado = includeInactive ? (query.estado ?? 'todos') : 'activos';
  const price: SQL[] = [];
  if (query.min !== undefined) price.push(gte(productos.precio, query.min.toFixed(2)));
  if (query.max !== undefined) price.push(lte(productos.precio, query.max.toFixed(2)));
  const categoria = query.categoria ? categoryConditions(query.categoria) : null;
  const marca = brandCondition(parseBrands(query.marca));
  const specs = parseSpecs(query.espec);
  const components = componentConditions(parseComponentFilters(query.componente));
  const others = [...price, ...(marca ? [marca] : [])];
  return {
    activo: estado === 'todos' ? null : estado === 'activos',
    categoria: categoria?.productos ?? null,
    categoriaConteo: categoria?.conteo ?? null,
    filters: [...others, ...specConditions(specs), ...components],
    rowFilters: [...others, ...specRowConditions(specs), ...components],
    priceRange: price,
    priceOutside: [
      ...(query.min === undefined ? [] : [lt(productos.precio, query.min.toFixed(2))]),
      ...(query.max === undefined ? [] : [gt(productos.precio, query.max.toFixed(2))]),
    ],
  };
}

/**
 * A category by id or by name (case-insensitive), without joining categorias. A name is one id
 * (names are unique without case), found before the scan: as `= (select …)` the planner reads
 * the category's own index in the list's order; as `in (select …)` it walked the whole
 * catalogue's order index and joined every row to the category to filter it.
 */
function categoryConditions(categoria: string) {
  const asId = Number(categoria);
  if (Number.isInteger(asId) && asId > 0 && asId <= MAX_ID) {
    return { productos: eq(productos.categoriaId, asId), conteo: sql`categoria_id = ${asId}` };
  }
  const id = sql`(select ${categorias.id} from ${categorias}
    where lower(${categorias.nombre}) = lower(${categoria}) limit 1)`;
  return { productos: sql`${productos.categoriaId} = ${id}`, conteo: sql`categoria_id = ${id}` };
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
/**
 * Above this many expected matches a walk that came up short at its cap goes on instead of
 * gathering them all: sorting tens of thousands of rows costs more than reading on.
 */
export const GATHER_MAX = 10_000;
/** How many of the scope's newest products an estimate looks at. */
export const SAMPLE_SIZE = 1000;

export interface ScopeSample {
  /** The sample is the whole scope: its counts are exact. */
  whole: boolean;
  hits: number;
  prefixHits: number;
  /** The scope's size (ignoring the filters the sample tests). */
  size: number;
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
      componente: productos.componente,
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
    size: whole ? scanned : base,
    estimate: (n) => (whole ? n : Math.round((n / scanned) * base)),
  };
}

/** The count of a list without text nor filters: productos_conteo, one row per category. */
export async function countScope(db: Db, scope: Scope): Promise<number> {
  const result = await db.execute(sql`select ${conteoSql(scope)} as total`);
  return rowsOf<{ total: number }>(result)[0]?.total ?? 0;
}

/**
 * Whether to gather every match and sort them (work ∝ the matches, through the index that fits
 * the filters) rather than read the list's order index until the page is full (work ∝ the rows
 * up to the page's end over the share of rows that match). A sample's estimate chooses: up to
 * EXACT_TOTAL_MAX matches always (their total is then exact), beyond when gathering reads fewer
 * rows than the walk would (decision 031).
 */
export function gatherMatches(sample: ScopeSample, { limit, offset }: PageRequest): boolean {
  const matches = sample.estimate(sample.hits);
  return (
    sample.whole ||
    matches <= EXACT_TOTAL_MAX ||
    matches * matches <= (offset + limit) * sample.size
  );
}

/**
 * A page of a list filtered by price, brand or specifications (what productos_conteo cannot
 * count): every match gathered and sorted when they are few (exact total), or the order index
 * read until the page is full, at most walkCap rows (estimated total, as a search's: decision
 * 009), and gathered after all when the walk comes up short.
 */
export async function filteredPage(
  db: Db,
  scope: Scope,
  orderBy: readonly SQL[],
  page: PageRequest,
): Promise<{ items: Producto[]; total: number }> {
  const sample = await sampleScope(db, scope, and(...scope.rowFilters)!);
  const conditions = scopeConditions(scope);
  const { limit, offset } = page;
  const estimate = sample.estimate(sample.hits);
  // Only a price range: the order's index answers it alone (a range of the price index, a test
  // on the entries of the recency index, which hold the price: migration 0027), so the plain
  // page reads index entries only, and a deep page skips them.
  const priceOnly = scope.filters.every((f) => scope.priceRange?.includes(f));
  if (priceOnly && !sample.whole && estimate > EXACT_TOTAL_MAX) {
    const plain = plainOrderOf(orderBy);
    // Deep: counted exactly (index entries only), and read from the end when nearer it.
    if (plain && offset >= FROM_END_MIN) {
      const total = await countPriceRange(db, scope, estimate, sample.size);
      return { items: await deepPage(db, conditions, plain, page, total), total };
    }
    const items = await fetchPage(db, conditions, orderBy, page);
    const exhausted = items.length < limit && (items.length > 0 || offset === 0);
    return {
      items,
      total: exhausted ? offset + items.length : Math.max(estimate, offset + limit + 1),
    };
  }
  if (gatherMatches(sample, page)) return filteredGathered(db, scope, orderBy, page, estimate);
  const items = await fetchIds(
    db,
    scanIds(scope, sql`true`, orderBy, page, walkCap(sample, page)),
    orderBy,
  );
  if (items.length === limit) return { items, total: Math.max(estimate, offset + limit + 1) };
  // Short: the list ended, or the walk stopped at its cap. Few matches are gathered; many,
  // bunched far along the order, are walked to without a cap.
  if (estimate <= GATHER_MAX) return filteredGathered(db, scope, orderBy, page, estimate);
  const rest = await fetchIds(db, scanIds(scope, sql`true`, orderBy, page), orderBy);
  const exhausted = rest.length < limit && (rest.length > 0 || offset === 0);
  return {
    items: rest,
    total: exhausted ? offset + rest.length : Math.max(estimate, offset + limit + 1),
  };
}

/**
 * The exact count of a list filtered by a price range alone, off index entries only: the range
 * itself when the sample expects it to hold at most half the scope, else the scope's count
 * (productos_conteo) less what lies outside the range. Either way at most half the scope's
 * entries are read.
 */
async function countPriceRange(
  db: Db,
  scope: Scope,
  expected: number,
  size: number,
): Promise<number> {
  if (expected <= size / 2) return countWhere(db, scopeConditions(scope));
  const outside = (scope.priceOutside ?? []).map(
    (beyond) =>
      sql`(select count(*) from ${productos} where ${and(...baseConditions(scope), beyond)})`,
  );
  const result = await db.execute(
    sql`select (${conteoSql(scope)} - ${sql.join([sql`0`, ...outside], sql` - `)})::int as total`,
  );
  return rowsOf<{ total: number }>(result)[0]?.total ?? 0;
}

async function filteredGathered(
  db: Db,
  scope: Scope,
  orderBy: readonly SQL[],
  page: PageRequest,
  expected: number,
): Promise<{ items: Producto[]; total: number }> {
  const conditions = scopeConditions(scope);
  const cap = gatherCap(expected);
  const plain = plainOrderOf(orderBy);
  const { items, total } = await gatheredPage(db, conditions, orderBy, page, {
    cap,
    ...(plain && page.offset > 0 && fromEnd(expected, page) ? { reversed: REVERSED[plain] } : {}),
  });
  const counted = total ?? (page.offset > 0 ? await countUpTo(db, conditions, cap) : 0);
  if (counted < cap) return { items, total: counted };
  // More than the sample foretold (its newest products unlike the rest): walk to the page.
  const walked = await fetchIds(db, scanIds(scope, sql`true`, orderBy, page), orderBy);
  const { limit, offset } = page;
  const exhausted = walked.length < limit && (walked.length > 0 || offset === 0);
  return {
    items: walked,
    total: exhausted ? offset + walked.length : Math.max(cap, offset + limit + 1),
  };
}

/**
 * The most rows a gather reads: twice what the sample expects, and never under twice
 * EXACT_TOTAL_MAX, so that a sample unlike the rest of the scope costs a bounded read before
 * the list is read the other way.
 */
export const gatherCap = (expected: number) => 2 * Math.max(EXACT_TOTAL_MAX, expected);

/**
 * Every row that meets the conditions, sorted, and counted (a count of what was gathered, not a
 * window over the sort: two windows over tens of thousands of rows cost a deep page a fifth of
 * its time). They are gathered first, on their own (MATERIALIZED), so that the planner
 * reads them through the indexes that fit the conditions: left to choose, it may walk the whole
 * order index instead to spare a sort of a few hundred rows. The total is null past the end.
 * With a cap, at most that many are gathered: a total equal to it means the estimate that chose
 * this way was wrong, and the page is not to be trusted.
 *
 * The price is gathered in cents, as a bigint: sorting 25,000 numerics took half of a deep
 * page's time, integers a fifth of it (the order is the same: prices have two decimals). With
 * `reversed` (the order read from its other end), for a page past the middle, the sort keeps
 * only the rows from the page to the end, as many as the count less the offset: a bounded sort
 * as short as the rows after the page, instead of one as long as the rows before it.
 */
export async function gatheredPage(
  db: Db,
  conditions: SQL[],
  order: readonly SQL[],
  { limit, offset }: PageRequest,
  { cap, reversed }: { cap?: number; reversed?: readonly SQL[] } = {},
): Promise<{ items: Producto[]; total: number | null }> {
  const orderBy = sql.join([...order], sql`, `);
  const page = reversed
    ? sql`select id, (select n from counted) as total
        from (
          select * from matching as ${productos}
          order by ${sql.join([...reversed], sql`, `)}
          limit greatest(0, (select n from counted) - ${offset})
        ) as ${productos}
        order by ${orderBy}
        limit ${limit}`
    : sql`select id, (select n from counted) as total
        from matching as ${productos}
        order by ${orderBy}
        limit ${limit} offset ${offset}`;
  const rows = await db
    .select({ ...columns, total: sql<number>`pagina.total` })
    .from(
      sql`(
        with matching as materialized (
          select id, created_at, (precio * 100)::bigint as precio, busqueda_nombre
          from ${productos} where ${and(...conditions)}
          ${cap === undefined ? sql`` : sql`limit ${cap}`}
        ), counted as (select count(*)::int as n from matching)
        ${page}
      ) as pagina`,
    )
    .innerJoin(productos, sql`${productos.id} = pagina.id`)
    .innerJoin(categorias, eq(productos.categoriaId, categorias.id))
    // The page's few rows sorted again by the same order (it ends with the id: one order).
    .orderBy(...order);
  return { items: rows.map((row) => toProducto(row)), total: rows[0]?.total ?? null };
}

/** count(*), but it stops reading at `cap` rows. */
export async function countUpTo(db: Db, conditions: SQL[], cap: number): Promise<number> {
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
 * and only then joined to the category of each of its rows. `readOrder` reads the index in
 * another direction (REVERSED, with a page from fromEnd); the page is given in `orderBy`.
 */
export async function fetchPage(
  db: Db,
  conditions: SQL[],
  orderBy: readonly SQL[],
  { limit, offset }: PageRequest,
  readOrder: readonly SQL[] = orderBy,
): Promise<Producto[]> {
  const ids = db
    .select({ id: productos.id })
    .from(productos)
    .where(and(...conditions))
    .orderBy(...readOrder)
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
  return rows.map((row) => toProducto(row));
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
  cap?: number,
): SQL {
  // With a cap, only what the order's index answers is inside (the state and category, and by
  // price the price range): the cap then counts the rows read. The other filters are tested,
  // with the text, on the rows read.
  const byPrice = orderBy === ORDER_BY.precio_asc || orderBy === ORDER_BY.precio_desc;
  const range = byPrice ? (scope.priceRange ?? []) : [];
  const inside = cap === undefined ? scopeConditions(scope) : [...baseConditions(scope), ...range];
  const outside =
    cap === undefined ? [filter] : [...scope.rowFilters.filter((f) => !range.includes(f)), filter];
  return sql`
    select ${productos}.id from (
      select id, created_at, precio, busqueda, busqueda_nombre, marca, especificaciones, componente
      from ${productos}
      where ${and(...inside) ?? sql`true`}
      order by ${sql.join([...orderBy], sql`, `)}
      ${cap === undefined ? sql`offset 0` : sql`limit ${cap}`}
    ) as ${productos}
    where ${and(...outside)}
    order by ${sql.join([...orderBy], sql`, `)}
    limit ${limit} offset ${offset}`;
}

/**
 * How many rows of the order index a walk may read before the matches are gathered instead:
 * twice what the sample's share of matches predicts for the page's end, and never less than the
 * sample itself. A list whose matches bunch up far along its order (the dearest products, by
 * price ascending) would otherwise be read nearly whole.
 */
export function walkCap(sample: ScopeSample, { limit, offset }: PageRequest): number {
  const matches = Math.max(1, sample.estimate(sample.hits));
  return Math.max(SAMPLE_SIZE, Math.ceil((2 * (offset + limit) * sample.size) / matches));
}
