import { zodResolver } from '@hookform/resolvers/zod';
import {
  documentoSolicitadoText,
  entregaText,
  ESTADO_PEDIDO_LABELS,
  seguimientoFormSchema,
  TRACKING_TEXT_MAX,
  type SeguimientoInput,
  formatCLP,
  formatDateTime,
  TRANSICIONES_PEDIDO,
  type EstadoPedido,
  type Pedido,
} from '@nexbyte/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { DataTable, type Column } from '../../../../components/ui/data-table';
import { DocumentTitle } from '../../../../components/ui/document-title';
import { FormField } from '../../../../components/ui/form-field';
import { QueryState } from '../../../../components/ui/query-state';
import { TotalsList } from '../../../../components/ui/totals-list';
import { useToast } from '../../../../components/ui/toast';
import { ApiError } from '../../../../lib/api-client';
import { paymentErrorMessage } from '../../../../lib/error-message';
import { useChangeOrderStatus } from '../api/change-order-status';
import { useAdminOrder } from '../api/get-order';
import { OrderShipment } from './order-shipment';
import { mayHaveDocuments } from '../../api/get-order-documents';
import { OrderLinesTable } from '../../components/order-lines-table';
import { OrderStatusBadge } from '../../components/order-status-badge';
import { PaymentDetails, refundText } from '../../components/payment-details';
import { TrackingDetails } from '../../components/tracking-details';
import { AdminOrderDocuments } from './admin-order-documents';
import '../admin-orders.css';

export const LOAD_ORDER_ERROR = 'No se pudo cargar el pedido.';

const ACTION_LABELS: Record<EstadoPedido, string> = {
  PENDIENTE_PAGO: 'Marcar como pendiente',
  PAGADO: 'Marcar como pagado',
  ENVIADO: 'Marcar como enviado',
  ENTREGADO: 'Marcar como entregado',
  CANCELADO: 'Cancelar pedido',
};

/** A card payment went through: cancelling the order gives the money back through Webpay. */
function refundsOnCancel(order: Pedido): boolean {
  return order.cobro.metodo === 'WEBPAY' && order.cobro.estado === 'PAGADO';
}

function confirmText(order: Pedido, to: EstadoPedido): string {
  switch (to) {
    case 'PAGADO':
      return order.metodoPago === 'WEBPAY'
        ? `¿Marcar como pagado el pedido ${order.numero} de ${formatCLP(order.total)}? Hazlo solo si viste el pago aprobado en Transbank. Le avisaremos al cliente por correo.`
        : `¿Confirmas que llegó la transferencia de ${formatCLP(order.total)} del pedido ${order.numero}? Le avisaremos al cliente por correo.`;
    case 'CANCELADO':
      return refundsOnCancel(order)
        ? `¿Cancelar el pedido ${order.numero}? Se reembolsará el pago con tarjeta de ${formatCLP(order.cobro.detalle?.monto ?? order.total)} por Webpay, sus productos vuelven al stock y le avisaremos al cliente. No se puede deshacer.`
        : `¿Cancelar el pedido ${order.numero}? Sus productos vuelven al stock y le avisaremos al cliente. No se puede deshacer.`;
    default:
      return `¿Marcar el pedido ${order.numero} como ${ESTADO_PEDIDO_LABELS[to].toLowerCase()}? Le avisaremos al cliente por correo.`;
  }
}

function doneText(order: Pedido, to: EstadoPedido): string {
  if (to !== 'CANCELADO') {
    return `Pedido ${order.numero} marcado como ${ESTADO_PEDIDO_LABELS[to].toLowerCase()}.`;
  }
  const refund = order.cobro.reembolso ? ` ${refundText(order.cobro.reembolso)}.` : '';
  return `Pedido ${order.numero} cancelado; su stock volvió a la venta.${refund}`;
}

const HISTORY_COLUMNS: Column<Pedido['eventos'][number]>[] = [
  {
    header: 'Fecha',
    className: 'admin-orders__nowrap',
    cell: (event) => <time dateTime={event.at}>{formatDateTime(event.at)}</time>,
  },
  {
    header: 'Cambio',
    cell: (event) =>
      event.de
        ? `${ESTADO_PEDIDO_LABELS[event.de]} → ${ESTADO_PEDIDO_LABELS[event.a]}`
        : `Creado: ${ESTADO_PEDIDO_LABELS[event.a]}`,
  },
  { header: 'Hecho por', cell: (event) => event.por ?? '—' },
];

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
      <QueryState
        query={order}
        errorMessage={(error) =>
          error instanceof ApiError && error.status === 404
            ? 'Pedido no encontrado.'
            : LOAD_ORDER_ERROR
        }
        errorHeading={<h1>Pedido {numero}</h1>}
      >
        {(data) => <OrderView order={data} />}
      </QueryState>
    </>
  );
}

