import { formatCLP, formatDateTime, type PedidoResumen } from '@nexbyte/shared';
import { Link } from 'react-router';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { QueryState } from '../../../components/ui/query-state';
import { useMyOrders } from '../api/get-my-orders';
import { OrderStatusBadge } from './order-status-badge';
import '../orders.css';

/** /cuenta/pedidos: the customer's orders, newest first, each with its status. */
export function MyOrders({ viewer }: { viewer: number }) {
  return (
    <QueryState
      query={useMyOrders(viewer)}
      loading="Cargando tus pedidos…"
      errorMessage="No se pudieron cargar tus pedidos."
    >
      {(orders) =>
        orders.length === 0 ? (
          <div className="orders-empty">
            <p>Aún no tienes pedidos.</p>
            <Link to="/productos" className="button">
              Ver productos
            </Link>
          </div>
        ) : (
          <OrdersTable orders={orders} />
        )
      }
    </QueryState>
  );
}

const COLUMNS: Column<PedidoResumen>[] = [
  {
    header: 'Pedido',
    rowHeader: true,
    cell: (order) => <Link to={`/pedido/${order.numero}`}>{order.numero}</Link>,
  },
  {
    header: 'Fecha',
    className: 'orders-nowrap',
    cell: (order) => <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>,
  },
  { header: 'Productos', numeric: true, cell: (order) => order.unidades },
  { header: 'Total', numeric: true, cell: (order) => formatCLP(order.total) },
  { header: 'Estado', cell: (order) => <OrderStatusBadge estado={order.estado} /> },
];

function OrdersTable({ orders }: { orders: PedidoResumen[] }) {
  return (
    <DataTable
      caption="Tus pedidos, del más reciente al más antiguo"
      columns={COLUMNS}
      rows={orders}
      rowKey={(order) => order.numero}
    />
  );
}
