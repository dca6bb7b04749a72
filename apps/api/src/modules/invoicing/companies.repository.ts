import { DOCUMENT_MESSAGES, type Empresa, type EmpresaGuardada } from '@nexbyte/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { conflict, uniqueViolation } from '../../http-errors';
import { empresasCliente } from './invoicing.schema';

const saved = {
  id: empresasCliente.id,
  rut: empresasCliente.rut,
  razonSocial: empresasCliente.razonSocial,
  giro: empresasCliente.giro,
  direccion: empresasCliente.direccion,
  region: empresasCliente.region,
  comuna: empresasCliente.comuna,
};

const own = (usuarioId: number, id: number) =>
  and(eq(empresasCliente.id, id), eq(empresasCliente.usuarioId, usuarioId));

/** A second company with the same RUT in one account is a 409, whichever way it came. */
function refuseRepeated(err: unknown): never {
  if (uniqueViolation(err) !== null) throw conflict(DOCUMENT_MESSAGES.empresaRepetida);
  throw err;
}

/** A customer's companies, by razón social. */
export async function listCompanies(db: Db, usuarioId: number): Promise<EmpresaGuardada[]> {
  return db
    .select(saved)
    .from(empresasCliente)
    .where(eq(empresasCliente.usuarioId, usuarioId))
    .orderBy(asc(empresasCliente.razonSocial), asc(empresasCliente.id));
}

export async function insertCompany(
  db: Db,
  usuarioId: number,
  empresa: Empresa,
): Promise<EmpresaGuardada> {
  const [row] = await db
    .insert(empresasCliente)
    .values({ ...empresa, usuarioId })
    .onConflictDoNothing({ target: [empresasCliente.usuarioId, empresasCliente.rut] })
    .returning(saved);
  if (!row) throw conflict(DOCUMENT_MESSAGES.empresaRepetida);
  return row;
}

/** Null when the account has no company with that id (another's included). */
export async function updateCompany(
  db: Db,
  usuarioId: number,
  id: number,
  empresa: Empresa,
): Promise<EmpresaGuardada | null> {
  try {
    const [row] = await db
      .update(empresasCliente)
      .set({ ...empresa, updatedAt: sql`now()` })
      .where(own(usuarioId, id))
      .returning(saved);
    return row ?? null;
  } catch (err) {
    refuseRepeated(err);
  }
}

/** False when the account has no company with that id (another's included). */
export async function deleteCompany(db: Db, usuarioId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(empresasCliente)
    .where(own(usuarioId, id))
    .returning({ id: empresasCliente.id });
  return rows.length > 0;
}

/**
 * Keeps the company of a factura in the customer's account: a new RUT is added, a known one takes
 * the razón social, giro and address just given.
 */
export async function upsertCompanyByRut(
  tx: Db,
  usuarioId: number,
  empresa: Empresa,
): Promise<void> {
  await tx
    .insert(empresasCliente)
    .values({ ...empresa, usuarioId })
    .onConflictDoUpdate({
      target: [empresasCliente.usuarioId, empresasCliente.rut],
      set: {
        razonSocial: empresa.razonSocial,
        giro: empresa.giro,
        direccion: empresa.direccion,
        region: empresa.region,
        comuna: empresa.comuna,
        updatedAt: sql`now()`,
      },
    });
}
