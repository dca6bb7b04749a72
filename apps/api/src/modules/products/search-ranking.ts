// What a resolved search means in SQL: which products match it and how they rank (decision 009).
import { sql, type SQL } from 'drizzle-orm';
import { productos } from './products.schema';
import type { ResolvedSearch } from './search-terms';

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

/** The product's name starts with the query as searched. */
export const startsWithPhrase = (search: ResolvedSearch): SQL =>
  sql`${productos}.busqueda_nombre like ${`${search.phrase}%`}`;
