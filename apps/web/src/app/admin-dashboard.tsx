import { CRITICAL_STOCK_BELOW, pluralize } from '@nexbyte/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { QueryError, QueryLoading } from '../components/ui/query-state';
import { useCriticalStock, useProductCount } from '../features/catalog/admin/api/get-products';
import { useUserCount } from '../features/users/admin/api/get-users';
import { AdminPageHeader } from '../components/ui/admin-page-header';
import { useSession } from '../lib/use-session';

export const LOAD_DASHBOARD_ERROR = 'No se pudieron cargar las estadísticas del dashboard.';

interface Stat {
  label: string;
  value: number | string;
  hint: string;
  to: string;
  alert?: boolean;
}

/**
 * docs/product.md#admin-dashboard: three counts, each leading to the page that manages it. The
 * counts come from the lists' X-Total-Count, not from reading every row (critical stock, which
 * the API cannot filter yet, from a bounded scan). Other domains' cards
 * (orders, newsletter) come in as children.
 */
export function AdminDashboard({ children }: { children?: ReactNode }) {
  const products = useProductCount({ estado: 'todos' });
  const activeProducts = useProductCount({ estado: 'activos' });
  // A VENDOR does not manage users (decision 018): no users card, and no call the server refuses.
  const showUsers = useSession()?.user.role === 'ADMIN';
  const users = useUserCount(showUsers);
  const critical = useCriticalStock();
  const queries = showUsers
    ? [products, activeProducts, users, critical]
    : [products, activeProducts, critical];

  let content;
  if (queries.some((query) => query.isError)) {
    content = (
      <QueryError
        message={LOAD_DASHBOARD_ERROR}
        onRetry={() => {
          for (const query of queries) if (query.isError) void query.refetch();
        }}
      />
    );
  } else if (
    products.data === undefined ||
    activeProducts.data === undefined ||
    (showUsers && users.data === undefined) ||
    critical.data === undefined
  ) {
    content = <QueryLoading />;
  } else {
    const activos = activeProducts.data;
    const stats: Stat[] = [
      {
        label: 'Productos',
        value: products.data,
        hint: `${pluralize(activos, 'activo', 'activos')}, ${pluralize(products.data - activos, 'inactivo', 'inactivos')}`,
        to: '/admin/productos',
      },
      ...(showUsers && users.data !== undefined
        ? [
            {
              label: 'Usuarios registrados',
              value: users.data,
              hint: 'Clientes, vendedores y administradores',
              to: '/admin/usuarios',
            },
          ]
        : []),
      {
        label: 'Productos con stock crítico',
        // Past the scan's reach the count is a lower bound, and says so.
        value: critical.data.complete ? critical.data.count : `${critical.data.count}+`,
        hint: `A la venta, con menos de ${pluralize(CRITICAL_STOCK_BELOW, 'unidad', 'unidades')}`,
        to: '/admin/productos?estado=activos',
        alert: critical.data.count > 0,
      },
    ];
    content = (
      <ul className="admin-stats">
        {stats.map((stat) => (
          <li key={stat.label}>
            <Link to={stat.to} className={stat.alert ? 'stat-card stat-card--alert' : 'stat-card'}>
              {/* The spaces keep the link's accessible name readable: '3 Usuarios registrados …'. */}
              <span className="stat-card__value">{stat.value}</span>{' '}
              <span className="stat-card__label">{stat.label}</span>{' '}
              <span className="stat-card__hint">{stat.hint}</span>
            </Link>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <>
      <AdminPageHeader title="Dashboard" />
      {content}
      {children}
    </>
  );
}
