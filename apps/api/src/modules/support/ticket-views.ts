/**
 * What the desk and the customer read of tickets: a ticket in full for the desk, what its tracking
 * link shows, the board's pages and summary, and a customer's own list.
 */
import {
  diagnosisOverdueBefore,
  isDiagnosisOverdue,
  ESTADOS_TICKET,
  hoyEnChile,
  ticketIdFromNumber,
  ivaIncluded,
  formatTicketNumber,
  nextTicketStates,
  type CotizacionTicket,
  type Equipo,
  type EstadoCotizacion,
  type EstadoTicket,
  type LineaCotizacion,
  type PasoTicket,
  type Prioridad,
  type Servicio,
  type SoporteResumen,
  type Ticket,
  type TicketCliente,
  type TicketPublico,
  type TicketResumen,
  type TipoTicket,
} from '@nexbyte/shared';
import type { Db } from '../../db/client';
import { MAX_ID } from '../params';
import {
  countByState,
  countTickets,
  findTicketRow,
  historyOf,
  listTickets,
  quotesOf,
  ticketsOfUser,
  type HistoryRow,
  type QuoteWithLines,
  type TicketFilters,
  type TicketRow,
} from './support.repository';

/** What the support module offers the others (the customer's e-mails read tickets and quotes). */
export { findTicketRow, quotesOf } from './support.repository';

export function toResumen(row: TicketRow, now: Date = new Date()): TicketResumen {
  const estado = row.estado as EstadoTicket;
  return {
    id: row.id,
    fechaCreacion: row.fechaCreacion.toISOString(),
    nombreCliente: row.nombreCliente,
    emailCliente: row.emailCliente,
    telefonoCliente: row.telefonoCliente,
    region: row.region,
    comuna: row.comuna,
    direccion: row.direccion,
    equipo: row.equipo as Equipo,
    prioridad: row.prioridad as Prioridad,
    serviciosRequeridos: row.serviciosRequeridos,
    descripcionProblema: row.descripcionProblema,
    numero: formatTicketNumber(row.id),
    tipo: row.tipo as TipoTicket,
    estado,
    comprobante: row.comprobante,
    fechaCompra: row.fechaCompra,
    fechaActualizacion: row.fechaActualizacion.toISOString(),
    atrasado: isDiagnosisOverdue(estado, row.fechaCreacion, now),
  };
}

/** A quote past its last day can no longer be accepted. */
export const isExpired = (q: { estado: string; validaHasta: string }, hoy = hoyEnChile()) =>
  q.estado === 'PENDIENTE' && q.validaHasta < hoy;

function toQuote(q: QuoteWithLines): CotizacionTicket {
  const lineas: LineaCotizacion[] = q.lineas.map((l) => ({
    tipo: l.tipo as LineaCotizacion['tipo'],
    servicio: (l.servicio as Servicio | null) ?? null,
    productoId: l.productoId,
    descripcion: l.descripcion,
    cantidad: l.cantidad,
    precioUnitario: l.precioUnitario,
    subtotal: l.cantidad * l.precioUnitario,
  }));
  return {
    id: q.id,
    diagnostico: q.diagnostico,
    lineas,
    total: q.total,
    iva: ivaIncluded(q.total),
    validaHasta: q.validaHasta,
    estado: q.estado as EstadoCotizacion,
    vencida: isExpired(q),
    fechaCreacion: q.fechaCreacion.toISOString(),
    fechaRespuesta: q.fechaRespuesta?.toISOString() ?? null,
    motivoRechazo: q.motivoRechazo,
  };
}

/** The quote the customer answers: the newest one not replaced. */
export const currentQuote = (quotes: QuoteWithLines[]) =>
  quotes.find((q) => q.estado !== 'REEMPLAZADA') ?? null;

const toStep = (h: HistoryRow): PasoTicket => ({
  id: h.id,
  estadoAnterior: (h.estadoAnterior as EstadoTicket | null) ?? null,
  estado: (h.estado as EstadoTicket | null) ?? null,
  fecha: h.fecha.toISOString(),
  notaCliente: h.notaCliente,
  notaInterna: h.notaInterna,
  autor: h.autor,
});

