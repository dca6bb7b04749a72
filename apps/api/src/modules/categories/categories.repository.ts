import type { CategoriaDetalle } from '@nexbyte/shared';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { categorias } from './categories.schema';
import { productos } from '../products/products.schema';

export async function categoryExists(db: Db, id: number): Promise<boolean> {
  const rows = await db.select({ id: categorias.id }).from(categorias).where(eq(categorias.id, id));
  return rows.length > 0;
}

/** Whether any category exists, active or not: one index probe. */
export async function hasCategories(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: categorias.id }).from(categorias).limit(1);
  return row !== undefined;
}

/** Whether the category is active, or null when there is none with that id. */
export async function categoryActive(db: Db, id: number): Promise<boolean | null> {
  const [row] = await db
    .select({ activo: categorias.activo })
    .from(categorias)
    .where(eq(categorias.id, id));
  return row ? row.activo : null;
}

/**
 * Active products of the category: what a shopper finds in it, and what blocks deactivating it.
 * Read from productos_conteo, kept by the products' triggers in the same transaction as every
 * change, instead of counting the category's index (100,000 entries: 18 ms a list).
 */
// Written out with its own alias: inside a select, Drizzle leaves column names unqualified, and
// "categoria_id" would then be ambiguous.
const activeProducts = sql<number>`(
  select coalesce(sum(c.n), 0)::int from productos_conteo c
  where c.categoria_id = "categorias"."id" and c.activo
)`;

const detail = {
  id: categorias.id,
  nombre: categorias.nombre,
  imagen: categorias.imagen,
  activo: categorias.activo,
  productos: activeProducts,
};

/** By name; only the active ones unless `all`. */
export async function listCategories(db: Db, all = false): Promise<CategoriaDetalle[]> {
  return db
    .select(detail)
    .from(categorias)
    .where(all ? undefined : eq(categorias.activo, true))
    .orderBy(asc(categorias.nombre));
}

export async function findCategory(db: Db, id: number): Promise<CategoriaDetalle | null> {
  const [row] = await db.select(detail).from(categorias).where(eq(categorias.id, id));
  return row ?? null;
}

/** Whether another category already has the name, compared without case or outer spaces. */
export async function nameTaken(db: Db, nombre: string, exceptId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: categorias.id })
    .from(categorias)
    .where(
      and(
        sql`lower(${categorias.nombre}) = lower(${nombre})`,
        exceptId === undefined ? undefined : ne(categorias.id, exceptId),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export interface CategoryValues {
  nombre: string;
  imagen: string | null;
}

export async function insertCategory(db: Db, values: CategoryValues): Promise<number> {
  const [row] = await db.insert(categorias).values(values).returning({ id: categorias.id });
  return row!.id;
}

export async function updateCategory(db: Db, id: number, values: CategoryValues): Promise<boolean> {
  const rows = await db
    .update(categorias)
    .set(values)
    .where(eq(categorias.id, id))
    .returning({ id: categorias.id });
  return rows.length > 0;
}

export async function activateCategory(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(categorias)
    .set({ activo: true })
    .where(eq(categorias.id, id))
    .returning({ id: categorias.id });
  return rows.length > 0;
}

/**
 * Deactivates the category only when none of its products is active, in one statement, so the
 * check and the change see the same rows. Answers whether it changed.
 */
export async function deactivateCategoryIfEmpty(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(categorias)
    .set({ activo: false })
    .where(and(eq(categorias.id, id), sql`${activeProducts} = 0`))
    .returning({ id: categorias.id });
  return rows.length > 0;
}

/** A category a shopper can browse, and when its newest product page last changed. */
export interface PublishedCategory {
  nombre: string;
  lastmod: Date;
}

/** Active categories with an active product in them: an empty list has nothing to be found by. */
export async function listPublishedCategories(db: Db): Promise<PublishedCategory[]> {
  return db
    .select({
      nombre: categorias.nombre,
      lastmod: sql<Date>`max(${productos.updatedAt})`.mapWith(productos.updatedAt),
    })
    .from(categorias)
    .innerJoin(productos, eq(productos.categoriaId, categorias.id))
    .where(and(eq(categorias.activo, true), eq(productos.activo, true)))
    .groupBy(categorias.id, categorias.nombre)
    .orderBy(asc(categorias.nombre));
}
