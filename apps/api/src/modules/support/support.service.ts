import {
  diagnosisOverdueBefore,
  diagnosticoAtrasado,
  ESTADOS_TICKET,
  hoyEnChile,
  idDeNumeroTicket,
  ivaIncluido,
  numeroTicket,
  siguientesEstados,
  TICKET_MESSAGES,
  transicionInvalidaMessage,
  type cotizacionTicketInputSchema,
  puedePasar,
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
  type Usuario,
} from '@nexbyte/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { ShopEvent } from '../../events';
import { badRequest, conflict } from '../../http-errors';
import { MAX_ID } from '../params';
import {
  crossedLowStock,
  productsForCart,
  returnStock,
  ShortfallError,
  takeStock,
} from '../products/inventory';
import {
  answerQuote,
  countByState,
  countTickets,
  findTicketRow,
  historyOf,
  insertHistory,
  insertQuote,
  insertTicket,
  listTickets,
  lockTicket,
  newTrackingLink,
  quotesOf,
  replaceOpenQuotes,
  setStockReserved,
  setTicketState,
  ticketsOfUser,
  touchTicket,
  type HistoryRow,
  type NewQuoteLine,
  type NewTicket,
  type QuoteWithLines,
  type TicketFilters,
  type TicketRow,
} from './support.repository';

/** What the support module offers the others (the customer's e-mails read tickets and quotes). */
export { findTicketRow, quotesOf } from './support.repository';

/** Who changed a ticket: a staff member, the customer (tracking link or account) or the shop. */
export type Actor = { kind: 'staff'; user: Usuario } | { kind: 'cliente' } | { kind: 'sistema' };

const CLIENT_AUTHOR = 'Cliente';
const SYSTEM_AUTHOR = 'Sistema';

function authorOf(actor: Actor): { autor: string; autorId: number | null } {
  if (actor.kind === 'staff') {
    const name = `${actor.user.nombre} ${actor.user.apellidos}`.trim();
    return { autor: name || actor.user.correo, autorId: actor.user.id };
  }
  return { autor: actor.kind === 'cliente' ? CLIENT_AUTHOR : SYSTEM_AUTHOR, autorId: null };
}

/** The result of a change: published by the caller once the transaction has committed. */
export interface Outcome<T> {
  value: T;
  events: ShopEvent[];
}

// ---- Views ------------------------------------------------------------------------------------

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
    numero: numeroTicket(row.id),
    tipo: row.tipo as TipoTicket,
    estado,
    comprobante: row.comprobante,
    fechaCompra: row.fechaCompra,
    fechaActualizacion: row.fechaActualizacion.toISOString(),
    atrasado: diagnosticoAtrasado(estado, row.fechaCreacion, now),
  };
}

/** A quote past its last day can no longer be accepted. */
const isExpired = (q: { estado: string; validaHasta: string }, hoy = hoyEnChile()) =>
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
    iva: ivaIncluido(q.total),
    validaHasta: q.validaHasta,
    estado: q.estado as EstadoCotizacion,
    vencida: isExpired(q),
    fechaCreacion: q.fechaCreacion.toISOString(),
    fechaRespuesta: q.fechaRespuesta?.toISOString() ?? null,
    motivoRechazo: q.motivoRechazo,
  };
}

/** The quote the customer answers: the newest one not replaced. */
const currentQuote = (quotes: QuoteWithLines[]) =>
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
  siguientesEstados(tipo, estado).filter((e) => e !== 'COTIZADA');

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
    numero: numeroTicket(row.id),
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

// ---- Lists ------------------------------------------------------------------------------------

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
  const id = idDeNumeroTicket(q);
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
    numero: numeroTicket(ticket.id),
    tipo: ticket.tipo as TipoTicket,
    estado: ticket.estado as EstadoTicket,
    equipo: ticket.equipo as Equipo,
    fechaCreacion: ticket.fechaCreacion.toISOString(),
    fechaActualizacion: ticket.fechaActualizacion.toISOString(),
    cotizacionPendiente: pendientes > 0 && ticket.estado === 'COTIZADA',
  }));
}

// ---- Changes ----------------------------------------------------------------------------------

/** A new ticket, its first history row and the tracking link its first e-mail carries. */
export async function createTicket(
  db: Db,
  values: NewTicket,
): Promise<Outcome<{ row: TicketRow; token: string }>> {
  return db.transaction(async (tx) => {
    const row = await insertTicket(tx, { ...values, estado: 'RECIBIDA' });
    await insertHistory(tx, {
      solicitudId: row.id,
      estadoAnterior: null,
      estado: 'RECIBIDA',
      ...authorOf(values.usuarioId ? { kind: 'cliente' } : { kind: 'sistema' }),
    });
    const token = await newTrackingLink(tx, row.id);
    return {
      value: { row, token },
      events: [
        {
          name: 'soporte.creado',
          data: {
            id: row.id,
            nombreCliente: row.nombreCliente,
            emailCliente: row.emailCliente,
            telefonoCliente: row.telefonoCliente,
            region: row.region,
            comuna: row.comuna,
            equipo: row.equipo,
            prioridad: row.prioridad,
            serviciosRequeridos: row.serviciosRequeridos,
            descripcionProblema: row.descripcionProblema,
            acceso: token,
          },
        },
      ],
    };
  });
}

