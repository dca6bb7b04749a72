import { formatCLP, formatDateTime, type PedidoResumen } from '@nexbyte/shared';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { useMyOrders } from '../api/get-my-orders';
import { OrderStatusBadge } from './order-status-badge';
import '../orders.css';

/** /cuenta/pedidos: the customer's orders, newest first, each with its status. */
export function MyOrders({ viewer }: { viewer: number }) {
  const orders = useMyOrders(viewer);
  if (orders.isPending) {
    return (
      <p role="status" className="muted">
        Cargando tus pedidos…
      </p>
    );
  }
  if (orders.isError) {
    return (
      <div>
        <Alert tone="danger">No se pudieron cargar tus pedidos.</Alert>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => void orders.refetch()}
        >
          Reintentar
        </button>
      </div>
    );
  }
  if (orders.data.length === 0) {
    return (
      <div className="orders-empty">
        <p>Aún no tienes pedidos.</p>
        <Link to="/productos" className="button">
          Ver productos
        </Link>
      </div>
    );
  }
  return <OrdersTable orders={orders.data} />;
}

function OrdersTable({ orders }: { orders: PedidoResumen[] }) {
  return (
    <div className="table-wrap" role="region" aria-labelledby="my-orders-caption" tabIndex={0}>
      <table className="table">
        <caption id="my-orders-caption" className="visually-hidden">
          Tus pedidos, del más reciente al más antiguo
        </caption>
        <thead>
          <tr>
            <th scope="col">Pedido</th>
            <th scope="col">Fecha</th>
            <th scope="col" className="num">
              Productos
            </th>
            <th scope="col" className="num">
              Total
            </th>
            <th scope="col">Estado</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.numero}>
              <th scope="row">
                <Link to={`/pedido/${order.numero}`}>{order.numero}</Link>
              </th>
              <td className="orders-nowrap">
                <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
              </td>
              <td className="num">{order.unidades}</td>
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