function OrderView({ order }: { order: Pedido }) {
  const toast = useToast();
  const change = useChangeOrderStatus();
  const [asking, setAsking] = useState<EstadoPedido | null>(null);
  const moves = TRANSICIONES_PEDIDO[order.estado];
  const tracking = useForm<SeguimientoInput>({
    resolver: zodResolver(seguimientoFormSchema),
    defaultValues: { transportista: '', numeroSeguimiento: '' },
  });
  const close = () => {
    setAsking(null);
    tracking.reset();
  };

  const send = (to: EstadoPedido, extra: SeguimientoInput = {}) => {
    change.mutate(
      { numero: order.numero, estado: to, ...extra },
      {
        onSuccess: (changed) => {
          close();
          toast.show({ type: 'success', message: doneText(changed, to) });
        },
        onError: (error) => {
          // The server judges too: its field messages go beside the fields, the dialog stays.
          const fields = error instanceof ApiError ? error.errors : undefined;
          if (to === 'ENVIADO' && fields && Object.keys(fields).length > 0) {
            for (const [name, message] of Object.entries(fields)) {
              tracking.setError(name as keyof SeguimientoInput, { message });
            }
            return;
          }
          close();
          toast.show({
            type: 'error',
            title: 'No se pudo cambiar el estado',
            // A refused refund (502) says why; the order stays as it was.
            message: paymentErrorMessage(error, 'Inténtalo de nuevo.'),
          });
        },
      },
    );
  };

  const confirm = () => {
    if (!asking) return;
    if (asking !== 'ENVIADO') return send(asking);
    void tracking.handleSubmit((values) => send('ENVIADO', values))();
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
              <dd>{entregaText(order.entrega)}</dd>
            </div>
            <div>
              <dt>Documento</dt>
              <dd>
                {documentoSolicitadoText(order.documentoTipo, order.facturaEmpresa)}
                {order.facturaEmpresa && (
                  <>
                    <br />
                    Giro: {order.facturaEmpresa.giro}
                    <br />
                    {order.facturaEmpresa.direccion}, {order.facturaEmpresa.comuna},{' '}
                    {order.facturaEmpresa.region}
                  </>
                )}
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
          <TotalsList
            className="admin-order__facts admin-order__money"
            subtotal={order.subtotal}
            discount={order.descuento}
            discountLabel={`Descuento${order.cupon ? ` (${order.cupon.codigo})` : ''}`}
            paymentDiscount={order.descuentoPago}
            shipping={order.envio}
            total={order.total}
            iva={order.iva}
          />
        </section>
      </div>

      {order.seguimiento && (
        <section className="admin-order__section" aria-labelledby="admin-order-tracking">
          <h2 id="admin-order-tracking">Envío</h2>
          <TrackingDetails seguimiento={order.seguimiento} className="admin-order__facts" />
        </section>
      )}

      <OrderShipment order={order} />

      <section className="admin-order__section" aria-labelledby="admin-order-payment">
        <h2 id="admin-order-payment">Pago</h2>
        <PaymentDetails cobro={order.cobro} className="admin-order__facts" />
      </section>

      {mayHaveDocuments(order) && <AdminOrderDocuments numero={order.numero} />}

      <section className="admin-order__section" aria-labelledby="admin-order-lines">
        <h2 id="admin-order-lines">Productos</h2>
        <OrderLinesTable order={order} showProductId className="admin-table" />
      </section>

      <section className="admin-order__section" aria-labelledby="admin-order-history">
        <h2 id="admin-order-history">Historial</h2>
        <DataTable
          caption="Historial del pedido"
          columns={HISTORY_COLUMNS}
          rows={order.eventos}
          rowKey={(event) => `${event.a}-${event.at}`}
          className="admin-table"
        />
      </section>

      <ConfirmDialog
        open={asking !== null}
        title={asking ? ACTION_LABELS[asking] : ''}
        confirmLabel={asking ? ACTION_LABELS[asking] : ''}
        cancelLabel="Volver"
        danger={asking === 'CANCELADO'}
        busy={change.isPending}
        onConfirm={confirm}
        onCancel={close}
      >
        <p>{asking ? confirmText(order, asking) : ''}</p>
        {asking === 'ENVIADO' && (
          <div className="admin-order__tracking">
            <FormField
              label="Transportista"
              optional
              error={tracking.formState.errors.transportista?.message}
            >
              <input
                type="text"
                autoComplete="off"
                maxLength={TRACKING_TEXT_MAX}
                {...tracking.register('transportista')}
              />
            </FormField>
            <FormField
              label="Número de seguimiento"
              optional
              error={tracking.formState.errors.numeroSeguimiento?.message}
            >
              <input
                type="text"
                autoComplete="off"
                maxLength={TRACKING_TEXT_MAX}
                {...tracking.register('numeroSeguimiento')}
              />
            </FormField>
          </div>
        )}
      </ConfirmDialog>
    </>
  );
}
