/**
 * What every change of a ticket records: who made it (the history's author), its outcome (the
 * events, recorded in its transaction) and the customer's news of it.
 */
import type { EstadoTicket, Usuario } from '@nexbyte/shared';
import type { Db } from '../../db/client';
import type { ShopEvent } from '../../events';
import { newTrackingLink } from './support.repository';

/** Who changed a ticket: a staff member, the customer (tracking link or account) or the shop. */
export type Actor = { kind: 'staff'; user: Usuario } | { kind: 'cliente' } | { kind: 'sistema' };

const CLIENT_AUTHOR = 'Cliente';
const SYSTEM_AUTHOR = 'Sistema';

export function authorOf(actor: Actor): { autor: string; autorId: number | null } {
  if (actor.kind === 'staff') {
    const name = `${actor.user.nombre} ${actor.user.apellidos}`.trim();
    return { autor: name || actor.user.correo, autorId: actor.user.id };
  }
  return { autor: actor.kind === 'cliente' ? CLIENT_AUTHOR : SYSTEM_AUTHOR, autorId: null };
}

/** The result of a change and the events its transaction recorded. */
export interface Outcome<T> {
  value: T;
  events: ShopEvent[];
}

/**
 * The e-mail to the customer about a change. The desk's changes carry a fresh link, which replaces
 * the previous one; the customer's own (an answer to a quote) carry none, so the link they are
 * using keeps working.
 */
export async function stateNews(
  tx: Db,
  id: number,
  estado: EstadoTicket,
  nota: string | null,
  actor: Actor,
): Promise<ShopEvent> {
  const acceso = actor.kind === 'cliente' ? null : await newTrackingLink(tx, id);
  return { name: 'soporte.estado', data: { id, estado, nota, acceso } };
}
