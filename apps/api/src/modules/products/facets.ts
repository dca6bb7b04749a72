import {
  CAMPOS_FACETA,
  FACET_BRANDS_MAX,
  FACET_SPEC_NAMES_MAX,
  FACET_SPEC_VALUES_MAX,
  type Facetas,
  type ProductosQuery,
} from '@nexbyte/shared';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { categorias } from '../categories/categories.schema';
import { productos } from './products.schema';
import { buildScope } from './catalog-query';
import {
  brandCondition,
  componentCondition,
  parseBrands,
  parseComponentFilters,
  parseSpecs,
  specCondition,
  type ComponentFilter,
  type SpecFilter,
} from './catalog-filters';
import { matches } from './search-ranking';
import { resolveSearch } from './search-terms';

// GET /productos/facetas: what the shopper could narrow the list to, and how many products each
// choice leaves. Each facet is counted with every filter but its own (a chosen brand does not
// hide the other brands, which stay alternatives; a chosen category still shows the others), so
// the counts say what ticking one more box gives. Only active products: it is the shop's list.

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** A specification name is offered when this many products of the result have it. */
export const FACET_SPEC_MIN_PRODUCTS = 2;

const EMPTY: Facetas = { categorias: [], marcas: [], especificaciones: [] };

export async function productFacets(db: Db, query: ProductosQuery): Promise<Facetas> {
  // The scope without brands, specs and typed values: those are left out facet by facet below.
  const scope = buildScope(
    db,
    { ...query, marca: undefined, espec: undefined, componente: undefined },
    false,
  );
  const common: SQL[] = [eq(productos.activo, true), ...scope.filters];
  if (query.q) {
    const search = await resolveSearch(db, query.q, false);
    if (search.tsquery === null) return EMPTY;
    common.push(matches({ ...search, tsquery: search.tsquery }));
  }
  const brands = brandCondition(parseBrands(query.marca));
  const specs = parseSpecs(query.espec);
  const specAll = [...specs].map(([nombre, values]) => specCondition(nombre, values));
  const parts = parseComponentFilters(query.componente);
  const partAll = [...parts].map(([campo, values]) => componentCondition(campo, values));
  const categoria = scope.categoria ? [scope.categoria] : [];
  const brand = brands ? [brands] : [];
  // Nothing but the category narrows the facet: the kept counts of migration 0011 answer it.
  const plain = !query.q && scope.filters.length === 0 && parts.size === 0;
  const inCategory = scope.categoriaConteo ?? sql`true`;

  const [porCategoria, porMarca, porEspec, porComponente] = await Promise.all([
    plain && !brands && specs.size === 0
      ? keptCategoryCounts(db)
      : countCategories(db, [...common, ...brand, ...specAll, ...partAll]),
    plain && specs.size === 0
      ? keptBrandCounts(db, inCategory)
      : countBrands(db, [...common, ...categoria, ...specAll, ...partAll]),
    plain && !brands && specs.size === 0
      ? keptSpecCounts(db, inCategory)
      : countSpecs(db, [...common, ...categoria, ...brand, ...partAll], specs),
    countComponentValues(db, [...common, ...categoria, ...brand, ...specAll], parts),
  ]);
  const componentes = offeredComponentValues(porComponente, parts);
  return {
    categorias: porCategoria,
    marcas: porMarca,
    especificaciones: offeredSpecs(porEspec, specs),
    ...(componentes.length > 0 ? { componentes } : {}),
  };
}

async function keptCategoryCounts(db: Db) {
  const result = await db.execute(sql`
    select c.id, c.nombre, sum(k.n)::int as cantidad
    from productos_conteo k join ${categorias} c on c.id = k.categoria_id
    where k.activo and k.n > 0
    group by c.id, c.nombre
    order by c.nombre`);
  return rowsOf<{ id: number; nombre: string; cantidad: number }>(result);
}

async function keptBrandCounts(db: Db, inCategory: SQL) {
  const result = await db.execute(sql`
    select min(marca) as valor, sum(n)::int as cantidad
    from marcas_conteo
    where ${inCategory}
    group by lower(marca)
    order by cantidad desc, valor
    limit ${FACET_BRANDS_MAX}`);
  return rowsOf<{ valor: string; cantidad: number }>(result);
}

async function keptSpecCounts(db: Db, inCategory: SQL) {
  const result = await db.execute(sql`
    select nombre, valor, sum(n)::int as cantidad
    from especificaciones_conteo
    where ${inCategory}
    group by 1, 2`);
  return rowsOf<SpecCount>(result);
}

async function countCategories(db: Db, conditions: SQL[]) {
  const rows = await db
    .select({
      id: categorias.id,
      nombre: categorias.nombre,
      cantidad: sql<number>`count(*)::int`,
    })
    .from(productos)
    .innerJoin(categorias, eq(productos.categoriaId, categorias.id))
    .where(and(...conditions))
    .groupBy(categorias.id, categorias.nombre)
    .orderBy(categorias.nombre);
  return rows;
}

