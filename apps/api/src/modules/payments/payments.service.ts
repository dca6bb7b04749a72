import type { Cobro, EstadoPedido, MetodoPago, TipoReembolso } from '@nexbyte/shared';
import type { ProviderAnswer } from './provider';
import type { PagoRow } from './payments.repository';

/**
 * What the payments module offers the others: its attempts and events, written inside the
 * transaction the caller gives, and an order's payment as the API shows it.
 */
export {
  addPaymentEvent,
  countPayments,
  findPaymentByToken,
  insertPayment,
  lockPayment,
  lockPaymentByToken,
  paymentEventsOf,
  paymentRowsOf,
  paymentsColumn,
  paymentsOf,
  pendingPaymentOf,
  pendingPaymentsOf,
  updatePayment,
  type PagoRow,
  type PaymentEvent,
} from './payments.repository';

/** Webpay's payment_type_code in the buyer's words. */
const PAYMENT_TYPE_LABELS: Record<string, string> = {
  VD: 'Débito',
  VN: 'Crédito',
  VC: 'Crédito en cuotas',
  SI: 'Crédito en cuotas',
  S2: 'Crédito en cuotas',
  NC: 'Crédito en cuotas',
  VP: 'Prepago',
};

export const paymentTypeLabel = (code: string | null) =>
  (code && PAYMENT_TYPE_LABELS[code]) ?? 'Tarjeta';

/** Orders in these statuses have been paid (and not given back). */
const PAID: readonly EstadoPedido[] = ['PAGADO', 'ENVIADO', 'ENTREGADO'];

const pesos = (value: string | null) => (value === null ? 0 : Number(value));

/** The fields an approved answer fills in on its attempt. */
export function approvedFields(answer: ProviderAnswer) {
  return {
    codigoAutorizacion: answer.authorizationCode,
    ultimos4: answer.last4,
    tipoPago: answer.paymentTypeCode,
    cuotas: answer.installments ?? 0,
    codigoRespuesta: answer.responseCode,
    montoAutorizado: answer.amount === null ? null : answer.amount.toFixed(2),
  };
}

/** Spanish for why an answer does not pay the order. */
export function rejectionReason(answer: ProviderAnswer): string {
  if (answer.status === 'AUTHORIZED' || answer.status === 'FAILED') {
    return `Webpay rechazó el pago (código ${answer.responseCode ?? 'desconocido'}).`;
  }
  return `Webpay no autorizó el pago (estado ${answer.status}).`;
}

export const REFUND_LABELS: Record<TipoReembolso, string> = {
  REVERSA: 'reversa',
  ANULACION: 'anulación',
};

/**
 * An order's payment as the buyer and the admin see it (cobroSchema): the approved attempt's
 * detail and refund, else why the newest attempt failed.
 */
export function cobroFrom(
  order: { estado: EstadoPedido; metodoPago: MetodoPago },
  attempts: readonly PagoRow[],
): Cobro {
  const approved: PagoRow | undefined = attempts
    .filter((p) => p.estado === 'PAGADO' || p.estado === 'REEMBOLSADO')
    .at(-1);
  const last = attempts.at(-1);
  const refunded = approved?.estado === 'REEMBOLSADO';
  const estado: Cobro['estado'] = refunded
    ? 'REEMBOLSADO'
    : PAID.includes(order.estado)
      ? 'PAGADO'
      : last && (last.estado === 'RECHAZADO' || last.estado === 'ANULADO')
        ? 'RECHAZADO'
        : 'PENDIENTE';
  return {
    metodo: order.metodoPago,
    estado,
    detalle:
      approved && approved.codigoAutorizacion
        ? {
            codigoAutorizacion: approved.codigoAutorizacion,
            ultimos4: approved.ultimos4,
            tipo: paymentTypeLabel(approved.tipoPago),
            cuotas: approved.cuotas ?? 0,
            monto: pesos(approved.montoAutorizado ?? approved.monto),
            fecha: (approved.autorizadoAt ?? approved.updatedAt).toISOString(),
          }
        : null,
    motivo: last && last !== approved ? last.motivo : null,
    reembolso:
      refunded && approved.reembolsoTipo
        ? {
            tipo: approved.reembolsoTipo as TipoReembolso,
            monto: pesos(approved.reembolsoMonto),
            fecha: (approved.reembolsadoAt ?? approved.updatedAt).toISOString(),
          }
        : null,
  };
}
