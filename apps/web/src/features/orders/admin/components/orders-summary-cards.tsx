import { formatCLP } from '@nexbyte/shared';
import { Link } from 'react-router';
import { Alert } from '../../../../components/ui/alert';
import { QueryLoading } from '../../../../components/ui/query-state';
import { useOrdersSummary } from '../api/get-orders-summary';

export const LOAD_SUMMARY_ERROR = 'No se pudieron cargar las cifras de pedidos.';

/** The dashboard's order cards: 'Pedidos pendientes' and 'Ventas del mes', each to its list. */
export function OrdersSummaryCards() {
  const summary = useOrdersSummary();
  if (summary.isPending) return <QueryLoading />;
  if (summary.isError) return <Alert tone="danger">{LOAD_SUMMARY_ERROR}</Alert>;
  const { pendientes, ventasMes } = summary.data;
  return (
    <ul className="admin-stats admin-orders__stats">
      <li>
        <Link
          to="/admin/pedidos?estado=PENDIENTE_PAGO"
          className={pendientes > 0 ? 'stat-card stat-card--alert' : 'stat-card'}
        >
          <span className="stat-card__value">{pendientes}</span>{' '}
          <span className="stat-card__label">Pedidos pendientes</span>{' '}
          <span className="stat-card__hint">Esperando la transferencia</span>
        </Link>
      </li>
      <li>
        <Link to="/admin/pedidos?estado=PAGADO" className="stat-card">
          <span className="stat-card__value">{formatCLP(ventasMes)}</span>{' '}
          <span className="stat-card__label">Ventas del mes</span>{' '}
          <span className="stat-card__hint">Pedidos pagados este mes</span>
        </Link>
      </li>
    </ul>
  );
}
