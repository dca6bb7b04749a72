import { createHash, randomBytes } from 'node:crypto';
import {
  AWAITING_DIAGNOSIS_STATES,
  FINAL_TICKET_STATES,
  type EstadoCotizacion,
  type EstadoTicket,
  type Prioridad,
  type TipoTicket,
} from '@nexbyte/shared';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  ilike,
  inArray,
  isNull,
  lt,
  not,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  soporteCotizaciones,
  soporteCotizacionLineas,
  soporteEnlaces,
  soporteHistorial,
  solicitudesSoporte,
} from './support.schema';

export type TicketRow = typeof solicitudesSoporte.$inferSelect;
export type NewTicket = typeof solicitudesSoporte.$inferInsert;
export type HistoryRow = typeof soporteHistorial.$inferSelect;
export type QuoteRow = typeof soporteCotizaciones.$inferSelect;
export type QuoteLineRow = typeof soporteCotizacionLineas.$inferSelect;
export type NewQuoteLine = Omit<typeof soporteCotizacionLineas.$inferInsert, 'cotizacionId'>;

/** 256 random bits: nobody guesses one, so a fast hash is enough to store it. */
const TOKEN_BYTES = 32;
export const hashTrackingToken = (token: string) =>
  createHash('sha256').update(token).digest('hex');
export const randomTrackingToken = () => randomBytes(TOKEN_BYTES).toString('base64url');

export async function insertTicket(tx: Db, values: NewTicket): Promise<TicketRow> {
  const [row] = await tx.insert(solicitudesSoporte).values(values).returning();
  return row!;
}

/**
 * A new tracking link for the ticket: the token goes in one e-mail, its hash stays here and
 * replaces the ticket's previous one, so only the newest link opens the ticket.
 */
export async function newTrackingLink(tx: Db, solicitudId: number): Promise<string> {
  const token = randomTrackingToken();
  const tokenHash = hashTrackingToken(token);
  await tx
    .insert(soporteEnlaces)
    .values({ solicitudId, tokenHash })
    .onConflictDoUpdate({
      target: soporteEnlaces.solicitudId,
      set: { tokenHash, fechaCreacion: sql`now()` },
    });
  return token;
}

/**
 * The ticket a tracking token opens, looked up by its hash only (a unique index): none for an
 * unknown token, nor for a ticket closed before `closedAfter` (its link has expired).
 */
export async function ticketIdByToken(
  db: Db,
  token: string,
  closedAfter: Date,
): Promise<number | null> {
  const [row] = await db
    .select({ id: soporteEnlaces.solicitudId })
    .from(soporteEnlaces)
    .innerJoin(solicitudesSoporte, eq(solicitudesSoporte.id, soporteEnlaces.solicitudId))
    .where(
      and(
        eq(soporteEnlaces.tokenHash, hashTrackingToken(token)),
        or(isNull(solicitudesSoporte.fechaCierre), gt(solicitudesSoporte.fechaCierre, closedAfter)),
      ),
    );
  return row?.id ?? null;
}

export async function findTicketRow(db: Db, id: number): Promise<TicketRow | null> {
  const [row] = await db.select().from(solicitudesSoporte).where(eq(solicitudesSoporte.id, id));
  return row ?? null;
}

/** Locks a ticket's row: changes of one ticket (two clicks on "accept") happen one after another. */
export async function lockTicket(tx: Db, id: number): Promise<TicketRow | null> {
  const [row] = await tx
    .select()
    .from(solicitudesSoporte)
    .where(eq(solicitudesSoporte.id, id))
    .for('update');
  return row ?? null;
}

/** Moves the ticket; a final state also records when it closed (its link expires from then). */
export async function setTicketState(tx: Db, id: number, estado: EstadoTicket): Promise<void> {
  const now = new Date();
  await tx
    .update(solicitudesSoporte)
    .set({
      estado,
      fechaActualizacion: now,
      ...(FINAL_TICKET_STATES.includes(estado) ? { fechaCierre: now } : {}),
    })
    .where(eq(solicitudesSoporte.id, id));
}

export async function touchTicket(tx: Db, id: number): Promise<void> {
  await tx
    .update(solicitudesSoporte)
    .set({ fechaActualizacion: new Date() })
    .where(eq(solicitudesSoporte.id, id));
}

export interface HistoryEntry {
  solicitudId: number;
  estadoAnterior: EstadoTicket | null;
  estado: EstadoTicket | null;
  notaCliente?: string | null;
  notaInterna?: string | null;
  autorId?: number | null;
  autor: string;
}

export async function insertHistory(tx: Db, entry: HistoryEntry): Promise<void> {
  await tx.insert(soporteHistorial).values(entry);
}

export async function historyOf(db: Db, id: number): Promise<HistoryRow[]> {
  return db
    .select()
    .from(soporteHistorial)
    .where(eq(soporteHistorial.solicitudId, id))
    .orderBy(asc(soporteHistorial.fecha), asc(soporteHistorial.id));
}

export interface QuoteWithLines extends QuoteRow {
  lineas: QuoteLineRow[];
}

/** A ticket's quotes, newest first, with their lines. */
export async function quotesOf(db: Db, id: number): Promise<QuoteWithLines[]> {
  const quotes = await db
    .select()
    .from(soporteCotizaciones)
    .where(eq(soporteCotizaciones.solicitudId, id))
    .orderBy(desc(soporteCotizaciones.id));
  if (quotes.length === 0) return [];
  const lines = await db
    .select()
    .from(soporteCotizacionLineas)
    .where(
      inArray(
        soporteCotizacionLineas.cotizacionId,
        quotes.map((q) => q.id),
      ),
    )
    .orderBy(asc(soporteCotizacionLineas.id));
  return quotes.map((q) => ({ ...q, lineas: lines.filter((l) => l.cotizacionId === q.id) }));
}

