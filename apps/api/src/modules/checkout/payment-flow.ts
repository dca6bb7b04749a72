import { formatCLP, ORDER_MESSAGES, type MetodoPago, type ResultadoPago } from '@nexbyte/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { RecordEvents, ShopEvent } from '../../events';
import { conflict, HttpError, notFound, uniqueViolation } from '../../http-errors';
import { releaseUses } from '../coupons/coupons.service';
import {
  deleteOrder,
  lockOrderForPayment,
  setPaymentTerms,
  setStatus,
  unitsOf,
  type OrderPaymentTerms,
} from '../orders/orders.service';
import type { Payments } from '../payments/payments.plugin';
import {
  addPaymentEvent,
  approvedFields,
  countPayments,
  findPaymentByToken,
  insertPayment,
  lockPaymentByToken,
  rejectionReason,
  updatePayment,
  type PagoRow,
} from '../payments/payments.service';
import {
  isApproved,
  ProviderError,
  type PaymentProvider,
  type PaymentStart,
  type ProviderAnswer,
} from '../payments/provider';
import { returnStock } from '../products/inventory';
import { paymentDiscount } from './payment-terms';

const pesosEqual = (a: number | null, b: number) => a !== null && Math.abs(a - b) < 0.005;

export const PAYMENT_MESSAGES = {
  webpayOff: 'Webpay no está disponible en este momento. Elige transferencia bancaria.',
  webpayDown: 'No pudimos conectar con Webpay. Intenta de nuevo o elige transferencia bancaria.',
  notPayable: 'Este pedido ya no espera su pago.',
  orderChanged:
    'El pedido cambió mientras abríamos el pago (otro pago o un cambio de medio). Revisa el pedido e inténtalo de nuevo.',
  aborted: 'Anulaste el pago en Webpay.',
  refundFailed: (reason: string) =>
    `No se pudo reembolsar el pago: ${reason}. El pedido sigue pagado.`,
} as const;

/** Why a provider call failed, in words for the admin. */
export function providerFailure(err: ProviderError): string {
  if (err.reason === 'timeout') return 'Webpay no respondió a tiempo';
  if (err.reason === 'unreachable') return 'no pudimos conectar con Webpay';
  return `Webpay lo rechazó${err.providerMessage ? ` (${err.providerMessage})` : ''}`;
}

export interface Settled {
  numero: string | null;
  resultado: ResultadoPago;
}

/** What an order's payment is: the method, its discount and the total to charge. */
export interface PaymentTerms {
  metodoPago: MetodoPago;
  descuentoPago: number;
  total: number;
}

/**
 * Opens a provider transaction for an order and records the attempt, in three steps so that no
 * database transaction (nor PGlite's one connection, nor a row lock) waits for the provider:
 *
 * 1. the attempt's number is read (`NB-000123-2`);
 * 2. the provider is called outside any transaction; a failure is a 502 and changes nothing;
 * 3. a short transaction locks the order and, if it still waits for its payment on the terms it
 *    had when this began (`seen`), applies the new terms and records the attempt. An order that
 *    changed meanwhile (paid, cancelled, switched by a second request) is a 409: the provider's
 *    transaction is not recorded and lapses unpaid, since its URL never reaches the buyer.
 *
 * A crash between 2 and 3 leaves the order as it was, payable from its page until it expires.
 */
