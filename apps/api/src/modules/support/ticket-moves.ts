/**
 * A ticket's life at the desk: created by the customer, moved between states (a cancellation gives
 * back the parts an accepted quote took) and annotated by staff.
 */
import {
  canMoveTicket,
  invalidTicketMoveMessage,
  type EstadoTicket,
  type Ticket,
  type TipoTicket,
} from '@nexbyte/shared';
import type { Db } from '../../db/client';
import type { RecordEvents, ShopEvent } from '../../events';
import { conflict } from '../../http-errors';
import {
  findTicketRow,
  insertHistory,
  insertTicket,
  lockTicket,
  newTrackingLink,
  setTicketState,
  touchTicket,
  type NewTicket,
  type TicketRow,
} from './support.repository';
import { authorOf, stateNews, type Actor, type Outcome } from './ticket-change';
import { restockEvents } from '../products/inventory';
import { answer, releaseReservedStock } from './ticket-quotes';
import { loadTicket } from './ticket-views';

/** A new ticket, its first history row and the tracking link its first e-mail carries. */
export async function createTicket(
  db: Db,
  record: RecordEvents,
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
    const events: ShopEvent[] = [
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
    ];
    await record(tx, events);
    return { value: { row, token }, events };
  });
}

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
  record: RecordEvents,
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
    if (hacia === 'COTIZADA' || !canMoveTicket(tipo, desde, hacia)) {
      throw conflict(invalidTicketMoveMessage(desde, hacia));
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
      if (hacia === 'CANCELADA') events.push(...restockEvents(await releaseReservedStock(tx, id)));
      await setTicketState(tx, id, hacia);
      await insertHistory(tx, {
        solicitudId: id,
        estadoAnterior: desde,
        estado: hacia,
        notaCliente: change.nota ?? null,
        notaInterna: change.notaInterna ?? null,
        ...authorOf(actor),
      });
      events.push(await stateNews(tx, id, hacia, change.nota ?? null, actor));
    }
    await record(tx, events);
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
