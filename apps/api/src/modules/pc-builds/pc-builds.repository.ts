import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { armados } from './pc-builds.schema';

export type ArmadoRow = typeof armados.$inferSelect;

export async function insertBuild(
  db: Db,
  values: { codigo: string; usuarioId: number | null; piezas: number[] },
): Promise<ArmadoRow> {
  const [row] = await db.insert(armados).values(values).returning();
  return row!;
}

export async function findBuild(db: Db, codigo: string): Promise<ArmadoRow | null> {
  const [row] = await db.select().from(armados).where(eq(armados.codigo, codigo));
  return row ?? null;
}

/** A customer's builds, newest first, one page of them, and how many they have. */
export async function listOwnBuilds(
  db: Db,
  usuarioId: number,
  page: { limit: number; offset: number },
): Promise<{ rows: ArmadoRow[]; total: number }> {
  const rows = await db
    .select()
    .from(armados)
    .where(eq(armados.usuarioId, usuarioId))
    .orderBy(desc(armados.createdAt), desc(armados.id))
    .limit(page.limit)
    .offset(page.offset);
  const [counted] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(armados)
    .where(eq(armados.usuarioId, usuarioId));
  return { rows, total: counted?.n ?? 0 };
}

/** Deletes a customer's own build; false when it is not theirs or does not exist. */
export async function deleteOwnBuild(db: Db, usuarioId: number, codigo: string): Promise<boolean> {
  const rows = await db
    .delete(armados)
    .where(and(eq(armados.codigo, codigo), eq(armados.usuarioId, usuarioId)))
    .returning({ id: armados.id });
  return rows.length > 0;
}

/** Publishes a build with a title, or withdraws it (null); null when the code is unknown. */
export async function setRecommended(
  db: Db,
  codigo: string,
  titulo: string | null,
): Promise<ArmadoRow | null> {
  const [row] = await db
    .update(armados)
    .set({ tituloRecomendado: titulo, recomendadoEn: titulo === null ? null : new Date() })
    .where(eq(armados.codigo, codigo))
    .returning();
  return row ?? null;
}

/** The published builds, the latest first. */
export async function listRecommended(db: Db, max: number): Promise<ArmadoRow[]> {
  return db
    .select()
    .from(armados)
    .where(isNotNull(armados.tituloRecomendado))
    .orderBy(desc(armados.recomendadoEn), desc(armados.id))
    .limit(max);
}
