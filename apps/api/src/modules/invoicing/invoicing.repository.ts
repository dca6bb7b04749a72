import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { ClaseDocumento, EstadoDocumento } from '@nexbyte/shared';
import type { Db } from '../../db/client';
import { documentosTributarios } from './invoicing.schema';
import type { IssuedDocument } from './provider';

export type DocumentoRow = typeof documentosTributarios.$inferSelect;
export type NewDocumento = Omit<
  typeof documentosTributarios.$inferInsert,
  'id' | 'estado' | 'folio' | 'intentos' | 'createdAt' | 'updatedAt'
>;

const TZ = 'America/Santiago';

/** The key given to the provider: the order's number and the SII code, 'NB-000123-39'. */
export const idempotencyKey = (numero: string, codigoSii: number) => `${numero}-${codigoSii}`;

/** The order's number, read back from the document's key. */
export const numeroOf = (clave: string) => clave.slice(0, clave.lastIndexOf('-'));

/** Writes a PENDIENTE document; null when the order already has one of that class. */
export async function insertDocument(tx: Db, values: NewDocumento): Promise<DocumentoRow | null> {
  const [row] = await tx
    .insert(documentosTributarios)
    .values(values)
    .onConflictDoNothing({
      target: [documentosTributarios.pedidoId, documentosTributarios.clase],
    })
    .returning();
  return row ?? null;
}

export async function findDocument(db: Db, id: number): Promise<DocumentoRow | null> {
  const [row] = await db
    .select()
    .from(documentosTributarios)
    .where(eq(documentosTributarios.id, id));
  return row ?? null;
}

export async function documentsOfOrder(db: Db, pedidoId: number): Promise<DocumentoRow[]> {
  return db
    .select()
    .from(documentosTributarios)
    .where(eq(documentosTributarios.pedidoId, pedidoId))
    .orderBy(asc(documentosTributarios.id));
}

/** The order's boleta or factura, whichever it has. */
export async function saleDocumentOf(db: Db, pedidoId: number): Promise<DocumentoRow | null> {
  const [row] = await db
    .select()
    .from(documentosTributarios)
    .where(
      and(
        eq(documentosTributarios.pedidoId, pedidoId),
        inArray(documentosTributarios.clase, ['BOLETA', 'FACTURA'] satisfies ClaseDocumento[]),
      ),
    );
  return row ?? null;
}

/** Counts an attempt about to be made. */
export async function countAttempt(db: Db, id: number): Promise<void> {
  await db
    .update(documentosTributarios)
    .set({ intentos: sql`${documentosTributarios.intentos} + 1`, updatedAt: sql`now()` })
    .where(eq(documentosTributarios.id, id));
}

/**
 * PENDIENTE → EMITIDO with what the provider answered. Guarded: only one of two attempts that
 * raced records it (null for the other).
 */
export async function markIssued(
  db: Db,
  id: number,
  issued: IssuedDocument,
): Promise<DocumentoRow | null> {
  const pdf = issued.pdf;
  const [row] = await db
    .update(documentosTributarios)
    .set({
      estado: 'EMITIDO',
      folio: issued.folio,
      proveedorId: issued.proveedorId,
      trackId: issued.trackId,
      pdf: pdf && 'bytes' in pdf ? pdf.bytes : null,
      pdfUrl: pdf && 'url' in pdf ? pdf.url : null,
      motivo: null,
      emitidoAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(documentosTributarios.id, id), eq(documentosTributarios.estado, 'PENDIENTE')))
    .returning();
  return row ?? null;
}

/** Moves a document from one of `from` to `to`, with a reason; null when it was elsewhere. */
export async function moveDocument(
  db: Db,
  id: number,
  from: EstadoDocumento[],
  to: EstadoDocumento,
  motivo: string | null,
): Promise<DocumentoRow | null> {
  const [row] = await db
    .update(documentosTributarios)
    .set({ estado: to, motivo, updatedAt: sql`now()` })
    .where(and(eq(documentosTributarios.id, id), inArray(documentosTributarios.estado, from)))
    .returning();
  return row ?? null;
}

/** The last error of an attempt, kept while the document waits for the next one. */
export async function noteFailure(db: Db, id: number, motivo: string): Promise<void> {
  await db
    .update(documentosTributarios)
    .set({ motivo, updatedAt: sql`now()` })
    .where(and(eq(documentosTributarios.id, id), eq(documentosTributarios.estado, 'PENDIENTE')));
}

export interface SalesBookRow {
  doc: DocumentoRow;
  /** The emission day in Chile, YYYY-MM-DD. */
  fecha: string;
  referencia: { clase: string; folio: number | null } | null;
}

/**
 * Issued documents (EMITIDO, or ANULADO by a credit note afterwards) whose emission day in Chile
 * is in [desde, hasta], in order of emission.
 */
export async function salesBook(db: Db, desde: string, hasta: string): Promise<SalesBookRow[]> {
  const day = sql`(${documentosTributarios.emitidoAt} at time zone ${TZ})::date`;
  const rows = await db
    .select({
      doc: documentosTributarios,
      fecha: sql<string>`to_char(${documentosTributarios.emitidoAt} at time zone ${TZ}, 'YYYY-MM-DD')`,
    })
    .from(documentosTributarios)
    .where(
      and(
        sql`${documentosTributarios.folio} is not null`,
        inArray(documentosTributarios.estado, ['EMITIDO', 'ANULADO']),
        sql`${day} >= ${desde}::date`,
        sql`${day} <= ${hasta}::date`,
      ),
    )
    .orderBy(asc(documentosTributarios.emitidoAt), asc(documentosTributarios.id));
  const refIds = [...new Set(rows.map((r) => r.doc.referenciaId).filter((id) => id !== null))];
  const refs = refIds.length
    ? await db
        .select({
          id: documentosTributarios.id,
          clase: documentosTributarios.clase,
          folio: documentosTributarios.folio,
        })
        .from(documentosTributarios)
        .where(inArray(documentosTributarios.id, refIds))
    : [];
  const byId = new Map(refs.map((r) => [r.id, r]));
  return rows.map(({ doc, fecha }) => {
    const ref = doc.referenciaId === null ? undefined : byId.get(doc.referenciaId);
    return { doc, fecha, referencia: ref ? { clase: ref.clase, folio: ref.folio } : null };
  });
}

/** Documents in each state (the setup checklist and /api/salud read it). */
export async function countByState(db: Db): Promise<Record<EstadoDocumento, number>> {
  const rows = await db
    .select({ estado: documentosTributarios.estado, n: sql<number>`count(*)::int` })
    .from(documentosTributarios)
    .groupBy(documentosTributarios.estado);
  const counts = { PENDIENTE: 0, EMITIDO: 0, RECHAZADO: 0, ANULADO: 0 };
  for (const r of rows) counts[r.estado as EstadoDocumento] = Number(r.n);
  return counts;
}
