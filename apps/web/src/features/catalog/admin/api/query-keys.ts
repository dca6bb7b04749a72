import { ADMIN_KEY } from '../../../../lib/admin-queries';

/** What the admin product table asks for: a page of a search and a status, as the address says. */
export interface AdminProductsQuery {
  q?: string;
  estado?: 'activos' | 'inactivos';
  pagina: number;
}

/** Which products a dashboard count is about. */
export interface ProductCountFilter {
  estado: 'todos' | 'activos';
}

/**
 * The admin's product queries. Under the products, 'lista' holds the pages and 'total' the counts,
 * so a change can touch one without the other.
 */
export const adminKeys = {
  all: ADMIN_KEY,
  products: () => [...ADMIN_KEY, 'productos'] as const,
  productLists: () => [...adminKeys.products(), 'lista'] as const,
  productList: (query: AdminProductsQuery) => [...adminKeys.productLists(), query] as const,
  productCount: (filter: ProductCountFilter) => [...adminKeys.products(), 'total', filter] as const,
  criticalStock: () => [...adminKeys.products(), 'critico'] as const,
  product: (id: number) => [...adminKeys.products(), id] as const,
  categories: () => [...ADMIN_KEY, 'categorias'] as const,
  /** The Categorías screen's list, deactivated ones included. */
  categoryAdminList: () => [...adminKeys.categories(), 'todas'] as const,
};
