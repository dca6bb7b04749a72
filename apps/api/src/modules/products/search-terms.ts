import { sql, type SQL } from 'drizzle-orm';
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
/** No word of a language is longer: a longer term is random text, and is not corrected. */
export const CORRECTABLE_MAX_LENGTH = 24;
/** The words of a query that are searched; the rest of it is ignored (decision 031). */
export const MAX_TERMS = 6;
/**
 * At most this many vocabulary words close to a term are read and compared (similarity) when
 * correcting it: the work per term stays the same however large the vocabulary grows.
 */
export const CANDIDATES_MAX = 100;
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
  /** How many vocabulary words were compared with it to correct it (at most CANDIDATES_MAX). */
  examined: number;
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

/**
 * The statement that normalizes q and looks each of its first MAX_TERMS words up in the
 * vocabulary. Per word its work is bounded whatever the catalogue's size: a range of the
 * vocabulary's primary key (found?), at most MAX_EXPANSION + 1 entries of it (expansion), and,
 * only for a term of letters no word starts with, at most CANDIDATES_MAX candidates of the
 * trigram index over the vocabulary's words of letters (migrations 0025, 0026).
 */
export function termsLookup(q: string, includeInactive: boolean): SQL {
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
  // A term with a digit is a number or a code: a typo there is another product, not a near word.
  const correctable = sql`not f.found
    and length(t.word) between ${CORRECTABLE_MIN_LENGTH} and ${CORRECTABLE_MAX_LENGTH}
    and t.word !~ '[0-9]'`;
  return sql`
    with t as (
      select x.word, x.ord
      from unnest(string_to_array(public.busqueda_normalizar(${q}), ' '))
        with ordinality as x(word, ord)
      where x.word <> ''
      order by x.ord
      limit ${MAX_TERMS}
    )
    select t.word, f.found, c.close, c.examined,
      ${expansion} as expansion
    from t
    cross join lateral (
      -- A word starts with the term: a range of the C-collated primary key.
      select exists (
        select 1 from busqueda_palabras w
        where w.palabra >= t.word and w.palabra < t.word || '{'
      ) ${inInactive} as found
    ) f
    cross join lateral (
      select count(*)::int as examined,
        coalesce(json_agg(json_build_object('word', k.palabra, 'similarity', k.sim)
                          order by k.sim desc, k.n desc, k.palabra)
                 filter (where k.rank <= ${MAX_ALTERNATIVES}), '[]'::json) as close
      from (
        select m.palabra, m.n, m.sim,
          row_number() over (order by m.sim desc, m.n desc, m.palabra) as rank
        from (
          -- Through the letter words' trigram index (migration 0026), at most CANDIDATES_MAX.
          select w.palabra, w.n, w.similitud as sim
          from public.busqueda_palabras_cercanas(t.word, ${CANDIDATES_MAX}) w
          where ${correctable}
        ) m
      ) k
    ) c
    order by t.ord
  `;
}

/** Normalizes q in the database and looks each word up in the catalogue, in one round trip. */
export async function resolveSearch(
  db: Db,
  q: string,
  includeInactive: boolean,
): Promise<ResolvedSearch> {
  const result = await db.execute(termsLookup(q, includeInactive));
  const rows = rowsOf<{
    word: string;
    found: boolean;
    close: Term['close'] | string;
    examined: number;
    expansion: string[] | string | null;
  }>(result);
  const all = rows.map((r): Term => ({
    word: r.word,
    found: r.found,
    close: parseJson(r.close),
    examined: r.examined,
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
  return buildSearch(
    phrase.split(' ').map((word) => ({ word, found: true, close: [], examined: 0 })),
  );
}
