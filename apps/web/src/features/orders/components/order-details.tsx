import {
  ESTADO_PEDIDO_LABELS,
  formatCLP,
  formatDateTime,
  IVA_PERCENT,
  METODO_PAGO_LABELS,
  type Pedido,
} from '@nexbyte/shared';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { OrderLinesTable } from './order-lines-table';
import { OrderStatusBadge } from './order-status-badge';

interface OrderDetailsProps {
  order: Pedido;
  /** Shown right after the purchase: thanks, and where the e-mail went. */
  justPlaced?: boolean;
  loggedIn: boolean;
}

/** An order as its buyer sees it: status, how to pay it, what it holds and where it goes. */
export function OrderDetails({ order, justPlaced = false, loggedIn }: OrderDetailsProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // The checkout form that had the focus is gone: start the reading here.
    if (justPlaced) headingRef.current?.focus();
  }, [justPlaced]);

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

      {order.estado === 'PENDIENTE_PAGO' && <TransferInstructions order={order} />}
      {order.estado === 'CANCELADO' && (
        <Alert tone="info">Este pedido fue cancelado; sus productos volvieron a la venta.</Alert>
      )}

      <section className="order__section" aria-labelledby="order-products">
        <h2 id="order-products">Productos</h2>
        <OrderLinesTable order={order} />
        <OrderTotals order={order} />
      </section>

      <div className="order__columns">
        <section className="order__section" aria-labelledby="order-delivery">
          <h2 id="order-delivery">Entrega</h2>
          <p>
            {order.entrega.direccion}
            <br />
            {order.entrega.comuna}, {order.entrega.region}
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
    <dl className="order-totals">
      <div>
        <dt>Subtotal</dt>
        <dd>{formatCLP(order.subtotal)}</dd>
      </div>
      {order.cupon && (
        <div>
          <dt>Cupón</dt>
          <dd>
            {order.cupon.codigo} ({order.cupon.label})
          </dd>
        </div>
      )}
      <div>
        <dt>Descuento</dt>
        <dd>{order.descuento > 0 ? `-${formatCLP(order.descuento)}` : formatCLP(0)}</dd>
      </div>
      <div>
        <dt>Envío</dt>
        <dd>{order.envio === 0 ? 'Gratis' : formatCLP(order.envio)}</dd>
      </div>
      <div className="order-totals__total">
        <dt>Total</dt>
        <dd>{formatCLP(order.total)}</dd>
      </div>
      <div className="order-totals__iva">
        <dt>IVA incluido ({IVA_PERCENT} %)</dt>
        <dd>{formatCLP(order.iva)}</dd>
      </div>
    </dl>
  );
}

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
