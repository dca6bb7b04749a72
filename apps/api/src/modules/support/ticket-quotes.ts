/**
 * A repair's quotes: the desk sends one, the customer (or the desk, for them) accepts it, which
 * takes its parts from stock, or turns it down; a cancelled ticket gives the parts back.
 */
import {
  hoyEnChile,
  canMoveTicket,
  TICKET_MESSAGES,
  type cotizacionTicketInputSchema,
  type EstadoTicket,
  type Ticket,
  type TicketPublico,
  type TipoTicket,
} from '@nexbyte/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { RecordEvents, ShopEvent } from '../../events';
import { badRequest, conflict } from '../../http-errors';
import {
  crossedLowStock,
  productsForCart,
  returnStock,
  ShortfallError,
  takeStock,
} from '../products/inventory';
import {
  answerQuote,
  findTicketRow,
  insertHistory,
  insertQuote,
  lockTicket,
  newTrackingLink,
  quotesOf,
  replaceOpenQuotes,
  setStockReserved,
  setTicketState,
  type NewQuoteLine,
  type TicketRow,
} from './support.repository';
import { authorOf, stateNews, type Actor, type Outcome } from './ticket-change';
import { currentQuote, isExpired, loadPublicTicket, loadTicket } from './ticket-views';

type QuoteInput = z.output<typeof cotizacionTicketInputSchema>;

/**
 * A quote for a repair: parts at the catalogue's price and name read now, labour at the desk's
 * price; the total includes IVA. The ticket becomes COTIZADA and the customer is e-mailed.
 */
export async function sendQuote(
  db: Db,
  record: RecordEvents,
  id: number,
  input: QuoteInput,
  actor: Actor & { kind: 'staff' },
): Promise<Outcome<Ticket> | null> {
  if (input.validaHasta < hoyEnChile()) {
    throw badRequest(TICKET_MESSAGES.validUntilPast, {
      validaHasta: TICKET_MESSAGES.validUntilPast,
    });
  }
  return db.transaction(async (tx) => {
    const row = await lockTicket(tx, id);
    if (!row) return null;
    const tipo = row.tipo as TipoTicket;
    const desde = row.estado as EstadoTicket;
    if (tipo !== 'REPARACION') throw conflict(TICKET_MESSAGES.repairsOnly);
    if (!canMoveTicket(tipo, desde, 'COTIZADA')) throw conflict(TICKET_MESSAGES.notQuotableState);

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
      if (!product?.activo) throw conflict(TICKET_MESSAGES.productUnavailable);
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
    const events: ShopEvent[] = [{ name: 'soporte.cotizado', data: { id, cotizacionId, acceso } }];
    await record(tx, events);
    const updated = (await findTicketRow(tx, id))!;
    return { value: await loadTicket(tx, updated), events };
  });
}

export type Decision = 'ACEPTAR' | 'RECHAZAR';

/**
 * The customer's answer to the pending quote, inside the caller's transaction with the ticket row
 * locked. Accepting takes the parts from stock (all or nothing); a second click on the same
 * answer changes nothing.
 */
export async function answer(
  tx: Db,
  row: TicketRow,
  decision: Decision,
  motivo: string | null,
  actor: Actor,
  notes: { nota: string | null; notaInterna: string | null } = { nota: null, notaInterna: null },
): Promise<ShopEvent[]> {
  const quote = currentQuote(await quotesOf(tx, row.id));
  if (!quote) throw conflict(TICKET_MESSAGES.noPendingQuote);
  if (quote.estado === 'ACEPTADA') {
    if (decision === 'ACEPTAR') return [];
    throw conflict(TICKET_MESSAGES.quoteAlreadyAccepted);
  }
  if (quote.estado === 'RECHAZADA') {
    if (decision === 'RECHAZAR') return [];
    throw conflict(TICKET_MESSAGES.quoteAlreadyRejected);
  }
  if (row.estado !== 'COTIZADA') throw conflict(TICKET_MESSAGES.noPendingQuote);
  if (isExpired(quote)) throw conflict(TICKET_MESSAGES.quoteExpired);

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
        throw conflict(TICKET_MESSAGES.outOfStock(err.body.productos[0]?.nombre ?? 'un repuesto'));
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
  events.push(await stateNews(tx, row.id, estado, notes.nota, actor));
  return events;
}

/** The customer's answer through the tracking link or their account. */
export async function answerAsCustomer(
  db: Db,
  record: RecordEvents,
  id: number,
  decision: Decision,
  motivo: string | null,
): Promise<Outcome<TicketPublico> | null> {
  return db.transaction(async (tx) => {
    const row = await lockTicket(tx, id);
    if (!row) return null;
    const events = await answer(tx, row, decision, motivo, { kind: 'cliente' });
    await record(tx, events);
    return { value: await loadPublicTicket(tx, (await findTicketRow(tx, id))!), events };
  });
}

/**
 * Gives back the parts an accepted quote took from stock, once. Answers the products that brought
 * back from none to some.
 */
export async function releaseReservedStock(tx: Db, solicitudId: number): Promise<number[]> {
  const restocked: number[] = [];
  for (const quote of await quotesOf(tx, solicitudId)) {
    if (quote.estado !== 'ACEPTADA' || !quote.stockReservado) continue;
    restocked.push(...(await returnStock(tx, partsOf(quote.lineas))));
    await setStockReserved(tx, quote.id, false);
  }
  return restocked;
}

const partsOf = (lines: { tipo: string; productoId: number | null; cantidad: number }[]) =>
  lines
    .filter((l) => l.tipo === 'REPUESTO' && l.productoId !== null)
    .map((l) => ({ productoId: l.productoId!, qty: l.cantidad }));
