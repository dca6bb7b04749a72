import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { recuperacionesPassword, usuarios } from '../../db/schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Sets a user's password hash. The session version goes up, so every token issued before stops
 * working, and any recovery link not yet used is voided. Call it inside the caller's transaction.
 * Returns the updated row, or null when the user no longer exists.
 */
export async function setPassword(tx: Db | Tx, usuarioId: number, passHash: string) {
  const [row] = await tx
    .update(usuarios)
    .set({ passHash, sesionVersion: sql`${usuarios.sesionVersion} + 1` })
    .where(eq(usuarios.id, usuarioId))
    .returning();
  await tx
    .delete(recuperacionesPassword)
    .where(
      and(eq(recuperacionesPassword.usuarioId, usuarioId), isNull(recuperacionesPassword.usedAt)),
    );
  return row ?? null;
}
