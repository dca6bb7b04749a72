import type { Db } from '../../db/client';
import { setPasswordHash } from '../users/users.service';
import { claimRecoveryToken, voidRecoveryTokens } from './recovery.repository';

/**
 * Sets a user's password: every token issued before stops working, and any recovery link not yet
 * used is voided, in one transaction. Returns the user's row, or null when the user is gone.
 */
export async function changePassword(db: Db, usuarioId: number, passHash: string) {
  return db.transaction((tx) => setPassword(tx, usuarioId, passHash));
}

async function setPassword(tx: Db, usuarioId: number, passHash: string) {
  const row = await setPasswordHash(tx, usuarioId, passHash);
  await voidRecoveryTokens(tx, usuarioId);
  return row;
}

/**
 * Uses a recovery token once: marks it used and sets the password in one transaction. Only one of
 * two concurrent requests gets through. Returns the user's row, or null when the token is unknown,
 * used, voided or expired.
 */
export async function redeemRecoveryToken(db: Db, token: string, passHash: string) {
  return db.transaction(async (tx) => {
    const usuarioId = await claimRecoveryToken(tx, token);
    return usuarioId === null ? null : setPassword(tx, usuarioId, passHash);
  });
}