export async function startPayment(
  db: Db,
  provider: PaymentProvider,
  seen: OrderPaymentTerms,
  terms: PaymentTerms,
  returnUrl: string,
  por: string,
  log: FastifyBaseLogger,
): Promise<PaymentStart | null> {
  const attempt = (await countPayments(db, seen.id)) + 1;
  const buyOrder = `${seen.numero}-${attempt}`;
  let started: PaymentStart | null;
  try {
    started = await provider.start({
      buyOrder,
      sessionId: `pedido-${seen.id}`,
      amount: terms.total,
      returnUrl,
    });
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    log.warn(
      { pedido: seen.numero, ordenCompra: buyOrder, motivo: err.message },
      'Webpay no creó la transacción',
    );
    throw new HttpError(502, PAYMENT_MESSAGES.webpayDown);
  }
  const sameTerms = terms.metodoPago === seen.metodoPago && pesosEqual(terms.total, seen.total);
  // A transfer on the terms the order has: nothing to record.
  if (!started && sameTerms) return null;
  try {
    await db.transaction(async (tx) => {
      const now = await lockOrderForPayment(tx, { id: seen.id });
      const unchanged =
        now?.estado === 'PENDIENTE_PAGO' &&
        now.metodoPago === seen.metodoPago &&
        pesosEqual(now.total, seen.total);
      if (!unchanged) throw conflict(PAYMENT_MESSAGES.orderChanged);
      if (!sameTerms) await setPaymentTerms(tx, seen.id, terms);
      if (!started) return;
      await insertPayment(
        tx,
        {
          pedidoId: seen.id,
          proveedor: provider.method,
          token: started.token,
          url: started.url,
          ordenCompra: buyOrder,
          monto: terms.total.toFixed(2),
        },
        { tipo: 'creado', por, respuesta: { buy_order: buyOrder, amount: terms.total } },
      );
    });
  } catch (err) {
    // A second request for the same order took this attempt's number while the provider answered.
    if (uniqueViolation(err) !== null) throw conflict(PAYMENT_MESSAGES.orderChanged);
    throw err;
  }
  return started;
}

/**
 * Gives back an order just placed whose payment could not be opened: its stock and coupon use
 * return, the e-mails its creation enqueued are taken back, and the order is deleted, as if it had
 * never been placed (the buyer was answered a 502). Only an order still waiting with no attempt is
 * touched; anything else is left as it is.
 */
export async function releaseUnopenedOrder(
  db: Db,
  orderId: number,
  /**
   * Takes back what its creation recorded (its e-mails, not sent yet), and tells the products its
   * stock brought back from none to some.
   */
  forget: (tx: Db, numero: string, restocked: number[]) => Promise<void>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await lockOrderForPayment(tx, { id: orderId });
    if (order?.estado !== 'PENDIENTE_PAGO' || (await countPayments(tx, orderId)) > 0) return;
    const restocked = await returnStock(tx, await unitsOf(tx, [orderId]));
    await releaseUses(tx, [orderId]);
    await forget(tx, order.numero, restocked);
    await deleteOrder(tx, orderId);
  });
}

/**
 * Commits the transaction; when the provider refuses the commit (it was committed already, by a
 * call whose answer never arrived), its status says what happened. A time-out is left to the
 * caller: the outcome is unknown.
 */
export async function confirmAnswer(
  provider: PaymentProvider,
  token: string,
): Promise<ProviderAnswer> {
  try {
    return await provider.confirm(token);
  } catch (err) {
    if (!(err instanceof ProviderError) || err.reason !== 'refused') throw err;
    const status = await provider.status(token);
    if (status.status === 'INITIALIZED') throw err;
    return status;
  }
}

/**
 * What an answer does to a locked pending attempt and its locked order, inside the caller's
 * transaction. Approved for the order's total while the order waits → PAGADO (published after
 * commit). Approved but not payable (wrong amount, order cancelled or already paid) → given back
 * at once. Anything else → the attempt is rejected and the order keeps waiting.
 */
