/** Rows per table of the shop's schema (`public`), by table name. */
export type RowCounts = Record<string, number>;

type Query = (sql: string) => Promise<{ rows: unknown[] }>;

const TABLES_SQL = `select table_name as name from information_schema.tables
  where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`;

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
const quoteLiteral = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * Counts the rows of every table of the shop, in one statement (so in one snapshot inside a
 * transaction): what a backup must hold, and what one that was read back does hold.
 */
export async function countRows(query: Query): Promise<RowCounts> {
  const tables = (await query(TABLES_SQL)).rows.map((row) => (row as { name: string }).name);
  if (tables.length === 0) return {};
  const counted = await query(
    tables
      .map(
        (name) =>
          `select ${quoteLiteral(name)} as name, count(*)::int as n from public.${quoteIdent(name)}`,
      )
      .join(' union all '),
  );
  return Object.fromEntries(
    counted.rows.map((row) => {
      const { name, n } = row as { name: string; n: number };
      return [name, Number(n)];
    }),
  );
}
