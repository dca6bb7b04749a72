import type { OrdenProductos, Producto } from '@nexbyte/shared';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { categorias } from '../categories/categories.schema';
import { productos } from './products.schema';
import {
  columns,
  countWhere,
  EXACT_TOTAL_MAX,
  fetchIds,
  ORDER_BY,
  sampleScope,
  scanIds,
  scopeConditions,
  toProducto,
  type PageRequest,
  type PlainOrder,
  type Scope,
} from './catalog-query';

// How a shopper's text becomes a search (decision 009). The database normalizes it exactly as it
// normalized the catalogue (busqueda_normalizar: no accents, lower case, a-z and digits only), so
// every term is a plain word and can be written into a tsquery without any escaping.

/** A term that no catalogue word starts with is replaced by words at least this similar. */
export const AUTOCORRECT_SIMILARITY = 0.4;
/** '¿Quisiste decir …?' may offer a word this similar, a looser bar than silent correction. */
export const SUGGEST_SIMILARITY = 0.3;
/** Trigrams say little about shorter words; these are never corrected. */
const CORRECTABLE_MIN_LENGTH = 3;
const MAX_TERMS = 8;
const MAX_ALTERNATIVES = 3;
/**
 * A term that starts at most this many catalogue words is searched as those words: a few exact
 * posting lists of the text index cost a fraction of a prefix scan ('tarjeta:*' walks and merges
 * every entry under it). More, as while typing ('te'), and the prefix is cheaper.
 */
const MAX_EXPANSION = 16;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** Dropped from a query that has other words: they match nearly every description. */
const STOP_WORDS = new Set([
  'a', 'al', 'con', 'de', 'del', 'e', 'el', 'en', 'la', 'las', 'lo', 'los', 'o', 'para', 'por',
  'que', 'se', 'sin', 'su', 'u', 'un', 'una', 'y',
]); // prettier-ignore

export interface Term {
  /** The normalized word as typed. */
  word: string;
  /** Some product (of those the caller may see) has a word starting with it. */
  found: boolean;
  /** Catalogue words close to it by trigram similarity, best first (empty when found). */
  close: { word: string; similarity: number }[];
  /**
   * Every catalogue word that starts with it, when they are few and the vocabulary holds all the
   * words searched (active products only); absent otherwise (the term is searched as a prefix).
   */
  expansion?: string[];
}

export interface ResolvedSearch {
  terms: Term[];
  /**
   * tsquery text: every term as a prefix, a missing term replaced by its close words;
   * null when some term matches nothing and has no close word (the search finds nothing).
   */
  tsquery: string | null;
  /** The query as it is searched (corrections applied), to rank names against it. */
  phrase: string;
  /** Per term, the words a name must contain for the term to count as in the name. */
  words: string[][];
}

const parseJson = <T>(value: T | string): T =>
  // node-postgres parses json; PGlite too, but a string is harmless to accept.
  typeof value === 'string' ? (JSON.parse(value) as T) : value;

/** Normalizes q in the database and looks each word up in the catalogue, in one round trip. */
export async function resolveSearch(
  db: Db,
  q: string,
  includeInactive: boolean,
): Promise<ResolvedSearch> {
  // The vocabulary holds the active products' words; an ADMIN also finds the inactive ones'.
  const inInactive = includeInactive
    ? sql`or exists (select 1 from ${productos} where busqueda @@ to_tsquery('simple', t.word || ':*'))`
    : sql``;
  // The vocabulary is the active products' words: an ADMIN's search, which also reads inactive
  // products, keeps to prefixes.
  const expansion = includeInactive
    ? sql`null::json`
    : sql`case when f.found then (
        select case when count(*) <= ${MAX_EXPANSION} then json_agg(e.palabra order by e.palabra) end
        from (
          select w.palabra from busqueda_palabras w
          where w.palabra >= t.word and w.palabra < t.word || '{'
          order by w.palabra
          limit ${MAX_EXPANSION + 1}
        ) e
      ) end`;
  const result = await db.execute(sql`
    with t as (
      select x.word, x.ord
      from unnest(string_to_array(public.busqueda_normalizar(${q}), ' '))
        with ordinality as x(word, ord)
      where x.word <> ''
      order by x.ord
      limit ${MAX_TERMS}
    )
    select t.word, f.found,
      case when f.found or length(t.word) < ${CORRECTABLE_MIN_LENGTH} then '[]'::json
      else coalesce((
        select json_agg(json_build_object('word', c.palabra, 'similarity', c.sim)
                        order by c.sim desc, c.n desc, c.palabra)
        from (
          select w.palabra, w.n, similarity(w.palabra, t.word) as sim
          from busqueda_palabras w
          where w.palabra % t.word
          order by sim desc, w.n desc, w.palabra
          limit ${MAX_ALTERNATIVES}
        ) c
      ), '[]'::json) end as close,
      ${expansion} as expansion
    from t
    cross join lateral (
      -- A word starts with the term: a range of the C-collated primary key.
      select exists (
        select 1 from busqueda_palabras w
        where w.palabra >= t.word and w.palabra < t.word || '{'
      ) ${inInactive} as found
    ) f
    order by t.ord
  `);
  const rows = rowsOf<{
    word: string;
    found: boolean;
    close: Term['close'] | string;
    expansion: string[] | string | null;
  }>(result);
  const all = rows.map((r): Term => ({
    word: r.word,
    found: r.found,
    close: parseJson(r.close),
    ...(r.expansion === null ? {} : { expansion: parseJson(r.expansion) }),
  }));
  const meaningful = all.filter((t) => !STOP_WORDS.has(t.word));
  return buildSearch(meaningful.length > 0 ? meaningful : all);
}