export async function settlePayment(
  tx: Db,
  provider: PaymentProvider,
  payment: PagoRow,
  order: OrderPaymentTerms,
  answer: ProviderAnswer,
  por: string,
  log: FastifyBaseLogger,
): Promise<{ resultado: ResultadoPago; events: ShopEvent[] }> {
  if (answer.status === 'INITIALIZED') {
    await addPaymentEvent(tx, payment.id, { tipo: 'consultado', por, respuesta: answer.record });
    return { resultado: 'error', events: [] };
  }
  if (!isApproved(answer)) {
    await updatePayment(tx, payment.id, {
      estado: 'RECHAZADO',
      codigoRespuesta: answer.responseCode,
      motivo: rejectionReason(answer),
    });
    await addPaymentEvent(tx, payment.id, { tipo: 'rechazado', por, respuesta: answer.record });
    return { resultado: 'rechazado', events: [] };
  }
  const amount = answer.amount ?? 0;
  const payable = order.estado === 'PENDIENTE_PAGO';
  if (
    payable &&
    pesosEqual(answer.amount, order.total) &&
    pesosEqual(amount, Number(payment.monto))
  ) {
    await updatePayment(tx, payment.id, {
      estado: 'PAGADO',
      ...approvedFields(answer),
      autorizadoAt: answer.transactionDate ? new Date(answer.transactionDate) : new Date(),
      motivo: null,
    });
    await addPaymentEvent(tx, payment.id, { tipo: 'confirmado', por, respuesta: answer.record });
    // Paid by card after all (a transfer chosen meanwhile, with no discount to lose).
    if (order.metodoPago !== provider.method) {
      await setPaymentTerms(tx, order.id, {
        metodoPago: provider.method,
        descuentoPago: 0,
        total: order.total,
      });
    }
    await setStatus(tx, [order.id], {
      de: 'PENDIENTE_PAGO',
      a: 'PAGADO',
      usuarioId: null,
      por: `${por} (Webpay)`,
    });
    const fact = {
      id: order.id,
      numero: order.numero,
      de: 'PENDIENTE_PAGO' as const,
      a: 'PAGADO' as const,
    };
    return { resultado: 'aprobado', events: [{ name: 'pedido.pagado', data: fact }] };
  }
  const motivo =
    order.estado === 'CANCELADO'
      ? 'El pedido ya estaba cancelado cuando llegó el pago; se devolvió.'
      : !payable
        ? 'El pedido ya estaba pagado; este pago se devolvió.'
        : `El monto autorizado (${formatCLP(amount)}) no coincide con el total del pedido (${formatCLP(order.total)}); se devolvió.`;
  await updatePayment(tx, payment.id, {
    estado: 'RECHAZADO',
    ...approvedFields(answer),
    autorizadoAt: new Date(),
    motivo,
  });
  await addPaymentEvent(tx, payment.id, {
    tipo: 'no_aplicable',
    por,
    respuesta: { ...answer.record, motivo },
  });
  try {
    const refund = await provider.refund({ token: payment.token, amount }, amount);
    await updatePayment(tx, payment.id, {
      reembolsoTipo: refund.type,
      reembolsoMonto: refund.amount.toFixed(2),
      reembolsadoAt: new Date(),
    });
    await addPaymentEvent(tx, payment.id, {
      tipo: 'reembolsado',
      por: 'sistema',
      respuesta: refund.record,
    });
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    // The buyer was charged for nothing: the admin must give it back by hand.
    log.error(
      { pedido: order.numero, ordenCompra: payment.ordenCompra, motivo: err.message },
      'no se pudo devolver un pago que no corresponde',
    );
    await updatePayment(tx, payment.id, {
      motivo: `${motivo.replace(/; se devolvió\.$/, '.')} La devolución falló (${providerFailure(err)}); la revisaremos.`,
    });
    await addPaymentEvent(tx, payment.id, {
      tipo: 'reembolso_fallido',
      por: 'sistema',
      respuesta: { motivo: err.message },
    });
  }
  return { resultado: 'error', events: [] };
}

/**
 * Locks the order, then the attempt a Webpay token names: the same order as every other writer of
 * both (cancel, retry, the sweep), so two of them never wait on each other in a circle.
 */
async function lockAttempt(tx: Db, token: string) {
  const found = await findPaymentByToken(tx, 'WEBPAY', token);
  if (!found) return null;
  const order = (await lockOrderForPayment(tx, { id: found.pedidoId }))!;
  const payment = (await lockPaymentByToken(tx, 'WEBPAY', token))!;
  return { order, payment };
}

/** What a reload (or a second arrival) is told about an attempt already settled. */
function settledBefore(payment: PagoRow): ResultadoPago {
  if (payment.estado === 'PAGADO' || payment.estado === 'REEMBOLSADO') return 'aprobado';
  if (payment.estado === 'ANULADO') return 'anulado';
  // Approved but not for this order (amount, status): it was given back.
  return payment.montoAutorizado === null ? 'rechazado' : 'error';
}

