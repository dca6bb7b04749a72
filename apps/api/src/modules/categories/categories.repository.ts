import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { categorias } from '../../db/schema';

export async function categoryExists(db: Db, id: number): Promise<boolean> {
  const rows = await db.select({ id: categorias.id }).from(categorias).where(eq(categorias.id, id));
  return rows.length > 0;
}

export async function listCategories(db: Db) {
  return db.select().from(categorias).orderBy(asc(categorias.nombre));
}
