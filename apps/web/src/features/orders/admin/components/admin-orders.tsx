import {
  ESTADO_PEDIDO_LABELS,
  ESTADOS_PEDIDO,
  formatCLP,
  formatDateTime,
  pluralize,
  type EstadoPedido,
  type PedidoResumen,
} from '@nexbyte/shared';
import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DataTable, type Column } from '../../../../components/ui/data-table';
import { DocumentTitle } from '../../../../components/ui/document-title';
import { Pager } from '../../../../components/ui/pager';
import { QueryState } from '../../../../components/ui/query-state';
import { useAdminOrders } from '../api/get-orders';
import { ADMIN_ORDERS_PAGE_SIZE } from '../api/query-keys';
import { useSession } from '../../../../lib/use-session';
import { OrderStatusBadge } from '../../components/order-status-badge';
import { OrdersExport } from './orders-export';
import { ShipCheckbox, ShipSelected } from './ship-selected';
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
  // The accountant's export is the ADMIN's, like the reports.
  const isAdmin = useSession()?.user.role === 'ADMIN';
  // Paid orders are shipped from the list too, several at once (docs/product.md#admin-shipping).
  const [chosen, setChosen] = useState<string[]>([]);
  const shipping = isAdmin && filter.estado === 'PAGADO';
  const toggle = (numero: string) =>
    setChosen((list) =>
      list.includes(numero) ? list.filter((n) => n !== numero) : [...list, numero],
    );

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
      {isAdmin && <OrdersExport />}
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
      <QueryState query={orders} errorMessage={LOAD_ORDERS_ERROR}>
        {(page) => (
          <>
            <p className="admin-count" role="status">
              {pluralize(page.total, 'pedido', 'pedidos')}
            </p>
            {page.items.length === 0 ? (
              <p className="admin-empty">No hay pedidos.</p>
            ) : (
              <>
                {shipping && <ShipSelected numeros={chosen} onDone={() => setChosen([])} />}
                <OrdersTable orders={page.items} selection={shipping ? { chosen, toggle } : null} />
              </>
            )}
            <Pager
              pagina={filter.pagina}
              total={page.total}
              pageSize={ADMIN_ORDERS_PAGE_SIZE}
              label="Páginas de pedidos"
              onPage={(pagina) => go({ pagina })}
            />
          </>
        )}
      </QueryState>
    </>
  );
}

const COLUMNS: Column<PedidoResumen>[] = [
  {
    header: 'Número',
    rowHeader: true,
    className: 'admin-orders__nowrap',
    cell: (order) => <Link to={`/admin/pedidos/${order.numero}`}>{order.numero}</Link>,
  },
  {
    header: 'Fecha',
    className: 'admin-orders__nowrap',
    cell: (order) => <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>,
  },
  {
    header: 'Cliente',
    cell: (order) => (
      <>
        {order.cliente.nombre}
        <span className="admin-orders__detail">
          {order.cliente.correo}
          {order.invitado ? ' · invitado' : ''}
        </span>
      </>
    ),
  },
  { header: 'Total', numeric: true, cell: (order) => formatCLP(order.total) },
  { header: 'Estado', cell: (order) => <OrderStatusBadge estado={order.estado} /> },
];

function OrdersTable({
  orders,
  selection,
}: {
  orders: PedidoResumen[];
  selection: { chosen: string[]; toggle: (numero: string) => void } | null;
}) {
  const columns: Column<PedidoResumen>[] = selection
    ? [
        {
          header: 'Enviar',
          cell: (order) => (
            <ShipCheckbox
              order={order}
              selected={selection.chosen.includes(order.numero)}
              onToggle={selection.toggle}
            />
          ),
        },
        ...COLUMNS,
      ]
    : COLUMNS;
  return (
    <DataTable
      caption="Pedidos, del más reciente al más antiguo"
      columns={columns}
      rows={orders}
      rowKey={(order) => order.numero}
      className="admin-table"
    />
  );
}