/** The e-mail to the customer about a change: a fresh link goes with each. */
async function stateNews(
  tx: Db,
  id: number,
  estado: EstadoTicket,
  nota: string | null,
): Promise<ShopEvent> {
  return {
    name: 'soporte.estado',
    data: { id, estado, nota, acceso: await newTrackingLink(tx, id) },
  };
}

/** Gives back the parts an accepted quote took from stock, once. */
async function releaseReservedStock(tx: Db, solicitudId: number): Promise<void> {
  for (const quote of await quotesOf(tx, solicitudId)) {
    if (quote.estado !== 'ACEPTADA' || !quote.stockReservado) continue;
    await returnStock(tx, partsOf(quote.lineas));
    await setStockReserved(tx, quote.id, false);
  }
}

const partsOf = (lines: { tipo: string; productoId: number | null; cantidad: number }[]) =>
  lines
    .filter((l) => l.tipo === 'REPUESTO' && l.productoId !== null)
    .map((l) => ({ productoId: l.productoId!, qty: l.cantidad }));

export interface StateChange {
  estado: EstadoTicket;
  nota?: string | null;
  notaInterna?: string | null;
}

/**
 * A move made by the desk. APROBADA and RECHAZADA record the customer's answer to the pending
 * quote given by phone: the same effects as their click on the link.
 */
export async function changeState(
  db: Db,
  id: number,
  change: StateChange,
  actor: Actor,
): Promise<Outcome<Ticket> | null> {
  return db.transaction(async (tx) => {
    const row = await lockTicket(tx, id);
    if (!row) return null;
    const tipo = row.tipo as TipoTicket;
    const desde = row.estado as EstadoTicket;
    const hacia = change.estado;
    if (hacia === 'COTIZADA' || !puedePasar(tipo, desde, hacia)) {
      throw conflict(transicionInvalidaMessage(desde, hacia));
    }
    const events: ShopEvent[] = [];
    if (hacia === 'APROBADA' || hacia === 'RECHAZADA') {
      events.push(
        ...(await answer(tx, row, hacia === 'APROBADA' ? 'ACEPTAR' : 'RECHAZAR', null, actor, {
          nota: change.nota ?? null,
          notaInterna: change.notaInterna ?? null,
        })),
      );
    } else {
      if (hacia === 'CANCELADA') await releaseReservedStock(tx, id);
      await setTicketState(tx, id, hacia);
      await insertHistory(tx, {
        solicitudId: id,
        estadoAnterior: desde,
        estado: hacia,
        notaCliente: change.nota ?? null,
        notaInterna: change.notaInterna ?? null,
        ...authorOf(actor),
      });
      events.push(await stateNews(tx, id, hacia, change.nota ?? null));
    }
    const updated = (await findTicketRow(tx, id))!;
    return { value: await loadTicket(tx, updated), events };
  });
}

export async function addInternalNote(
  db: Db,
  id: number,
  nota: string,
  actor: Actor,
): Promise<Ticket | null> {
  return db.transaction(async (tx) => {
    const row = await lockTicket(tx, id);
    if (!row) return null;
    await insertHistory(tx, {
      solicitudId: id,
      estadoAnterior: row.estado as EstadoTicket,
      estado: null,
      notaInterna: nota,
      ...authorOf(actor),
    });
    await touchTicket(tx, id);
    return loadTicket(tx, (await findTicketRow(tx, id))!);
  });
}

type QuoteInput = z.output<typeof cotizacionTicketInputSchema>;

/**
 * A quote for a repair: parts at the catalogue's price and name read now, labour at the desk's
 * price; the total includes IVA. The ticket becomes COTIZADA and the customer is e-mailed.
 */
