import { CRITICAL_STOCK_BELOW, pluralize, type Producto } from '@nexbyte/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useProducts } from '../api/get-products';
import { useUsers } from '../api/get-users';
import { AdminLoadError, AdminLoading } from './load-state';
import { AdminPageHeader } from './page-header';

export const LOAD_DASHBOARD_ERROR = 'No se pudieron cargar las estadísticas del dashboard.';

/** On sale and about to run out: an inactive product is not sold, so its stock is not urgent. */
export function isCriticalStock(product: Producto): boolean {
  return product.activo && product.stock < CRITICAL_STOCK_BELOW;
}

interface Stat {
  label: string;
  value: number;
  hint: string;
  to: string;
  alert?: boolean;
}

/** SPEC.md point 2, admin dashboard: three counts, each leading to the page that manages it. */
/** The dashboard's own cards; other domains' cards (orders, newsletter) come in as children. */
export function AdminDashboard({ children }: { children?: ReactNode }) {
  const products = useProducts();
  const users = useUsers();

  let content;
  if (products.isError || users.isError) {
    content = (
      <AdminLoadError
        message={LOAD_DASHBOARD_ERROR}
        onRetry={() => {
          if (products.isError) void products.refetch();
          if (users.isError) void users.refetch();
        }}
      />
    );
  } else if (products.isPending || users.isPending) {
    content = <AdminLoading />;
  } else {
    const activos = products.data.filter((p) => p.activo).length;
    const critical = products.data.filter(isCriticalStock).length;
    const stats: Stat[] = [
      {
        label: 'Productos',
        value: products.data.length,
        hint: `${pluralize(activos, 'activo', 'activos')}, ${pluralize(products.data.length - activos, 'inactivo', 'inactivos')}`,
        to: '/admin/productos',
      },
      {
        label: 'Usuarios registrados',
        value: users.data.length,
        hint: 'Clientes, vendedores y administradores',
        to: '/admin/usuarios',
      },
      {
        label: 'Productos con stock crítico',
        value: critical,
        hint: `A la venta, con menos de ${pluralize(CRITICAL_STOCK_BELOW, 'unidad', 'unidades')}`,
        to: '/admin/productos?estado=activos',
        alert: critical > 0,
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
