import type { Role, Usuario } from '@nexbyte/shared';
import { asc, eq, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { usuarios } from '../../db/schema';
import { conflict, uniqueViolation } from '../../http-errors';

type UsuarioRow = typeof usuarios.$inferSelect;

export const DUPLICATE_CORREO = 'El correo ya está registrado.';
export const DUPLICATE_RUN = 'El RUN ya está registrado.';

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
  const [row] = await db.select().from(usuarios).where(eq(usuarios.id, id));
  return row ? toUsuario(row) : null;
}

export async function findUserRowByCorreo(db: Db, correo: string): Promise<UsuarioRow | null> {
  const [row] = await db.select().from(usuarios).where(eq(usuarios.correo, correo));
  return row ?? null;
}

export async function listUsers(db: Db): Promise<Usuario[]> {
  const rows = await db.select().from(usuarios).orderBy(asc(usuarios.id));
  return rows.map(toUsuario);
}

export type NewUser = Omit<Usuario, 'id'> & { passHash: string };

/** 409 with the field that is taken; checked first for a clear message, and again by the unique index. */
export async function insertUser(db: Db, user: NewUser): Promise<Usuario> {
  const taken = await db
    .select({ run: usuarios.run, correo: usuarios.correo })
    .from(usuarios)
    .where(or(eq(usuarios.correo, user.correo), eq(usuarios.run, user.run)));
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

export async function updateUser(
  db: Db,
  id: number,
  changes: UserChanges,
): Promise<Usuario | null> {
  const [row] = await db.update(usuarios).set(changes).where(eq(usuarios.id, id)).returning();
  return row ? toUsuario(row) : null;
}

export async function deleteUser(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(usuarios).where(eq(usuarios.id, id)).returning({ id: usuarios.id });
  return rows.length > 0;
}
