import type { OrdenProductos, Producto } from '@nexbyte/shared';
import { and, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  countUpTo,
  countWhere,
  EXACT_TOTAL_MAX,
  GATHER_MAX,
  fetchIds,
  fromEnd,
  gatheredPage,
  gatherCap,
  gatherMatches,
  ORDER_BY,
  plainOrderOf,
  REVERSED,
  sampleScope,
  scanIds,
  scopeConditions,
  type PageRequest,
  type PlainOrder,
  type Scope,
  walkCap,
} from './catalog-query';
import { productos } from './products.schema';
import { matches, nameLength, relevanceLevel, startsWithPhrase } from './search-ranking';
import type { ResolvedSearch } from './search-terms';

// ---------------------------------------------------------------------------------------------
// A page of search results. Ranking every match and counting them all costs a heap visit per
// match: cheap for a few hundred, a hundred times the page itself for 'mouse' among 100,000
// products. So the search first looks at a sample (the scope's newest products) and then:
// - few matches expected: every match is ranked, and counted in the same pass (exact total);
// - many: the page is read off an index in order and the read stops once the page is full
//   (by relevance: names that start with the query first, then the rest, newest first), and the
//   total is the sample's proportion times the scope's size: an estimate, never below what the
//   pages already showed. The sample is the newest products: a catalogue whose newest part is
//   unlike the rest (a whole brand imported at once) gets a skewed estimate until it mixes.

export interface SearchPage {
  items: Producto[];
  total: number;
}

type Searchable = ResolvedSearch & { tsquery: string };

export async function searchProducts(
  db: Db,
  search: Searchable,
  scope: Scope,
  orden: OrdenProductos,
  page: PageRequest,
): Promise<SearchPage> {
  const hit = and(matches(search), ...scope.rowFilters)!;
  const found = await sampleScope(db, scope, hit, and(hit, startsWithPhrase(search))!);
  const total = found.estimate(found.hits);
  // By price or recency a deep page may also gather every match: both ways give one order. By
  // relevance ranking them all would give another order than the many-matches path's, so a
  // deep page gathers them in that path's own order (below).
  if (
    found.whole ||
    total <= EXACT_TOTAL_MAX ||
    (orden !== 'relevancia' && gatherMatches(found, page))
  ) {
    const ranked = await rankAll(db, search, scope, orden, page, total);
    if (ranked) return ranked;
  }
  const { limit, offset } = page;
  let items: Producto[];
  if (orden === 'relevancia' && gatherMatches(found, page)) {
    // A deep page: gathering every match in the same order reads fewer rows than walking to it.
    const group = sql`case when ${startsWithPhrase(search)} then 0 else 1 end`;
    const conditions = [...scopeConditions(scope), matches(search)];
    const gathered = await gatheredPage(db, conditions, [group, ...ORDER_BY.recientes], page);
    if (gathered.total !== null) return { items: gathered.items, total: gathered.total };
    items = [];
  } else if (orden === 'relevancia') {
    items = await prefixFirst(db, search, scope, found.estimate(found.prefixHits), page);
  } else {
    const order = ORDER_BY[orden];
    items = await fetchIds(
      db,
      scanIds(scope, matches(search), order, page, walkCap(found, page)),
      order,
    );
    // Short: the matches ended, or the walk stopped at its cap. Few are ranked all; many,
    // bunched far along the order, are walked to without a cap.
    if (items.length < limit) {
      const ranked =
        total <= GATHER_MAX ? await rankAll(db, search, scope, orden, page, total) : null;
      if (ranked) return ranked;
      items = await fetchIds(db, scanIds(scope, matches(search), order, page), order);
    }
  }
  const exhausted = items.length < limit && (items.length > 0 || offset === 0);
  // A full page promises at least one more row, so that a client paging until the total
  // reads on; the page that comes up short then gives the exact figure.
  return {
    items,
    total: exhausted ? offset + items.length : Math.max(total, offset + limit + 1),
  };
}

