import type { Cuenta, Role, Usuario } from '@nexbyte/shared';
import { asc, count, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { usuarios } from './users.schema';
import { conflict, uniqueViolation } from '../../http-errors';

type UsuarioRow = typeof usuarios.$inferSelect;

const DUPLICATE_CORREO = 'El correo ya está registrado.';
const DUPLICATE_RUN = 'El RUN ya está registrado.';

/** The public face of a user: never the password hash. */
export function toUsuario(row: UsuarioRow): Usuario {
  return {
    id: row.id,
    run: row.run,
    nombre: row.nombre,
    apellidos: row.apellidos,
    correo: row.correo,
    role: row.role as Role,
    telefono: row.telefono,
    region: row.region,
    comuna: row.comuna,
    direccion: row.direccion,
  };
}

export async function findUserById(db: Db, id: number): Promise<Usuario | null> {
  const row = await findUserRowById(db, id);
  return row ? toUsuario(row) : null;
}

/** Whether anyone can log in to the admin (a clean install has nobody until its first admin). */
export async function hasAdmin(db: Db): Promise<boolean> {
  const [admin] = await db
    .select({ id: usuarios.id })
    .from(usuarios)
    .where(eq(usuarios.role, 'ADMIN'))
    .limit(1);
  return admin !== undefined;
}

export async function findUserRowByCorreo(db: Db, correo: string): Promise<UsuarioRow | null> {
  const [row] = await db.select().from(usuarios).where(eq(usuarios.correo, correo));
  return row ?? null;
}

/** One page of users by id, and how many there are. */
export async function listUsers(
  db: Db,
  { limit, offset }: { limit: number; offset: number },
): Promise<{ items: Usuario[]; total: number }> {
  const [rows, [counted]] = await Promise.all([
    db.select().from(usuarios).orderBy(asc(usuarios.id)).limit(limit).offset(offset),
    db.select({ total: count() }).from(usuarios),
  ]);
  return { items: rows.map(toUsuario), total: counted?.total ?? 0 };
}

export type NewUser = Omit<Usuario, 'id'> & { passHash: string };

/** 409 with the field that is taken; checked first for a clear message, and again by the unique index. */
export async function insertUser(db: Db, user: NewUser): Promise<Usuario> {
  const taken = await db
    .select({ run: usuarios.run, correo: usuarios.correo })
    .from(usuarios)
    .where(
      user.run === null
        ? eq(usuarios.correo, user.correo)
        : or(eq(usuarios.correo, user.correo), eq(usuarios.run, user.run)),
    );
  if (taken.some((t) => t.correo === user.correo)) {
    throw conflict(DUPLICATE_CORREO, { correo: DUPLICATE_CORREO });
  }
  if (taken.length > 0) throw conflict(DUPLICATE_RUN, { run: DUPLICATE_RUN });
  try {
    const [row] = await db.insert(usuarios).values(user).returning();
    return toUsuario(row!);
  } catch (err) {
    const constraint = uniqueViolation(err);
    if (constraint === null) throw err;
    if (constraint.includes('run')) throw conflict(DUPLICATE_RUN, { run: DUPLICATE_RUN });
    throw conflict(DUPLICATE_CORREO, { correo: DUPLICATE_CORREO });
  }
}

export type UserChanges = Pick<
  Usuario,
  'nombre' | 'apellidos' | 'role' | 'telefono' | 'region' | 'comuna' | 'direccion'
>;

/**
 * An admin's edit of a user. A new role ends the user's every session (the session version goes
 * up), so nobody keeps working under the role they were given at login.
 */
export async function updateUser(
  db: Db,
  id: number,
  changes: UserChanges,
): Promise<Usuario | null> {
  const [row] = await db
    .update(usuarios)
    .set({
      ...changes,
      sesionVersion: sql`case when ${usuarios.role} = ${changes.role} then ${usuarios.sesionVersion} else ${usuarios.sesionVersion} + 1 end`,
    })
    .where(eq(usuarios.id, id))
    .returning();
  return row ? toUsuario(row) : null;
}

export async function deleteUser(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(usuarios).where(eq(usuarios.id, id)).returning({ id: usuarios.id });
  return rows.length > 0;
}

export async function findUserRowById(db: Db, id: number): Promise<UsuarioRow | null> {
  const [row] = await db.select().from(usuarios).where(eq(usuarios.id, id));
  return row ?? null;
}

/** Saves what customers may change about themselves: never RUN, e-mail, role or password. */
export async function updateProfile(db: Db, id: number, changes: Cuenta): Promise<Usuario | null> {
  const [row] = await db
    .update(usuarios)
    .set({ ...changes, telefono: changes.telefono ?? null })
    .where(eq(usuarios.id, id))
    .returning();
  return row ? toUsuario(row) : null;
}

/**
 * Sets a user's password hash and raises the session version, so every token issued before stops
 * working. Returns the updated row, or null when the user no longer exists.
 */
export async function setPasswordHash(db: Db, id: number, passHash: string) {
  const [row] = await db
    .update(usuarios)
    .set({ passHash, sesionVersion: sql`${usuarios.sesionVersion} + 1` })
    .where(eq(usuarios.id, id))
    .returning();
  return row ?? null;
}

/**
 * Ends every session of the user: raising the session version refuses every token issued before.
 * Returns false when the user does not exist.
 */
export async function endSessions(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(usuarios)
    .set({ sesionVersion: sql`${usuarios.sesionVersion} + 1` })
    .where(eq(usuarios.id, id))
    .returning({ id: usuarios.id });
  return rows.length > 0;
}
