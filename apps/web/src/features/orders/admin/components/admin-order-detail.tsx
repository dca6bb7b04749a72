import {
  ESTADO_PEDIDO_LABELS,
  formatCLP,
  formatDateTime,
  IVA_PERCENT,
  TRANSICIONES_PEDIDO,
  type EstadoPedido,
  type Pedido,
} from '@nexbyte/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../../components/ui/alert';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { DocumentTitle } from '../../../../components/ui/document-title';
import { useToast } from '../../../../components/ui/toast';
import { ApiError } from '../../../../lib/api-client';
import { useChangeOrderStatus } from '../api/change-order-status';
import { useAdminOrder } from '../api/get-order';
import { OrderLinesTable } from '../../components/order-lines-table';
import { OrderStatusBadge } from '../../components/order-status-badge';
import '../admin-orders.css';

export const LOAD_ORDER_ERROR = 'No se pudo cargar el pedido.';

const ACTION_LABELS: Record<EstadoPedido, string> = {
  PENDIENTE_PAGO: 'Marcar como pendiente',
  PAGADO: 'Marcar como pagado',
  ENVIADO: 'Marcar como enviado',
  ENTREGADO: 'Marcar como entregado',
  CANCELADO: 'Cancelar pedido',
};

function confirmText(order: Pedido, to: EstadoPedido): string {
  switch (to) {
    case 'PAGADO':
      return `¿Confirmas que llegó la transferencia de ${formatCLP(order.total)} del pedido ${order.numero}? Le avisaremos al cliente por correo.`;
    case 'CANCELADO':
      return `¿Cancelar el pedido ${order.numero}? Sus productos vuelven al stock y le avisaremos al cliente. No se puede deshacer.`;
    default:
      return `¿Marcar el pedido ${order.numero} como ${ESTADO_PEDIDO_LABELS[to].toLowerCase()}? Le avisaremos al cliente por correo.`;
  }
}

function doneText(numero: string, to: EstadoPedido): string {
  return to === 'CANCELADO'
    ? `Pedido ${numero} cancelado; su stock volvió a la venta.`
    : `Pedido ${numero} marcado como ${ESTADO_PEDIDO_LABELS[to].toLowerCase()}.`;
}

/** /admin/pedidos/{numero}: the order, its history (who and when) and the moves it may make. */
export function AdminOrderDetail({ numero }: { numero: string }) {
  const order = useAdminOrder(numero);
  return (
    <>
      <DocumentTitle>{`Pedido ${numero} · Administración`}</DocumentTitle>
      <Link to="/admin/pedidos" className="admin-page__back">
        <span aria-hidden="true">←&nbsp;</span>
        Volver a pedidos
      </Link>
      {order.isPending ? (
        <p className="admin-loading" role="status">
          Cargando…
        </p>
      ) : order.isError ? (
        <>
          <h1>Pedido {numero}</h1>
          <div className="admin-load-error">
            <Alert tone="danger">
              {order.error instanceof ApiError && order.error.status === 404
                ? 'Pedido no encontrado.'
                : LOAD_ORDER_ERROR}
            </Alert>
            <button
              type="button"
              className="button button--small button--ghost"
              onClick={() => void order.refetch()}
            >
              Reintentar
            </button>
          </div>
        </>
      ) : (
        <OrderView order={order.data} />
      )}
    </>
  );
}

