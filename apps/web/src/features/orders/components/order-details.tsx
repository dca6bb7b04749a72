import {
  ESTADO_PEDIDO_LABELS,
  formatDateTime,
  METODO_ENTREGA_LABELS,
  type Pedido,
} from '@nexbyte/shared';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { TotalsList } from '../../../components/ui/totals-list';
import { mayHaveDocuments } from '../api/get-order-documents';
import { OrderDocuments } from './order-documents';
import { OrderLinesTable } from './order-lines-table';
import { OrderStatusBadge } from './order-status-badge';
import { hasPaymentNews, PaymentDetails } from './payment-details';
import { TrackingDetails } from './tracking-details';
import { OrderShipmentEvents } from './order-shipment-events';
import { PendingPayment } from './pending-payment';
import { RequestedDocument } from './requested-document';

interface OrderDetailsProps {
  order: Pedido;
  /** Shown right after the purchase: thanks, and where the e-mail went. */
  justPlaced?: boolean;
  /** The buyer just came back from the payment provider: the result is said above the order. */
  backFromPayment?: boolean;
  loggedIn: boolean;
  /** The guest's token for this order (to pay it again), or null for its customer. */
  access: string | null;
}

/** An order as its buyer sees it: status, how to pay it, what it holds and where it goes. */
export function OrderDetails({
  order,
  justPlaced = false,
  backFromPayment = false,
  loggedIn,
  access,
}: OrderDetailsProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const arrived = justPlaced || backFromPayment;
  useEffect(() => {
    // The checkout form (or Webpay) that had the focus is gone: start the reading here.
    if (arrived) headingRef.current?.focus();
  }, [arrived]);

  return (
    <article className="order" aria-labelledby="order-title">
      {justPlaced && (
        <Alert tone="success">
          <p className="order__thanks">¡Gracias por tu compra!</p>
          <p>
            Recibimos tu pedido. Te enviamos el detalle y los datos para pagar a{' '}
            <strong>{order.cliente.correo}</strong>.
          </p>
        </Alert>
      )}
      <header className="order__header">
        <h1 id="order-title" ref={headingRef} tabIndex={-1}>
          Pedido {order.numero}
        </h1>
        <p className="order__meta">
          <OrderStatusBadge estado={order.estado} />
          <span>
            Realizado el <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
          </span>
        </p>
      </header>

      {order.estado === 'PENDIENTE_PAGO' && <PendingPayment order={order} access={access} />}
      {order.estado === 'CANCELADO' && (
        <Alert tone="info">Este pedido fue cancelado; sus productos volvieron a la venta.</Alert>
      )}

      {order.seguimiento && (
        <section className="order__section" aria-labelledby="order-tracking">
          <h2 id="order-tracking">Seguimiento del envío</h2>
          <TrackingDetails seguimiento={order.seguimiento} className="order-transfer__data" />
        </section>
      )}

      <OrderShipmentEvents order={order} access={access} />

      {hasPaymentNews(order.cobro) && (
        <section className="order__section" aria-labelledby="order-payment">
          <h2 id="order-payment">Pago</h2>
          <PaymentDetails cobro={order.cobro} className="order-transfer__data" />
        </section>
      )}

      <section className="order__section" aria-labelledby="order-products">
        <h2 id="order-products">Productos</h2>
        <OrderLinesTable order={order} />
        <OrderTotals order={order} />
        <RequestedDocument order={order} />
      </section>

      <div className="order__columns">
        <section className="order__section" aria-labelledby="order-delivery">
          <h2 id="order-delivery">Entrega</h2>
          <p>
            <strong>{METODO_ENTREGA_LABELS[order.entrega.tipo]}</strong>
            <br />
            {order.entrega.direccion}
            <br />
            {order.entrega.comuna}, {order.entrega.region}
            {order.entrega.horario && (
              <>
                <br />
                Horario de retiro: {order.entrega.horario}
              </>
            )}
          </p>
          <p>
            {order.cliente.nombre}
            <br />
            {order.cliente.correo}
            {order.cliente.telefono && (
              <>
                <br />
                {order.cliente.telefono}
              </>
            )}
          </p>
        </section>
        <section className="order__section" aria-labelledby="order-history">
          <h2 id="order-history">Estado</h2>
          <ol className="order__history">
            {order.eventos.map((event) => (
              <li key={`${event.a}-${event.at}`}>
                <strong>{ESTADO_PEDIDO_LABELS[event.a]}</strong>{' '}
                <time dateTime={event.at}>{formatDateTime(event.at)}</time>
              </li>
            ))}
          </ol>
        </section>
      </div>

      {mayHaveDocuments(order) && <OrderDocuments numero={order.numero} access={access} />}

      <p className="actions">
        <Link to="/productos" className="button">
          Seguir comprando
        </Link>
        {loggedIn && (
          <Link to="/cuenta/pedidos" className="button button--ghost">
            Ver mis pedidos
          </Link>
        )}
      </p>
    </article>
  );
}

function OrderTotals({ order }: { order: Pedido }) {
  return (
    <TotalsList
      className="order-totals"
      subtotal={order.subtotal}
      discount={order.descuento}
      paymentDiscount={order.descuentoPago}
      shipping={order.envio}
      total={order.total}
      iva={order.iva}
      coupon={order.cupon && { value: `${order.cupon.codigo} (${order.cupon.label})` }}
    />
  );
}
