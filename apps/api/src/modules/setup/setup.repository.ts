import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { categorias } from '../categories/categories.schema';
import { productos } from '../products/products.schema';

/** Whether any category and any product exist, active or not: two index probes, no counts. */
export async function hasCatalogue(db: Db): Promise<{ categoria: boolean; producto: boolean }> {
  const [row] = rowsOf<{ categoria: boolean; producto: boolean }>(
    await db.execute(
      sql`select exists (select 1 from ${categorias}) as categoria, exists (select 1 from ${productos}) as producto`,
    ),
  );
  return { categoria: row?.categoria === true, producto: row?.producto === true };
}