export async function insertQuote(
  tx: Db,
  quote: {
    solicitudId: number;
    diagnostico: string;
    validaHasta: string;
    total: number;
    creadaPor: number;
  },
  lines: NewQuoteLine[],
): Promise<number> {
  const [row] = await tx
    .insert(soporteCotizaciones)
    .values(quote)
    .returning({ id: soporteCotizaciones.id });
  await tx
    .insert(soporteCotizacionLineas)
    .values(lines.map((l) => ({ ...l, cotizacionId: row!.id })));
  return row!.id;
}

/** A new quote replaces the one still waiting for an answer or the one the customer turned down. */
export async function replaceOpenQuotes(tx: Db, solicitudId: number): Promise<void> {
  await tx
    .update(soporteCotizaciones)
    .set({ estado: 'REEMPLAZADA' satisfies EstadoCotizacion })
    .where(
      and(
        eq(soporteCotizaciones.solicitudId, solicitudId),
        inArray(soporteCotizaciones.estado, ['PENDIENTE', 'RECHAZADA']),
      ),
    );
}

export async function answerQuote(
  tx: Db,
  id: number,
  answer: { estado: EstadoCotizacion; motivoRechazo?: string | null; stockReservado?: boolean },
): Promise<void> {
  await tx
    .update(soporteCotizaciones)
    .set({ ...answer, fechaRespuesta: new Date() })
    .where(eq(soporteCotizaciones.id, id));
}

export async function setStockReserved(tx: Db, id: number, reserved: boolean): Promise<void> {
  await tx
    .update(soporteCotizaciones)
    .set({ stockReservado: reserved })
    .where(eq(soporteCotizaciones.id, id));
}

export interface TicketFilters {
  estado?: EstadoTicket;
  tipo?: TipoTicket;
  prioridad?: Prioridad;
  /** A ticket number (ST-000123) or words of the name, e-mail, phone or problem. */
  q?: string;
  ticketId?: number | null;
  usuarioId?: number;
  /**
   * Overdue or not: still waiting for the diagnosis and received before `before`
   * (`diagnosisOverdueBefore(now)`), so the condition, the page and the count are all SQL.
   */
  overdue?: { is: boolean; before: Date };
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function whereOf(f: TicketFilters): SQL | undefined {
  const conditions: SQL[] = [];
  if (f.estado) conditions.push(eq(solicitudesSoporte.estado, f.estado));
  if (f.tipo) conditions.push(eq(solicitudesSoporte.tipo, f.tipo));
  if (f.prioridad) conditions.push(eq(solicitudesSoporte.prioridad, f.prioridad));
  if (f.usuarioId !== undefined) conditions.push(eq(solicitudesSoporte.usuarioId, f.usuarioId));
  if (f.q) {
    const like = `%${escapeLike(f.q)}%`;
    const words = [
      ilike(solicitudesSoporte.nombreCliente, like),
      ilike(solicitudesSoporte.emailCliente, like),
      ilike(solicitudesSoporte.telefonoCliente, like),
      ilike(solicitudesSoporte.descripcionProblema, like),
    ];
    if (f.ticketId) words.push(eq(solicitudesSoporte.id, f.ticketId));
    conditions.push(or(...words)!);
  }
  if (f.overdue) {
    const late = and(
      inArray(solicitudesSoporte.estado, [...AWAITING_DIAGNOSIS_STATES]),
      lt(solicitudesSoporte.fechaCreacion, f.overdue.before),
    )!;
    conditions.push(f.overdue.is ? late : not(late));
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

const newestFirst = [desc(solicitudesSoporte.fechaCreacion), desc(solicitudesSoporte.id)];

export async function listTickets(
  db: Db,
  filters: TicketFilters,
  page: { limit: number; offset: number },
): Promise<{ rows: TicketRow[]; total: number }> {
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(solicitudesSoporte)
      .where(whereOf(filters))
      .orderBy(...newestFirst)
      .limit(page.limit)
      .offset(page.offset),
    countTickets(db, filters),
  ]);
  return { rows, total };
}

export async function countTickets(db: Db, filters: TicketFilters): Promise<number> {
  const [counted] = await db
    .select({ total: count() })
    .from(solicitudesSoporte)
    .where(whereOf(filters));
  return counted?.total ?? 0;
}

export async function countByState(db: Db): Promise<{ estado: string; total: number }[]> {
  return db
    .select({ estado: solicitudesSoporte.estado, total: count() })
    .from(solicitudesSoporte)
    .groupBy(solicitudesSoporte.estado);
}

/** A customer's own tickets, newest first, and how many quotes (not expired) wait for them. */
export async function ticketsOfUser(db: Db, usuarioId: number, hoy: string) {
  return db
    .select({
      ticket: solicitudesSoporte,
      // Written out in full: inside the subquery, a bare "id" would be the quote's.
      pendientes:
        sql<number>`(select count(*) from soporte_cotizaciones c where c.solicitud_id = solicitudes_soporte.id and c.estado = 'PENDIENTE' and c.valida_hasta >= ${hoy})`.mapWith(
          Number,
        ),
    })
    .from(solicitudesSoporte)
    .where(eq(solicitudesSoporte.usuarioId, usuarioId))
    .orderBy(...newestFirst);
}
