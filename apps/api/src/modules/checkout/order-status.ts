import {
  canTransition,
  invalidTransitionMessage,
  ORDER_MESSAGES,
  type EstadoPedido,
  type MetodoPago,
  type TipoReembolso,
} from '@nexbyte/shared';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { OrderEventName, OrderFact, RecordEvents, ShopEvent } from '../../events';
import { conflict, HttpError, notFound } from '../../http-errors';
import {
  dueOrderIds,
  lockDueOrders,
  lockOrder,
  setStatus,
  unitsOf,
  type Tracking,
} from '../orders/orders.service';
import type { Payments } from '../payments/payments.plugin';
import {
  addPaymentEvent,
  paymentsOf,
  pendingPaymentsOf,
  updatePayment,
  type PagoRow,
} from '../payments/payments.service';
import { ProviderError, type PaymentProvider, type RefundAnswer } from '../payments/provider';
import { releaseUses } from '../coupons/coupons.service';
import { restockEvents, returnStock } from '../products/inventory';
import { PAYMENT_MESSAGES, providerFailure, settleAttempt } from './payment-flow';

export interface Actor {
  usuarioId: number | null;
  /** Kept with the event in words, so the history outlives the account. */
  label: string;
}

const SYSTEM_ACTOR: Actor = { usuarioId: null, label: 'sistema' };

export type StatusChange = OrderFact & { de: EstadoPedido };

/** A status change announces itself under its status's name. */
const EVENT_OF: Record<EstadoPedido, OrderEventName> = {
  PENDIENTE_PAGO: 'pedido.creado',
  PAGADO: 'pedido.pagado',
  ENVIADO: 'pedido.enviado',
  ENTREGADO: 'pedido.entregado',
  CANCELADO: 'pedido.cancelado',
};

export interface Moved<T> {
  result: T;
  /** Recorded inside the transaction that made them true (RecordEvents). */
  events: ShopEvent[];
}

/** A refund the provider did not make: the order stays as it was. */
class RefundFailed extends Error {
  constructor(
    readonly payment: PagoRow,
    readonly failure: ProviderError,
  ) {
    super(failure.message);
  }
}

/** Webpay's status once a payment has been given back, and the refund type it stands for. */
const REFUNDED_STATUS: Record<string, TipoReembolso> = {
  REVERSED: 'REVERSA',
  NULLIFIED: 'ANULACION',
};

/**
 * Refunds a payment. If the provider refuses because it was refunded already (a refund whose
 * answer was lost, then a second cancel), its status says so and that counts as the refund.
 */
async function refundOnce(
  provider: PaymentProvider,
  token: string,
  amount: number,
): Promise<RefundAnswer> {
  try {
    return await provider.refund({ token, amount }, amount);
  } catch (err) {
    if (!(err instanceof ProviderError) || err.reason !== 'refused') throw err;
    const status = await provider.status(token);
    const type = REFUNDED_STATUS[status.status];
    if (!type) throw err;
    return { type, amount, record: { ...status.record, reembolso_previo: true } };
  }
}

/**
 * Gives back the order's approved card payment before it is cancelled, inside the caller's
 * transaction (the order row is locked, so no second cancel refunds twice). A failed refund throws
 * RefundFailed and so cancels nothing.
 */
async function refundApproved(tx: Db, payments: Payments, orderId: number, actor: Actor) {
  const approved = (await paymentsOf(tx, orderId)).filter((p) => p.estado === 'PAGADO').at(-1);
  if (!approved) return;
  const provider: PaymentProvider | null = payments.provider(approved.proveedor as MetodoPago);
  if (!provider) throw new RefundFailed(approved, new ProviderError('unreachable'));
  const amount = Number(approved.montoAutorizado ?? approved.monto);
  try {
    const refund = await refundOnce(provider, approved.token, amount);
    await updatePayment(tx, approved.id, {
      estado: 'REEMBOLSADO',
      reembolsoTipo: refund.type,
      reembolsoMonto: refund.amount.toFixed(2),
      reembolsadoAt: new Date(),
    });
    await addPaymentEvent(tx, approved.id, {
      tipo: 'reembolsado',
      por: actor.label,
      respuesta: refund.record,
    });
  } catch (err) {
    throw err instanceof ProviderError ? new RefundFailed(approved, err) : err;
  }
}

/**
 * Moves an order to another status, if the shared transitions allow it, and records who did it.
 * Cancelling gives the stock back in the same transaction, after the provider has refunded a card
 * payment (a refund that fails is a 502 and the order stays paid). The row is locked first, so two
 * admins (or an admin and the expiry sweep) cannot both move the same order.
 */
export async function changeOrderStatus(
  db: Db,
  payments: Payments,
  record: RecordEvents,
  numero: string,
  to: EstadoPedido,
  actor: Actor,
  tracking: Tracking = {},
): Promise<Moved<StatusChange>> {
  try {
    return await moveOrder(db, payments, record, numero, to, actor, tracking);
  } catch (err) {
    if (!(err instanceof RefundFailed)) throw err;
    // Written after the rollback, so the attempt is on record.
    await addPaymentEvent(db, err.payment.id, {
      tipo: 'reembolso_fallido',
      por: actor.label,
      respuesta: { motivo: err.failure.message },
    });
    throw new HttpError(502, PAYMENT_MESSAGES.refundFailed(providerFailure(err.failure)));
  }
}