/** The brands with most products first; a brand written in two cases counts once. */
async function countBrands(db: Db, conditions: SQL[]) {
  const result = await db.execute(sql`
    select min(${productos.marca}) as valor, count(*)::int as cantidad
    from ${productos}
    where ${and(...conditions, sql`${productos.marca} is not null`)}
    group by lower(${productos.marca})
    order by cantidad desc, valor
    limit ${FACET_BRANDS_MAX}`);
  return rowsOf<{ valor: string; cantidad: number }>(result);
}

interface SpecCount {
  nombre: string;
  valor: string;
  cantidad: number;
}

/**
 * Every (name, value) pair of the matching products with its count, in one pass: a pair of a
 * chosen name is counted without that name's own filter, so its other values stay offered.
 */
async function countSpecs(db: Db, conditions: SQL[], chosen: SpecFilter) {
  const name = sql`e.value->>'nombre'`;
  const others = [...chosen].map(
    ([nombre, values]) => sql`(${name} = ${nombre} or ${specCondition(nombre, values)})`,
  );
  const result = await db.execute(sql`
    select ${name} as nombre, e.value->>'valor' as valor, count(*)::int as cantidad
    from ${productos}, jsonb_array_elements(${productos.especificaciones}) as e
    where ${and(...conditions, ...others)}
    group by 1, 2`);
  return rowsOf<SpecCount>(result);
}

/**
 * The names most products have (at least FACET_SPEC_MIN_PRODUCTS, with more than one value: one
 * value for all narrows nothing), each with its commonest values; chosen names and values are
 * always kept, so the shopper can untick them.
 */
function offeredSpecs(rows: SpecCount[], chosen: SpecFilter) {
  const byName = new Map<string, { valor: string; cantidad: number }[]>();
  for (const row of rows) {
    const values = byName.get(row.nombre) ?? [];
    values.push({ valor: row.valor, cantidad: row.cantidad });
    byName.set(row.nombre, values);
  }
  const facets = [...byName].map(([nombre, values]) => ({
    nombre,
    products: values.reduce((sum, v) => sum + v.cantidad, 0),
    values: values.sort((a, b) => b.cantidad - a.cantidad || a.valor.localeCompare(b.valor, 'es')),
    chosen: chosen.get(nombre) ?? [],
  }));
  // Most common names first; a chosen one is kept even past the bound.
  const offered = facets
    .filter((f) => f.products >= FACET_SPEC_MIN_PRODUCTS && f.values.length > 1)
    .sort((a, b) => b.products - a.products || a.nombre.localeCompare(b.nombre, 'es'))
    .slice(0, FACET_SPEC_NAMES_MAX);
  const kept = facets.filter((f) => offered.includes(f) || f.chosen.length > 0);
  kept.sort((a, b) => b.products - a.products || a.nombre.localeCompare(b.nombre, 'es'));
  return kept.map((f) => ({
    nombre: f.nombre,
    valores: f.values.filter((v, i) => i < FACET_SPEC_VALUES_MAX || f.chosen.includes(v.valor)),
  }));
}

interface ComponentCount {
  campo: string;
  valor: string;
  cantidad: number;
}

/**
 * Every typed value the list's PC parts hold among the fields offered as filters (a list field
 * counts each of its values), in one pass over the parts alone (productos_componente_idx): a
 * value of a chosen field is counted without that field's own filter, as countSpecs does.
 */
async function countComponentValues(db: Db, conditions: SQL[], chosen: ComponentFilter) {
  const campo = sql`f.key`;
  const others = [...chosen].map(
    ([name, values]) => sql`(${campo} = ${name} or ${componentCondition(name, values)})`,
  );
  const fields = sql.join(
    CAMPOS_FACETA.map((c) => sql`${c.campo}`),
    sql`, `,
  );
  const result = await db.execute(sql`
    select ${campo} as campo, v.valor, count(*)::int as cantidad
    from ${productos},
      jsonb_each(${productos.componente}) as f,
      jsonb_array_elements_text(
        case when jsonb_typeof(f.value) = 'array' then f.value else jsonb_build_array(f.value) end
      ) as v(valor)
    where ${and(
      sql`${productos.componente} is not null`,
      sql`${productos.activo}`,
      sql`${campo} in (${fields})`,
      ...conditions,
      ...others,
    )}
    group by 1, 2`);
  return rowsOf<ComponentCount>(result);
}

/**
 * The typed fields in CAMPOS_FACETA's order, each with its values, most common first: a field
 * with one value for all narrows nothing and is left out, unless chosen (so it can be unticked).
 */
function offeredComponentValues(rows: ComponentCount[], chosen: ComponentFilter) {
  return CAMPOS_FACETA.flatMap((field) => {
    const valores = rows
      .filter((r) => r.campo === field.campo)
      .map(({ valor, cantidad }) => ({ valor, cantidad }))
      .sort((a, b) => b.cantidad - a.cantidad || a.valor.localeCompare(b.valor, 'es'))
      .slice(0, FACET_SPEC_VALUES_MAX);
    const offered = valores.length > 1 || (chosen.has(field.campo) && valores.length > 0);
    return offered ? [{ campo: field.campo, etiqueta: field.etiqueta, valores }] : [];
  });
}
