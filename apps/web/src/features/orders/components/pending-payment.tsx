import {
  formatCLP,
  formatDateTime,
  METODO_PAGO_LABELS,
  type MetodoPago,
  type Pedido,
} from '@nexbyte/shared';
import { Alert } from '../../../components/ui/alert';
import { paymentErrorMessage } from '../../../lib/error-message';
import { usePaymentSettings } from '../../../lib/shop-config';
import { usePayOrder } from '../api/pay-order';
import { WebpayRedirect } from './webpay-redirect';

const PAY_FAILED = 'No pudimos iniciar el pago. Inténtalo de nuevo.';

interface PendingPaymentProps {
  order: Pedido;
  /** The guest's token for this order, or null for its customer. */
  access: string | null;
}

/**
 * An unpaid order: how to pay it with the method chosen, and the other methods the shop has on
 * (Webpay again after a rejection or a cancelled payment, or a switch to the transfer).
 */
export function PendingPayment({ order, access }: PendingPaymentProps) {
  const payments = usePaymentSettings();
  const pay = usePayOrder(order.numero, access);
  const metodos = payments?.metodos ?? [];

  if (pay.data?.pago) return <WebpayRedirect pago={pay.data.pago} />;

  // Webpay can always be tried again; the transfer is a switch only from another method.
  const others = metodos.filter((m) => m === 'WEBPAY' || m !== order.metodoPago);
  const actions = others.length > 0 && (
    <div className="order-payment__actions">
      <div className="actions">
        {others.map((metodo) => (
          <button
            key={metodo}
            type="button"
            className={metodo === 'WEBPAY' ? 'button' : 'button button--ghost'}
            disabled={pay.isPending}
            onClick={() => pay.mutate({ metodoPago: metodo })}
          >
            {PAY_BUTTON_LABELS[metodo]}
          </button>
        ))}
      </div>
      <div aria-live="polite">
        {pay.isPending && <p className="muted">Preparando el pago…</p>}
        {pay.isError && <Alert tone="danger">{paymentErrorMessage(pay.error, PAY_FAILED)}</Alert>}
      </div>
    </div>
  );

  if (order.metodoPago === 'TRANSFERENCIA') {
    return (
      <>
        <TransferInstructions order={order} />
        {actions && (
          <section className="order__section" aria-labelledby="order-other-payment">
            <h2 id="order-other-payment">¿Prefieres pagar con tarjeta?</h2>
            {actions}
          </section>
        )}
      </>
    );
  }
  return (
    <section className="order__section order-transfer" aria-labelledby="order-pay">
      <h2 id="order-pay">Paga tu pedido</h2>
      <p>
        Tu pedido de <strong>{formatCLP(order.total)}</strong> está reservado y aún no está pagado.
        {order.expiresAt && (
          <>
            {' '}
            Guardamos tus productos hasta el{' '}
            <time dateTime={order.expiresAt}>{formatDateTime(order.expiresAt)}</time>.
          </>
        )}
      </p>
      {actions}
    </section>
  );
}

const PAY_BUTTON_LABELS: Record<MetodoPago, string> = {
  WEBPAY: 'Pagar con Webpay',
  TRANSFERENCIA: 'Pagar por transferencia',
};

function TransferInstructions({ order }: { order: Pedido }) {
  const t = order.transferencia;
  const rows: [string, string][] = [
    ['Banco', t.banco],
    ['Tipo de cuenta', t.tipoCuenta],
    ['Número de cuenta', t.numeroCuenta],
    ['RUT', t.rut],
    ['Titular', t.titular],
    ['Monto', formatCLP(order.total)],
    ['Asunto o comentario', order.numero],
    ['Comprobante a', t.correo],
  ];
  return (
    <section className="order__section order-transfer" aria-labelledby="order-transfer">
      <h2 id="order-transfer">Paga con {METODO_PAGO_LABELS[order.metodoPago].toLowerCase()}</h2>
      <p>
        Transfiere el total a esta cuenta y envía el comprobante a{' '}
        <a href={`mailto:${t.correo}?subject=${encodeURIComponent(`Pago pedido ${order.numero}`)}`}>
          {t.correo}
        </a>
        . Con el pago confirmado preparamos tu envío.
      </p>
      <dl className="order-transfer__data">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {order.expiresAt && (
        <p className="order-transfer__deadline">
          Guardamos tus productos hasta el{' '}
          <time dateTime={order.expiresAt}>{formatDateTime(order.expiresAt)}</time>. Si el pago no
          llega, el pedido se cancela solo.
        </p>
      )}
    </section>
  );
}