async function moveOrder(
  db: Db,
  payments: Payments,
  record: RecordEvents,
  numero: string,
  to: EstadoPedido,
  actor: Actor,
  tracking: Tracking,
): Promise<Moved<StatusChange>> {
  return db.transaction(async (tx) => {
    const row = await lockOrder(tx, numero);
    if (!row) throw notFound(ORDER_MESSAGES.notFound);
    const from = row.estado;
    if (!canTransition(from, to)) throw conflict(invalidTransitionMessage(from, to));
    let restocked: number[] = [];
    if (to === 'CANCELADO') {
      await refundApproved(tx, payments, row.id, actor);
      restocked = await returnStock(tx, await unitsOf(tx, [row.id]));
      await releaseUses(tx, [row.id]);
    }
    await setStatus(
      tx,
      [row.id],
      { de: from, a: to, usuarioId: actor.usuarioId, por: actor.label },
      tracking,
    );
    const change = { id: row.id, numero, de: from, a: to };
    const events: ShopEvent[] = [{ name: EVENT_OF[to], data: change }, ...restockEvents(restocked)];
    await record(tx, events);
    return { result: change, events };
  });
}

// Any fixed number: the same in every instance, so only one of them sweeps at a time.
export const SWEEP_LOCK = 724_101;
/** Orders cancelled per sweep; the rest wait for the next run. */
const SWEEP_BATCH = 200;
/** Provider status calls per sweep (each may take WEBPAY_TIMEOUT_MS); the rest wait their turn. */
const SWEEP_STATUS_CHECKS = 20;

export interface SweepResult {
  /** False when another instance held the sweep lock: this one did nothing. */
  ran: boolean;
  expired: StatusChange[];
  /** Due orders whose payment the provider had authorised: paid instead of expired. */
  paid: StatusChange[];
}

/**
 * Before due orders expire, asks the provider about their pending attempts, outside the sweep's
 * transaction (Transbank may be slow; nothing is locked while it answers). One authorised whose
 * return never arrived, or whose commit answer was lost, is settled like a return (its own short
 * transaction, the same locks) and pays the order instead. An order whose provider cannot be asked
 * now is kept for the next sweep rather than expired blind.
 */
async function settleDuePayments(
  db: Db,
  payments: Payments,
  record: RecordEvents,
  log: FastifyBaseLogger,
): Promise<{ paid: StatusChange[]; kept: Set<number>; events: ShopEvent[] }> {
  const pending = await pendingPaymentsOf(db, await dueOrderIds(db, SWEEP_BATCH));
  const paid: StatusChange[] = [];
  const kept = new Set<number>();
  const events: ShopEvent[] = [];
  for (const [index, payment] of pending.entries()) {
    const provider = payments.provider(payment.proveedor as MetodoPago);
    if (!provider) continue;
    if (index >= SWEEP_STATUS_CHECKS) {
      kept.add(payment.pedidoId);
      continue;
    }
    try {
      const status = await provider.status(payment.token);
      if (status.status === 'INITIALIZED') continue;
      const settled = await settleAttempt(
        db,
        payments,
        record,
        payment.token,
        'sistema',
        log,
        status,
      );
      if (settled.pending) kept.add(payment.pedidoId);
      if (settled.result.resultado === 'aprobado' && settled.events.length > 0) {
        paid.push({
          id: payment.pedidoId,
          numero: settled.result.numero!,
          de: 'PENDIENTE_PAGO',
          a: 'PAGADO',
        });
        events.push(...settled.events);
      }
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      log.warn(
        { ordenCompra: payment.ordenCompra, motivo: err.message },
        'Webpay no respondió al revisar un pago antes de vencer su pedido',
      );
      kept.add(payment.pedidoId);
    }
  }
  return { paid, kept, events };
}

/**
 * Cancels the unpaid orders whose time ran out and gives their stock back, as 'sistema'. Runs
 * under a transaction-scoped advisory lock taken with try (works on PostgreSQL and PGlite): with
 * several instances, one sweeps and the others skip. Rows an admin is changing are skipped too.
 */
export async function sweepExpiredOrders(
  db: Db,
  payments: Payments,
  record: RecordEvents,
  log: FastifyBaseLogger,
): Promise<Moved<SweepResult>> {
  const settled = await settleDuePayments(db, payments, record, log);
  return db.transaction(async (tx) => {
    const [lock] = rowsOf<{ locked: boolean }>(
      await tx.execute(sql`select pg_try_advisory_xact_lock(${SWEEP_LOCK}) as locked`),
    );
    if (!lock?.locked) {
      return { result: { ran: false, expired: [], paid: settled.paid }, events: settled.events };
    }
    // Paid orders are no longer due; those Webpay could not answer for wait for the next run.
    const due = (await lockDueOrders(tx, SWEEP_BATCH)).filter((d) => !settled.kept.has(d.id));
    if (due.length === 0) {
      return { result: { ran: true, expired: [], paid: settled.paid }, events: settled.events };
    }
    const ids = due.map((d) => d.id);
    const restocked = await returnStock(tx, await unitsOf(tx, ids));
    await releaseUses(tx, ids);
    await setStatus(tx, ids, {
      de: 'PENDIENTE_PAGO',
      a: 'CANCELADO',
      usuarioId: null,
      por: SYSTEM_ACTOR.label,
    });
    const expired = due.map((d) => ({
      ...d,
      de: 'PENDIENTE_PAGO' as const,
      a: 'CANCELADO' as const,
    }));
    const events: ShopEvent[] = [
      ...expired.map((data) => ({ name: 'pedido.expirado' as const, data })),
      ...restockEvents(restocked),
    ];
    await record(tx, events);
    return {
      result: { ran: true, expired, paid: settled.paid },
      events: [...settled.events, ...events],
    };
  });
}