function buildSearch(terms: Term[]): ResolvedSearch {
  const words = terms.map((t) =>
    t.found
      ? [t.word]
      : t.close.filter((c) => c.similarity >= AUTOCORRECT_SIMILARITY).map((c) => c.word),
  );
  // A found term is its expansion's exact words, or a prefix; a corrected one, its close words
  // (catalogue words themselves), as prefixes too so that 'mause' finds what 'mouse' finds.
  const lexemes = terms.map((t, i) =>
    t.found && t.expansion ? t.expansion : words[i]!.map((w) => `${w}:*`),
  );
  const tsquery =
    terms.length === 0 || lexemes.some((alts) => alts.length === 0)
      ? null
      : lexemes.map((alts) => `(${alts.join(' | ')})`).join(' & ');
  const phrase = words.map((alts, i) => alts[0] ?? terms[i]!.word).join(' ');
  return { terms, tsquery, phrase, words };
}

/** The product matches the search (its name, category or description holds every term). */
export const matches = (search: ResolvedSearch & { tsquery: string }): SQL =>
  sql`${productos}.busqueda @@ to_tsquery('simple', ${search.tsquery})`;

/**
 * Relevance level, best first: 0 the whole name is the query, 1 the name starts with it, 2 every
 * term starts a word of the name, 3 the rest (found in the category or the description).
 */
export function relevanceLevel(search: ResolvedSearch): SQL {
  const name = sql`${productos}.busqueda_nombre`;
  const inName = search.words.map(
    (alts) =>
      sql`(${sql.join(
        alts.map((w) => sql`(' ' || ${name}) like ${`% ${w}%`}`),
        sql` or `,
      )})`,
  );
  return sql`case
    when ${name} = ${search.phrase} then 0
    when ${name} like ${`${search.phrase}%`} then 1
    when ${sql.join(inName, sql` and `)} then 2
    else 3 end`;
}

/** Within a level, a shorter name is one the query covers more of. */
export const nameLength = (): SQL => sql`length(${productos}.busqueda_nombre)`;

/**
 * '¿Quisiste decir …?': every word the catalogue lacks replaced by its closest catalogue word;
 * null when no word needed replacing or one has nothing close enough.
 */
export function closestPhrase(search: ResolvedSearch): string | null {
  let changed = false;
  const words: string[] = [];
  for (const term of search.terms) {
    if (term.found) {
      words.push(term.word);
      continue;
    }
    const best = term.close[0];
    if (!best || best.similarity < SUGGEST_SIMILARITY) return null;
    words.push(best.word);
    changed = true;
  }
  return changed ? words.join(' ') : null;
}

/** The search for a phrase whose words all come from the catalogue (no lookup needed). */
export function searchForPhrase(phrase: string): ResolvedSearch {
  return buildSearch(phrase.split(' ').map((word) => ({ word, found: true, close: [] })));
}

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

const startsWithPhrase = (search: ResolvedSearch): SQL =>
  sql`${productos}.busqueda_nombre like ${`${search.phrase}%`}`;

export async function searchProducts(
  db: Db,
  search: Searchable,
  scope: Scope,
  orden: OrdenProductos,
  page: PageRequest,
): Promise<SearchPage> {
  const hit = and(matches(search), ...scope.filters)!;
  const found = await sampleScope(db, scope, hit, and(hit, startsWithPhrase(search))!);
  const total = found.estimate(found.hits);
  if (found.whole || total <= EXACT_TOTAL_MAX) {
    return rankAll(db, search, scope, orden, page);
  }
  const items =
    orden === 'relevancia'
      ? await prefixFirst(db, search, scope, found.estimate(found.prefixHits), page)
      : await fetchIds(db, scanIds(scope, matches(search), ORDER_BY[orden], page), ORDER_BY[orden]);
  const { limit, offset } = page;
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
 * a sort of a few hundred rows.
 */
async function rankAll(
  db: Db,
  search: Searchable,
  scope: Scope,
  orden: OrdenProductos,
  page: PageRequest,
): Promise<SearchPage> {
  const conditions = [...scopeConditions(scope), matches(search)];
  const order =
    orden === 'relevancia'
      ? [relevanceLevel(search), nameLength(), ...ORDER_BY.recientes]
      : ORDER_BY[orden as PlainOrder];
  const { items, total } = await rankedPage(db, conditions, order, page);
  // Past the end the window has no row to carry the total: count it (few matches, by design).
  return {
    items,
    total: total ?? (page.offset > 0 ? await countWhere(db, conditions) : 0),
  };
}

async function rankedPage(
  db: Db,
  conditions: SQL[],
  order: readonly SQL[],
  { limit, offset }: PageRequest,
): Promise<{ items: Producto[]; total: number | null }> {
  const orderBy = sql.join([...order], sql`, `);
  const rows = await db
    .select({ ...columns, total: sql<number>`pagina.total` })
    .from(
      sql`(
        with matching as materialized (
          select id, created_at, precio, busqueda_nombre from ${productos} where ${and(...conditions)}
        )
        select id, (count(*) over ())::int as total, row_number() over (order by ${orderBy}) as pos
        from matching as ${productos}
        order by ${orderBy}
        limit ${limit} offset ${offset}
      ) as pagina`,
    )
    .innerJoin(productos, sql`${productos.id} = pagina.id`)
    .innerJoin(categorias, eq(productos.categoriaId, categorias.id))
    .orderBy(sql`pagina.pos`);
  return { items: rows.map(toProducto), total: rows[0]?.total ?? null };
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