/**
 * Settles a pending Webpay attempt: commits it (its answer, or the status when the commit was
 * already made) and applies the outcome. The order's row and then the attempt's are locked for the
 * whole settlement, so a second return (a reload, two tabs, the sweep) waits and then finds it
 * settled. A time-out leaves the attempt pending: the next return or the expiry sweep asks again.
 * `known` is a status already fetched that is not an approval: it settles without a commit.
 */
export async function settleAttempt(
  db: Db,
  payments: Payments,
  record: RecordEvents,
  token: string,
  por: 'comprador' | 'sistema',
  log: FastifyBaseLogger,
  known?: ProviderAnswer,
): Promise<{ result: Settled; events: ShopEvent[]; pending: boolean }> {
  return db.transaction(async (tx) => {
    const locked = await lockAttempt(tx, token);
    if (!locked)
      return { result: { numero: null, resultado: 'error' }, events: [], pending: false };
    const { payment, order } = locked;
    const result = { numero: order.numero };
    if (payment.estado !== 'PENDIENTE') {
      const resultado = settledBefore(payment);
      return { result: { ...result, resultado }, events: [], pending: false };
    }
    const provider = payments.provider('WEBPAY');
    if (!provider) return { result: { ...result, resultado: 'error' }, events: [], pending: true };
    let answer: ProviderAnswer;
    try {
      answer = known && !isApproved(known) ? known : await confirmAnswer(provider, token);
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      log.warn(
        { pedido: order.numero, ordenCompra: payment.ordenCompra, motivo: err.message },
        'Webpay no confirmó el pago',
      );
      await addPaymentEvent(tx, payment.id, {
        tipo: 'confirmacion_fallida',
        por,
        respuesta: { motivo: err.message },
      });
      return { result: { ...result, resultado: 'error' }, events: [], pending: true };
    }
    const settled = await settlePayment(tx, provider, payment, order, answer, por, log);
    await record(tx, settled.events);
    return {
      result: { ...result, resultado: settled.resultado },
      events: settled.events,
      // A status of INITIALIZED settles nothing.
      pending: answer.status === 'INITIALIZED',
    };
  });
}

/**
 * The buyer cancelled on Webpay (TBK_TOKEN): nothing to commit. The attempt is closed and the
 * order keeps waiting for a payment.
 */
export async function abortReturn(db: Db, token: string): Promise<Settled> {
  return db.transaction(async (tx) => {
    const locked = await lockAttempt(tx, token);
    if (!locked) return { numero: null, resultado: 'error' };
    const { payment, order } = locked;
    if (payment.estado === 'PENDIENTE') {
      await updatePayment(tx, payment.id, { estado: 'ANULADO', motivo: PAYMENT_MESSAGES.aborted });
      await addPaymentEvent(tx, payment.id, { tipo: 'anulado', por: 'comprador' });
    }
    return { numero: order.numero, resultado: 'anulado' };
  });
}

/**
 * Pays an unpaid order again (after a rejection, say) or switches it to the transfer. The total is
 * the server's: the transfer discount applies with TRANSFERENCIA and not otherwise. The order is
 * read under its lock, the provider is called with no transaction open, and the new terms and the
 * attempt are written together only if the order did not change meanwhile (startPayment).
 */
export async function retryPayment(
  db: Db,
  payments: Payments,
  numero: string,
  metodo: MetodoPago,
  por: string,
  log: FastifyBaseLogger,
): Promise<{ numero: string; pago: PaymentStart | null }> {
  const order = await db.transaction(async (tx) => {
    const found = await lockOrderForPayment(tx, { numero });
    if (!found) throw notFound(ORDER_MESSAGES.notFound);
    if (found.estado !== 'PENDIENTE_PAGO') throw conflict(PAYMENT_MESSAGES.notPayable);
    return found;
  });
  const provider = payments.provider(metodo);
  if (!provider) throw new HttpError(422, PAYMENT_MESSAGES.webpayOff);
  const afterCoupon = order.subtotal - order.descuento;
  const descuentoPago = paymentDiscount(metodo, afterCoupon, payments.transferDiscountPct);
  const total = Math.round((afterCoupon - descuentoPago + order.envio) * 100) / 100;
  const terms = { metodoPago: metodo, descuentoPago, total };
  const pago = await startPayment(db, provider, order, terms, payments.returnUrl, por, log);
  return { numero: order.numero, pago };
}
