import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { productos } from './products.schema';

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
