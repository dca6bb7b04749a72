import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { codigosRecuperacionTotp, totpUsuarios } from './auth.schema';

export type TotpRow = typeof totpUsuarios.$inferSelect;

export async function findTotp(db: Db, usuarioId: number): Promise<TotpRow | null> {
  const [row] = await db.select().from(totpUsuarios).where(eq(totpUsuarios.usuarioId, usuarioId));
  return row ?? null;
}

export const isActive = (row: TotpRow | null): row is TotpRow & { activadoAt: Date } =>
  row?.activadoAt != null;

/** Starts (or restarts) an enrolment with a new secret; false when TOTP is already active. */
export async function startEnrolment(db: Db, usuarioId: number, secreto: string) {
  const rows = await db
    .insert(totpUsuarios)
    .values({ usuarioId, secreto })
    .onConflictDoUpdate({
      target: totpUsuarios.usuarioId,
      set: { secreto, ultimoPaso: null },
      setWhere: isNull(totpUsuarios.activadoAt),
    })
    .returning({ usuarioId: totpUsuarios.usuarioId });
  return rows.length > 0;
}

/** Turns TOTP on after a first right code, with the hashes of new recovery codes. */
export async function activate(db: Db, usuarioId: number, paso: number, codeHashes: string[]) {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(totpUsuarios)
      .set({ activadoAt: new Date(), ultimoPaso: paso })
      .where(and(eq(totpUsuarios.usuarioId, usuarioId), isNull(totpUsuarios.activadoAt)))
      .returning({ usuarioId: totpUsuarios.usuarioId });
    if (rows.length === 0) return false;
    await tx
      .delete(codigosRecuperacionTotp)
      .where(eq(codigosRecuperacionTotp.usuarioId, usuarioId));
    await tx
      .insert(codigosRecuperacionTotp)
      .values(codeHashes.map((codigoHash) => ({ usuarioId, codigoHash })));
    return true;
  });
}

/**
 * Accepts a code's time step once: false when that step (or a later one) was already used, so a
 * code seen over someone's shoulder cannot be replayed.
 */
export async function acceptStep(db: Db, usuarioId: number, paso: number): Promise<boolean> {
  const rows = await db
    .update(totpUsuarios)
    .set({ ultimoPaso: paso })
    .where(
      and(
        eq(totpUsuarios.usuarioId, usuarioId),
        isNotNull(totpUsuarios.activadoAt),
        or(isNull(totpUsuarios.ultimoPaso), lt(totpUsuarios.ultimoPaso, paso)),
      ),
    )
    .returning({ usuarioId: totpUsuarios.usuarioId });
  return rows.length > 0;
}

/** Uses a recovery code once; false when it is unknown or already used. */
export async function useRecoveryCode(db: Db, usuarioId: number, codigoHash: string) {
  const rows = await db
    .update(codigosRecuperacionTotp)
    .set({ usadoAt: new Date() })
    .where(
      and(
        eq(codigosRecuperacionTotp.usuarioId, usuarioId),
        eq(codigosRecuperacionTotp.codigoHash, codigoHash),
        isNull(codigosRecuperacionTotp.usadoAt),
      ),
    )
    .returning({ id: codigosRecuperacionTotp.id });
  return rows.length > 0;
}

/** Turns TOTP off: the secret and every recovery code go. */
export async function disable(db: Db, usuarioId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .delete(codigosRecuperacionTotp)
      .where(eq(codigosRecuperacionTotp.usuarioId, usuarioId));
    await tx.delete(totpUsuarios).where(eq(totpUsuarios.usuarioId, usuarioId));
  });
}