export async function sendQuote(
  db: Db,
  id: number,
  input: QuoteInput,
  actor: Actor & { kind: 'staff' },
): Promise<Outcome<Ticket> | null> {
  if (input.validaHasta < hoyEnChile()) {
    throw badRequest(TICKET_MESSAGES.validaHastaPasada, {
      validaHasta: TICKET_MESSAGES.validaHastaPasada,
    });
  }
  return db.transaction(async (tx) => {
    const row = await lockTicket(tx, id);
    if (!row) return null;
    const tipo = row.tipo as TipoTicket;
    const desde = row.estado as EstadoTicket;
    if (tipo !== 'REPARACION') throw conflict(TICKET_MESSAGES.soloReparacion);
    if (!puedePasar(tipo, desde, 'COTIZADA')) throw conflict(TICKET_MESSAGES.cotizarEnOtroEstado);

    const ids = input.lineas.flatMap((l) => (l.tipo === 'REPUESTO' ? [l.productoId] : []));
    const products = new Map((await productsForCart(tx, ids)).map((p) => [p.id, p]));
    const lines: NewQuoteLine[] = input.lineas.map((l) => {
      if (l.tipo === 'SERVICIO') {
        return {
          tipo: 'SERVICIO',
          servicio: l.servicio,
          productoId: null,
          descripcion: l.descripcion || l.servicio,
          cantidad: l.cantidad,
          precioUnitario: l.precioUnitario,
        };
      }
      const product = products.get(l.productoId);
      if (!product?.activo) throw conflict(TICKET_MESSAGES.productoNoDisponible);
      return {
        tipo: 'REPUESTO',
        servicio: null,
        productoId: product.id,
        descripcion: product.nombre,
        cantidad: l.cantidad,
        precioUnitario: product.precio,
      };
    });
    const total = lines.reduce((sum, l) => sum + l.cantidad * l.precioUnitario, 0);

    await replaceOpenQuotes(tx, id);
    const cotizacionId = await insertQuote(
      tx,
      {
        solicitudId: id,
        diagnostico: input.diagnostico,
        validaHasta: input.validaHasta,
        total,
        creadaPor: actor.user.id,
      },
      lines,
    );
    await setTicketState(tx, id, 'COTIZADA');
    await insertHistory(tx, {
      solicitudId: id,
      estadoAnterior: desde,
      estado: 'COTIZADA',
      notaCliente: input.nota ?? null,
      ...authorOf(actor),
    });
    const acceso = await newTrackingLink(tx, id);
    const updated = (await findTicketRow(tx, id))!;
    return {
      value: await loadTicket(tx, updated),
      events: [{ name: 'soporte.cotizado', data: { id, cotizacionId, acceso } }],
    };
  });
}

export type Decision = 'ACEPTAR' | 'RECHAZAR';

/**
 * The customer's answer to the pending quote, inside the caller's transaction with the ticket row
 * locked. Accepting takes the parts from stock (all or nothing); a second click on the same
 * answer changes nothing.
 */
async function answer(
  tx: Db,
  row: TicketRow,
  decision: Decision,
  motivo: string | null,
  actor: Actor,
  notes: { nota: string | null; notaInterna: string | null } = { nota: null, notaInterna: null },
): Promise<ShopEvent[]> {
  const quote = currentQuote(await quotesOf(tx, row.id));
  if (!quote) throw conflict(TICKET_MESSAGES.sinCotizacion);
  if (quote.estado === 'ACEPTADA') {
    if (decision === 'ACEPTAR') return [];
    throw conflict(TICKET_MESSAGES.cotizacionYaAceptada);
  }
  if (quote.estado === 'RECHAZADA') {
    if (decision === 'RECHAZAR') return [];
    throw conflict(TICKET_MESSAGES.cotizacionYaRechazada);
  }
  if (row.estado !== 'COTIZADA') throw conflict(TICKET_MESSAGES.sinCotizacion);
  if (isExpired(quote)) throw conflict(TICKET_MESSAGES.cotizacionVencida);

  const events: ShopEvent[] = [];
  const estado: EstadoTicket = decision === 'ACEPTAR' ? 'APROBADA' : 'RECHAZADA';
  if (decision === 'ACEPTAR') {
    try {
      const taken = await takeStock(tx, partsOf(quote.lineas));
      for (const { productoId, nombre, stock } of crossedLowStock(taken)) {
        events.push({ name: 'producto.stock_bajo', data: { id: productoId, nombre, stock } });
      }
    } catch (err) {
      if (err instanceof ShortfallError) {
        throw conflict(TICKET_MESSAGES.sinStock(err.body.productos[0]?.nombre ?? 'un repuesto'));
      }
      throw err;
    }
    await answerQuote(tx, quote.id, { estado: 'ACEPTADA', stockReservado: true });
  } else {
    await answerQuote(tx, quote.id, { estado: 'RECHAZADA', motivoRechazo: motivo });
  }
  await setTicketState(tx, row.id, estado);
  await insertHistory(tx, {
    solicitudId: row.id,
    estadoAnterior: row.estado as EstadoTicket,
    estado,
    notaCliente: notes.nota,
    notaInterna: notes.notaInterna,
    ...authorOf(actor),
  });
  events.push(await stateNews(tx, row.id, estado, notes.nota));
  return events;
}

/** The customer's answer through the tracking link or their account. */
export async function answerAsCustomer(
  db: Db,
  id: number,
  decision: Decision,
  motivo: string | null,
): Promise<Outcome<TicketPublico> | null> {
  return db.transaction(async (tx) => {
    const row = await lockTicket(tx, id);
    if (!row) return null;
    const events = await answer(tx, row, decision, motivo, { kind: 'cliente' });
    return { value: await loadPublicTicket(tx, (await findTicketRow(tx, id))!), events };
  });
}
