import { createHash, randomBytes } from 'node:crypto';
import { RECOVERY_LINK_MINUTES } from '@nexbyte/shared';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { recuperacionesPassword } from './auth.schema';

/** The token travels only in the link; the database keeps its SHA-256. */
export const hashRecoveryToken = (token: string) =>
  createHash('sha256').update(token, 'utf8').digest('hex');

/** The row of a token that can still be used: known, unused, unexpired. */
const usable = (token: string) =>
  and(
    eq(recuperacionesPassword.tokenHash, hashRecoveryToken(token)),
    isNull(recuperacionesPassword.usedAt),
    gt(recuperacionesPassword.expiresAt, sql`now()`),
  );

/**
 * Issues a recovery token for the user: 256 random bits, valid RECOVERY_LINK_MINUTES by the
 * database's clock. Any earlier token of the same user is voided in the same transaction, and
 * tokens of anyone that expired a day ago are cleared away.
 */
export async function issueRecoveryToken(db: Db, usuarioId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.transaction(async (tx) => {
    await tx
      .delete(recuperacionesPassword)
      .where(
        or(
          eq(recuperacionesPassword.usuarioId, usuarioId),
          lt(recuperacionesPassword.expiresAt, sql`now() - interval '1 day'`),
        ),
      );
    await tx.insert(recuperacionesPassword).values({
      usuarioId,
      tokenHash: hashRecoveryToken(token),
      expiresAt: sql`now() + make_interval(mins => ${RECOVERY_LINK_MINUTES})`,
    });
  });
  return token;
}

/**
 * Marks a token used with a guarded update (unused, unexpired), so only one of two concurrent
 * requests claims it. Returns its user, or null when it cannot be used.
 */
export async function claimRecoveryToken(db: Db, token: string): Promise<number | null> {
  const [claimed] = await db
    .update(recuperacionesPassword)
    .set({ usedAt: sql`now()` })
    .where(usable(token))
    .returning({ usuarioId: recuperacionesPassword.usuarioId });
  return claimed?.usuarioId ?? null;
}

/** Voids the user's recovery links not yet used. */
export async function voidRecoveryTokens(db: Db, usuarioId: number): Promise<void> {
  await db
    .delete(recuperacionesPassword)
    .where(
      and(eq(recuperacionesPassword.usuarioId, usuarioId), isNull(recuperacionesPassword.usedAt)),
    );
}

/** Whether the token could be used now (unknown, used, voided and expired ones cannot). */
export async function findUsableRecoveryToken(db: Db, token: string): Promise<boolean> {
  const [row] = await db
    .select({ id: recuperacionesPassword.id })
    .from(recuperacionesPassword)
    .where(usable(token));
  return row !== undefined;
}

/** Recovery links that expired more than a day ago, used or not (a periodic job clears them). */
export async function deleteExpiredRecoveryTokens(db: Db): Promise<number> {
  const gone = await db
    .delete(recuperacionesPassword)
    .where(lt(recuperacionesPassword.expiresAt, sql`now() - interval '1 day'`))
    .returning({ id: recuperacionesPassword.id });
  return gone.length;
}
