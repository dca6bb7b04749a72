import {
  ESTADO_PEDIDO_LABELS,
  ESTADOS_PEDIDO,
  formatCLP,
  formatDateTime,
  pluralize,
  type EstadoPedido,
  type PedidoResumen,
} from '@nexbyte/shared';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../../../components/ui/alert';
import { DocumentTitle } from '../../../../components/ui/document-title';
import { useAdminOrders } from '../api/get-orders';
import { ADMIN_ORDERS_PAGE_SIZE } from '../api/query-keys';
import { OrderStatusBadge } from '../../components/order-status-badge';
import '../admin-orders.css';

export const LOAD_ORDERS_ERROR = 'No se pudieron cargar los pedidos.';

function readFilter(params: URLSearchParams) {
  const estado = params.get('estado');
  const pagina = Number.parseInt(params.get('pagina') ?? '', 10);
  return {
    estado: ESTADOS_PEDIDO.includes(estado as EstadoPedido) ? (estado as EstadoPedido) : undefined,
    pagina: Number.isInteger(pagina) && pagina > 0 ? pagina : 1,
  };
}

/** /admin/pedidos: every order, newest first, filtered by status (kept in the address). */
export function AdminOrders() {
  const [params, setParams] = useSearchParams();
  const filter = readFilter(params);
  const orders = useAdminOrders(filter);
  const filterId = useId();

  const go = (next: { estado?: EstadoPedido | undefined; pagina?: number }) => {
    const merged = { ...filter, ...next };
    const search = new URLSearchParams();
    if (merged.estado) search.set('estado', merged.estado);
    if (merged.pagina > 1) search.set('pagina', String(merged.pagina));
    setParams(search);
  };

  return (
    <>
      <DocumentTitle>Pedidos · Administración</DocumentTitle>
      <div className="admin-page__header">
        <h1>Pedidos</h1>
      </div>
      <div className="form-field admin-orders__filter">
        <label htmlFor={filterId} className="form-field__label">
          Estado
        </label>
        <select
          id={filterId}
          value={filter.estado ?? ''}
          onChange={(event) =>
            go({ estado: (event.target.value || undefined) as EstadoPedido | undefined, pagina: 1 })
          }
        >
          <option value="">Todos</option>
          {ESTADOS_PEDIDO.map((estado) => (
            <option key={estado} value={estado}>
              {ESTADO_PEDIDO_LABELS[estado]}
            </option>
          ))}
        </select>
      </div>
      {orders.isPending ? (
        <p className="admin-loading" role="status">
          Cargando…
        </p>
      ) : orders.isError ? (
        <div className="admin-load-error">
          <Alert tone="danger">{LOAD_ORDERS_ERROR}</Alert>
          <button
            type="button"
            className="button button--small button--ghost"
            onClick={() => void orders.refetch()}
          >
            Reintentar
          </button>
        </div>
      ) : (
        <>
          <p className="admin-count" role="status">
            {pluralize(orders.data.total, 'pedido', 'pedidos')}
          </p>
          {orders.data.items.length === 0 ? (
            <p className="admin-empty">No hay pedidos.</p>
          ) : (
            <OrdersTable orders={orders.data.items} />
          )}
          <Pager
            pagina={filter.pagina}
            total={orders.data.total}
            onPage={(pagina) => go({ pagina })}
          />
        </>
      )}
    </>
  );
}

function OrdersTable({ orders }: { orders: PedidoResumen[] }) {
  const captionId = useId();
  return (
    <div className="table-wrap" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className="table admin-table">
        <caption id={captionId} className="visually-hidden">
          Pedidos, del más reciente al más antiguo
        </caption>
        <thead>
          <tr>
            <th scope="col">Número</th>
            <th scope="col">Fecha</th>
            <th scope="col">Cliente</th>
            <th scope="col" className="num">
              Total
            </th>
            <th scope="col">Estado</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.numero}>
              <th scope="row" className="admin-orders__nowrap">
                <Link to={`/admin/pedidos/${order.numero}`}>{order.numero}</Link>
              </th>
              <td className="admin-orders__nowrap">
                <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
              </td>
              <td>
                {order.cliente.nombre}
                <span className="admin-orders__detail">
                  {order.cliente.correo}
                  {order.invitado ? ' · invitado' : ''}
                </span>
              </td>
              <td className="num">{formatCLP(order.total)}</td>
              <td>
                <OrderStatusBadge estado={order.estado} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Pager({
  pagina,
  total,
  onPage,
}: {
  pagina: number;
  total: number;
  onPage: (pagina: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / ADMIN_ORDERS_PAGE_SIZE));
  if (pages <= 1) return null;
  return (
    <nav className="actions admin-orders__pager" aria-label="Páginas de pedidos">
      <button
        type="button"
        className="button button--small button--ghost"
        disabled={pagina <= 1}
        onClick={() => onPage(pagina - 1)}
      >
        Anterior
      </button>
      <span>
        Página {pagina} de {pages}
      </span>
      <button
        type="button"
        className="button button--small button--ghost"
        disabled={pagina >= pages}
        onClick={() => onPage(pagina + 1)}
      >
        Siguiente
      </button>
    </nav>
  );
}
