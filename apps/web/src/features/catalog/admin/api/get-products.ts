import { CRITICAL_STOCK_BELOW, LIST_LIMIT_MAX, type Producto } from '@nexbyte/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetchPage, type ApiPage } from '../../../../lib/api-client';
import { ADMIN_PAGE_SIZE, ADMIN_STALE_TIME } from '../../../../lib/admin-queries';
import { adminKeys, type AdminProductsQuery, type ProductCountFilter } from './query-keys';

/**
 * One page of the catalogue as an ADMIN sees it, the inactive products included unless `estado`
 * says otherwise; the server searches (`q`) and counts every match (X-Total-Count).
 */
export function getProducts(
  query: AdminProductsQuery,
  signal?: AbortSignal,
): Promise<ApiPage<Producto>> {
  const params = new URLSearchParams({
    pagina: String(query.pagina),
    limite: String(ADMIN_PAGE_SIZE),
  });
  if (query.q) params.set('q', query.q);
  if (query.estado) params.set('estado', query.estado);
  return apiFetchPage<Producto>(`/productos?${params}`, { signal });
}

export const productsQueryOptions = (query: AdminProductsQuery) =>
  queryOptions({
    queryKey: adminKeys.productList(query),
    queryFn: ({ signal }) => getProducts(query, signal),
    staleTime: ADMIN_STALE_TIME,
    // The page shown stays while the next one, or a new search, loads.
    placeholderData: keepPreviousData,
  });

export function useProducts(query: AdminProductsQuery) {
  return useQuery(productsQueryOptions(query));
}

/** How many products there are: the X-Total-Count of a one-row page, not every row. */
export async function countProducts(
  filter: ProductCountFilter,
  signal?: AbortSignal,
): Promise<number> {
  const params = new URLSearchParams({ estado: filter.estado, limite: '1' });
  return (await apiFetchPage<Producto>(`/productos?${params}`, { signal })).total;
}

export const productCountQueryOptions = (filter: ProductCountFilter) =>
  queryOptions({
    queryKey: adminKeys.productCount(filter),
    queryFn: ({ signal }) => countProducts(filter, signal),
    staleTime: ADMIN_STALE_TIME,
  });

export function useProductCount(filter: ProductCountFilter) {
  return useQuery(productCountQueryOptions(filter));
}

/** On sale and about to run out: an inactive product is not sold, so its stock is not urgent. */
export function isCriticalStock(product: Producto): boolean {
  return product.activo && product.stock < CRITICAL_STOCK_BELOW;
}

/** Pages of active products read at most to count the critical ones (1,000 products). */
export const CRITICAL_SCAN_PAGES = 10;

export interface CriticalStockCount {
  count: number;
  /** False when the catalogue is larger than the scan: `count` is then a lower bound. */
  complete: boolean;
}

/**
 * The products on sale with critical stock. The API cannot filter by stock yet, so this reads the
 * active products a full page at a time, up to CRITICAL_SCAN_PAGES pages; a bigger catalogue gets
 * a lower bound instead of a thousand requests. To be replaced by the X-Total-Count of a stock
 * filter once GET /productos has one.
 */
export async function countCriticalStock(signal?: AbortSignal): Promise<CriticalStockCount> {
  let count = 0;
  let seen = 0;
  for (let pagina = 1; pagina <= CRITICAL_SCAN_PAGES; pagina += 1) {
    const params = new URLSearchParams({
      estado: 'activos',
      pagina: String(pagina),
      limite: String(LIST_LIMIT_MAX),
    });
    const page = await apiFetchPage<Producto>(`/productos?${params}`, { signal });
    count += page.items.filter(isCriticalStock).length;
    seen += page.items.length;
    if (page.items.length === 0 || seen >= page.total) return { count, complete: true };
  }
  return { count, complete: false };
}

export const criticalStockQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.criticalStock(),
    queryFn: ({ signal }) => countCriticalStock(signal),
    staleTime: ADMIN_STALE_TIME,
  });

export function useCriticalStock() {
  return useQuery(criticalStockQueryOptions());
}
