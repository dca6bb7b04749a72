import {
  canTransition,
  invalidTransitionMessage,
  MESSAGES_PEDIDO,
  type EstadoPedido,
} from '@nexbyte/shared';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pedidoEventos, pedidos } from '../../db/schema-orders';
import { conflict, notFound } from '../../http-errors';
import { returnStock, rowsOf } from './orders.repository';

export interface Actor {
  usuarioId: number | null;
  /** Kept with the event in words, so the history outlives the account. */
  label: string;
}

export const SYSTEM_ACTOR: Actor = { usuarioId: null, label: 'sistema' };

export interface StatusChange {
  id: number;
  numero: string;
  de: EstadoPedido;
  a: EstadoPedido;
}

/**
 * Moves an order to another status, if the shared transitions allow it, and records who did it.
 * Cancelling gives the stock back in the same transaction. The row is locked first, so two admins
 * (or an admin and the expiry sweep) cannot both move the same order.
 */
export async function changeOrderStatus(
  db: Db,
  numero: string,
  to: EstadoPedido,
  actor: Actor,
): Promise<StatusChange> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: pedidos.id, estado: pedidos.estado })
      .from(pedidos)
      .where(eq(pedidos.numero, numero))
      .for('update');
    if (!row) throw notFound(MESSAGES_PEDIDO.noEncontrado);
    const from = row.estado as EstadoPedido;
    if (!canTransition(from, to)) throw conflict(invalidTransitionMessage(from, to));
    if (to === 'CANCELADO') await returnStock(tx, [row.id]);
    await tx
      .update(pedidos)
      .set({
        estado: to,
        updatedAt: sql`now()`,
        ...(to === 'PAGADO' ? { pagadoAt: sql`now()` } : {}),
      })
      .where(eq(pedidos.id, row.id));
    await tx
      .insert(pedidoEventos)
      .values({ pedidoId: row.id, de: from, a: to, usuarioId: actor.usuarioId, por: actor.label });
    return { id: row.id, numero, de: from, a: to };
  });
}

// Any fixed number: the same in every instance, so only one of them sweeps at a time.
export const SWEEP_LOCK = 724_101;
/** Orders cancelled per sweep; the rest wait for the next run. */
const SWEEP_BATCH = 200;

export interface SweepResult {
  /** False when another instance held the sweep lock: this one did nothing. */
  ran: boolean;
  expired: StatusChange[];
}

/**
 * Cancels the unpaid orders whose time ran out and gives their stock back, as 'sistema'. Runs
 * under a transaction-scoped advisory lock taken with try (works on PostgreSQL and PGlite): with
 * several instances, one sweeps and the others skip. Rows an admin is changing are skipped too.
 */
export async function sweepExpiredOrders(db: Db): Promise<SweepResult> {
  return db.transaction(async (tx) => {
    const [lock] = rowsOf<{ locked: boolean }>(
      await tx.execute(sql`select pg_try_advisory_xact_lock(${SWEEP_LOCK}) as locked`),
    );
    if (!lock?.locked) return { ran: false, expired: [] };
    const due = await tx
      .select({ id: pedidos.id, numero: pedidos.numero })
      .from(pedidos)
      .where(and(eq(pedidos.estado, 'PENDIENTE_PAGO'), lte(pedidos.expiresAt, sql`now()`)))
      .orderBy(asc(pedidos.id))
      .limit(SWEEP_BATCH)
      .for('update', { skipLocked: true });
    if (due.length === 0) return { ran: true, expired: [] };
    const ids = due.map((d) => d.id);
    await returnStock(tx, ids);
    await tx
      .update(pedidos)
      .set({ estado: 'CANCELADO', updatedAt: sql`now()` })
      .where(inArray(pedidos.id, ids));
    await tx.insert(pedidoEventos).values(
      ids.map((pedidoId) => ({
        pedidoId,
        de: 'PENDIENTE_PAGO',
        a: 'CANCELADO',
        usuarioId: null,
        por: SYSTEM_ACTOR.label,
      })),
    );
    return {
      ran: true,
      expired: due.map((d) => ({ ...d, de: 'PENDIENTE_PAGO' as const, a: 'CANCELADO' as const })),
    };
  });
}
