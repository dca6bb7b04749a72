import type { Cuenta, Usuario } from '@nexbyte/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { usuarios } from '../../db/schema';
import { setPassword } from '../auth/password-change';
import { toUsuario } from '../users/users.repository';

/** Saves what customers may change about themselves: never RUN, e-mail, role or password. */
export async function updateAccount(db: Db, id: number, changes: Cuenta): Promise<Usuario | null> {
  const [row] = await db
    .update(usuarios)
    .set({ ...changes, telefono: changes.telefono ?? null })
    .where(eq(usuarios.id, id))
    .returning();
  return row ? toUsuario(row) : null;
}

export async function findPasswordHash(db: Db, id: number): Promise<string | null> {
  const [row] = await db
    .select({ passHash: usuarios.passHash })
    .from(usuarios)
    .where(eq(usuarios.id, id));
  return row?.passHash ?? null;
}

/** The new password and session version, or null when the user is gone. */
export async function changeOwnPassword(db: Db, id: number, passHash: string) {
  return db.transaction((tx) => setPassword(tx, id, passHash));
}
