import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { alertasStock, alertasStockBajas } from './stock-alerts.schema';

/**
 * Writes that `correo` waits for the product. Asking twice while waiting keeps one row; asking
 * after an unsubscribe works (the row is newer than the unsubscribe).
 */
export async function subscribe(
  db: Db,
  productoId: number,
  correo: string,
  usuarioId: number | null,
): Promise<void> {
  await db.execute(sql`
    insert into ${alertasStock} (producto_id, correo, usuario_id)
    values (${productoId}, ${correo}, ${usuarioId})
    on conflict (producto_id, correo) where avisada_at is null do nothing`);
}

/**
 * Marks as told every address waiting for the product, inside the transaction that brought its
 * stock back (the product's row is locked by it, so two restocks never both take one), and answers
 * them. An address that unsubscribed after asking is never taken.
 */
export async function takeWaiting(
  tx: Db,
  productoId: number,
): Promise<{ id: number; correo: string }[]> {
  return rowsOf<{ id: number; correo: string }>(
    await tx.execute(sql`
      update ${alertasStock} a set avisada_at = now()
      where a.producto_id = ${productoId} and a.avisada_at is null
        and not exists (
          select 1 from ${alertasStockBajas} b
          where b.correo = a.correo and b.baja_at >= a.created_at
        )
      returning a.id, a.correo`),
  );
}

/** What an alert's e-mail says, or null when there is nothing to send any more. */
export async function alertToSend(db: Db, id: number) {
  const [row] = rowsOf<{ correo: string; producto_id: number; baja: boolean }>(
    await db.execute(sql`
      select a.correo, a.producto_id, exists (
        select 1 from ${alertasStockBajas} b
        where b.correo = a.correo and b.baja_at >= a.created_at
      ) as baja
      from ${alertasStock} a where a.id = ${id}`),
  );
  if (!row || row.baja) return null;
  return { correo: row.correo, productoId: row.producto_id };
}

/** The address never hears of a product's return again until it asks anew. */
export async function unsubscribe(db: Db, correo: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(alertasStockBajas)
      .values({ correo })
      .onConflictDoUpdate({ target: alertasStockBajas.correo, set: { bajaAt: sql`now()` } });
    await tx
      .delete(alertasStock)
      .where(and(eq(alertasStock.correo, correo), sql`${alertasStock.avisadaAt} is null`));
  });
}