/**
 * Every match ranked, and counted in the same pass (the window sees them all anyway). The
 * matches are gathered first, on their own (MATERIALIZED), so that the planner reads them
 * through the text index: left to choose, it may walk the whole recency index instead to spare
 * a sort of a few hundred rows. At most gatherCap(expected) are gathered; null when there are
 * that many (the sample, its newest products unlike the rest, foretold too few).
 */
async function rankAll(
  db: Db,
  search: Searchable,
  scope: Scope,
  orden: OrdenProductos,
  page: PageRequest,
  expected: number,
): Promise<SearchPage | null> {
  const conditions = [...scopeConditions(scope), matches(search)];
  const order =
    orden === 'relevancia'
      ? [relevanceLevel(search), nameLength(), ...ORDER_BY.recientes]
      : ORDER_BY[orden as PlainOrder];
  const cap = gatherCap(expected);
  const plain = orden === 'relevancia' ? undefined : plainOrderOf(order);
  const { items, total } = await gatheredPage(db, conditions, order, page, {
    cap,
    ...(plain && page.offset > 0 && fromEnd(expected, page) ? { reversed: REVERSED[plain] } : {}),
  });
  // Past the end the window has no row to carry the total: count it (few matches, by design).
  const counted = total ?? (page.offset > 0 ? await countUpTo(db, conditions, cap) : 0);
  // More than the sample foretold (its newest products unlike the rest): not few after all.
  return counted < cap ? { items, total: counted } : null;
}

/**
 * Many matches, by relevance: names that start with the query first, then the rest, each group
 * newest first. A small first group is read whole through the text index, and the rest off the
 * recency index after it, in one statement; a large first group is read, like the rest, off the
 * recency index until the page is full.
 */
async function prefixFirst(
  db: Db,
  search: Searchable,
  scope: Scope,
  prefixEstimate: number,
  page: PageRequest,
): Promise<Producto[]> {
  const { limit, offset } = page;
  const order = ORDER_BY.recientes;
  const prefix = and(matches(search), startsWithPhrase(search))!;
  const rest = and(matches(search), sql`not (${startsWithPhrase(search)})`)!;
  if (prefixEstimate <= EXACT_TOTAL_MAX) {
    return fetchIds(db, smallGroupFirst(scope, prefix, rest, page), [sql`pagina.grupo`, ...order]);
  }
  const first = await fetchIds(db, scanIds(scope, prefix, order, page), order);
  if (first.length === limit) return first;
  // The first group ends on this page or before it; the rest continues right after it.
  const firstSize =
    first.length > 0 || offset === 0
      ? offset + first.length
      : await countWhere(db, [...scopeConditions(scope), prefix]);
  const more = await fetchIds(
    db,
    scanIds(scope, rest, order, {
      limit: limit - first.length,
      offset: Math.max(0, offset - firstSize),
    }),
    order,
  );
  return [...first, ...more];
}

/**
 * Ids (and their group, 0 or 1) of a page whose first group is small: that group gathered whole
 * (MATERIALIZED, through the text index), its part of the page, then the rest read off the
 * recency index from where the first group leaves off. The rest is not read at all when the first
 * group fills the page (a one-time filter on the group's size).
 */
function smallGroupFirst(scope: Scope, first: SQL, rest: SQL, { limit, offset }: PageRequest): SQL {
  const recency = sql.join([...ORDER_BY.recientes], sql`, `);
  const groupSize = sql`(select count(*) from grupo)`;
  return sql`
    with grupo as materialized (
      select id, created_at from ${productos}
      where ${and(...scopeConditions(scope), first)}
    )
    select id, grupo, created_at from (
      (select id, 0 as grupo, created_at from grupo as ${productos}
        order by ${recency} limit ${limit} offset ${offset})
      union all
      (select ${productos}.id, 1 as grupo, ${productos}.created_at from (
          select id, created_at, precio, busqueda, busqueda_nombre
          from ${productos}
          where ${and(...scopeConditions(scope)) ?? sql`true`}
            and ${groupSize} < ${offset + limit}
          order by ${recency}
          offset 0
        ) as ${productos}
        where ${rest}
        order by ${recency}
        limit ${limit} offset greatest(0, ${offset} - ${groupSize}))
    ) as partes
    order by grupo, created_at desc, id desc
    limit ${limit}`;
}