/** The moves the desk makes by hand (COTIZADA needs a quote, sent with its own route). */
const deskMoves = (tipo: TipoTicket, estado: EstadoTicket) =>
  nextTicketStates(tipo, estado).filter((e) => e !== 'COTIZADA');

export async function loadTicket(db: Db, row: TicketRow): Promise<Ticket> {
  const [history, quotes] = await Promise.all([historyOf(db, row.id), quotesOf(db, row.id)]);
  const resumen = toResumen(row);
  return {
    ...resumen,
    usuarioId: row.usuarioId,
    historial: history.map(toStep),
    cotizaciones: quotes.map(toQuote),
    siguientesEstados: [...deskMoves(resumen.tipo, resumen.estado)],
  };
}

export async function findTicket(db: Db, id: number): Promise<Ticket | null> {
  const row = await findTicketRow(db, id);
  return row ? loadTicket(db, row) : null;
}

/**
 * What the customer sees: the state changes with the notes meant for them, never the desk's
 * internal notes, who on staff did it, nor the contact data kept on the ticket.
 */
export async function loadPublicTicket(db: Db, row: TicketRow): Promise<TicketPublico> {
  const [history, quotes] = await Promise.all([historyOf(db, row.id), quotesOf(db, row.id)]);
  const quote = currentQuote(quotes);
  return {
    numero: formatTicketNumber(row.id),
    tipo: row.tipo as TipoTicket,
    estado: row.estado as EstadoTicket,
    equipo: row.equipo as Equipo,
    nombre: row.nombreCliente.trim().split(/\s+/)[0] ?? '',
    serviciosRequeridos: row.serviciosRequeridos,
    fechaCreacion: row.fechaCreacion.toISOString(),
    historial: history
      .filter((h) => h.estado !== null)
      .map((h) => ({
        estado: h.estado as EstadoTicket,
        fecha: h.fecha.toISOString(),
        nota: h.notaCliente,
      })),
    cotizacion: quote ? toQuote(quote) : null,
  };
}

export interface ListQuery extends Omit<TicketFilters, 'ticketId' | 'overdue'> {
  atrasado?: boolean;
}

export async function listDeskTickets(
  db: Db,
  query: ListQuery,
  page: { limit: number; offset: number },
): Promise<{ items: TicketResumen[]; total: number }> {
  const now = new Date();
  const { atrasado, ...rest } = query;
  const filters: TicketFilters = {
    ...rest,
    ticketId: rest.q ? idOfNumber(rest.q) : null,
    overdue:
      atrasado === undefined ? undefined : { is: atrasado, before: diagnosisOverdueBefore(now) },
  };
  const { rows, total } = await listTickets(db, filters, page);
  return { items: rows.map((r) => toResumen(r, now)), total };
}

/** The id behind a ticket number typed in the search box, if it can be one. */
function idOfNumber(q: string): number | null {
  const id = ticketIdFromNumber(q);
  return id !== null && id <= MAX_ID ? id : null;
}

export async function deskSummary(db: Db): Promise<SoporteResumen> {
  const [counts, atrasados] = await Promise.all([
    countByState(db),
    countTickets(db, { overdue: { is: true, before: diagnosisOverdueBefore() } }),
  ]);
  const porEstado = Object.fromEntries(ESTADOS_TICKET.map((e) => [e, 0])) as Record<
    EstadoTicket,
    number
  >;
  let total = 0;
  for (const { estado, total: n } of counts) {
    if (estado in porEstado) porEstado[estado as EstadoTicket] = n;
    total += n;
  }
  return { total, atrasados, porEstado };
}

export async function customerTickets(db: Db, usuarioId: number): Promise<TicketCliente[]> {
  const rows = await ticketsOfUser(db, usuarioId, hoyEnChile());
  return rows.map(({ ticket, pendientes }) => ({
    numero: formatTicketNumber(ticket.id),
    tipo: ticket.tipo as TipoTicket,
    estado: ticket.estado as EstadoTicket,
    equipo: ticket.equipo as Equipo,
    fechaCreacion: ticket.fechaCreacion.toISOString(),
    fechaActualizacion: ticket.fechaActualizacion.toISOString(),
    cotizacionPendiente: pendientes > 0 && ticket.estado === 'COTIZADA',
  }));
}