function OrderView({ order }: { order: Pedido }) {
  const toast = useToast();
  const change = useChangeOrderStatus();
  const [asking, setAsking] = useState<EstadoPedido | null>(null);
  const moves = TRANSICIONES_PEDIDO[order.estado];

  const confirm = () => {
    if (!asking) return;
    const to = asking;
    change.mutate(
      { numero: order.numero, estado: to },
      {
        onSuccess: () => {
          setAsking(null);
          toast.show({ type: 'success', message: doneText(order.numero, to) });
        },
        onError: (error) => {
          setAsking(null);
          toast.show({
            type: 'error',
            title: 'No se pudo cambiar el estado',
            message: error instanceof ApiError ? error.message : 'Inténtalo de nuevo.',
          });
        },
      },
    );
  };

  return (
    <>
      <div className="admin-page__header">
        <h1>Pedido {order.numero}</h1>
        <OrderStatusBadge estado={order.estado} />
      </div>

      <section className="admin-order__section" aria-labelledby="admin-order-actions">
        <h2 id="admin-order-actions">Cambiar estado</h2>
        {moves.length === 0 ? (
          <p className="muted">
            Un pedido {ESTADO_PEDIDO_LABELS[order.estado].toLowerCase()} ya no cambia de estado.
          </p>
        ) : (
          <div className="actions">
            {moves.map((to) => (
              <button
                key={to}
                type="button"
                className={to === 'CANCELADO' ? 'button button--danger' : 'button'}
                onClick={() => setAsking(to)}
                disabled={change.isPending}
              >
                {ACTION_LABELS[to]}
              </button>
            ))}
          </div>
        )}
        {order.estado === 'PENDIENTE_PAGO' && order.expiresAt && (
          <p className="muted">
            Si el pago no llega, se cancela solo el{' '}
            <time dateTime={order.expiresAt}>{formatDateTime(order.expiresAt)}</time>.
          </p>
        )}
      </section>

      <div className="admin-order__columns">
        <section className="admin-order__section" aria-labelledby="admin-order-customer">
          <h2 id="admin-order-customer">Cliente</h2>
          <dl className="admin-order__facts">
            <div>
              <dt>Nombre</dt>
              <dd>
                {order.cliente.nombre}
                {order.invitado ? ' (invitado)' : ''}
              </dd>
            </div>
            <div>
              <dt>Correo</dt>
              <dd>
                <a href={`mailto:${order.cliente.correo}`}>{order.cliente.correo}</a>
              </dd>
            </div>
            {order.cliente.run && (
              <div>
                <dt>RUN</dt>
                <dd>{order.cliente.run}</dd>
              </div>
            )}
            {order.cliente.telefono && (
              <div>
                <dt>Teléfono</dt>
                <dd>{order.cliente.telefono}</dd>
              </div>
            )}
            <div>
              <dt>Entrega</dt>
              <dd>
                {order.entrega.direccion}, {order.entrega.comuna}, {order.entrega.region}
              </dd>
            </div>
            <div>
              <dt>Fecha</dt>
              <dd>
                <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
              </dd>
            </div>
          </dl>
        </section>
        <section className="admin-order__section" aria-labelledby="admin-order-totals">
          <h2 id="admin-order-totals">Totales</h2>
          <dl className="admin-order__facts admin-order__money">
            <div>
              <dt>Subtotal</dt>
              <dd>{formatCLP(order.subtotal)}</dd>
            </div>
            <div>
              <dt>Descuento{order.cupon ? ` (${order.cupon.codigo})` : ''}</dt>
              <dd>{order.descuento > 0 ? `-${formatCLP(order.descuento)}` : formatCLP(0)}</dd>
            </div>
            <div>
              <dt>Envío</dt>
              <dd>{order.envio === 0 ? 'Gratis' : formatCLP(order.envio)}</dd>
            </div>
            <div>
              <dt>Total</dt>
              <dd>
                <strong>{formatCLP(order.total)}</strong>
              </dd>
            </div>
            <div>
              <dt>IVA incluido ({IVA_PERCENT} %)</dt>
              <dd>{formatCLP(order.iva)}</dd>
            </div>
          </dl>
        </section>
      </div>

      <section className="admin-order__section" aria-labelledby="admin-order-lines">
        <h2 id="admin-order-lines">Productos</h2>
        <OrderLinesTable order={order} showProductId className="admin-table" />
      </section>

      <section className="admin-order__section" aria-labelledby="admin-order-history">
        <h2 id="admin-order-history">Historial</h2>
        <div className="table-wrap" role="region" aria-label="Historial del pedido" tabIndex={0}>
          <table className="table admin-table">
            <thead>
              <tr>
                <th scope="col">Fecha</th>
                <th scope="col">Cambio</th>
                <th scope="col">Hecho por</th>
              </tr>
            </thead>
            <tbody>
              {order.eventos.map((event) => (
                <tr key={`${event.a}-${event.at}`}>
                  <td className="admin-orders__nowrap">
                    <time dateTime={event.at}>{formatDateTime(event.at)}</time>
                  </td>
                  <td>
                    {event.de
                      ? `${ESTADO_PEDIDO_LABELS[event.de]} → ${ESTADO_PEDIDO_LABELS[event.a]}`
                      : `Creado: ${ESTADO_PEDIDO_LABELS[event.a]}`}
                  </td>
                  <td>{event.por ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <ConfirmDialog
        open={asking !== null}
        title={asking ? ACTION_LABELS[asking] : ''}
        confirmLabel={asking ? ACTION_LABELS[asking] : ''}
        cancelLabel="Volver"
        danger={asking === 'CANCELADO'}
        busy={change.isPending}
        onConfirm={confirm}
        onCancel={() => setAsking(null)}
      >
        <p>{asking ? confirmText(order, asking) : ''}</p>
      </ConfirmDialog>
    </>
  );
}
