import type { PedidoResumen } from '@nexbyte/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetchPage, type ApiPage } from '../../../../lib/api-client';
import {
  ADMIN_ORDERS_PAGE_SIZE,
  ADMIN_ORDERS_STALE_TIME,
  adminOrderKeys,
  type AdminOrdersFilter,
} from './query-keys';

/** GET /pedidos as an admin: every order, newest first, a page at a time, optionally by status. */
export function getOrders(
  filter: AdminOrdersFilter,
  signal?: AbortSignal,
): Promise<ApiPage<PedidoResumen>> {
  const params = new URLSearchParams({
    pagina: String(filter.pagina),
    limite: String(ADMIN_ORDERS_PAGE_SIZE),
  });
  if (filter.estado) params.set('estado', filter.estado);
  return apiFetchPage<PedidoResumen>(`/pedidos?${params}`, { signal });
}

export const ordersQueryOptions = (filter: AdminOrdersFilter) =>
  queryOptions({
    queryKey: adminOrderKeys.list(filter),
    queryFn: ({ signal }) => getOrders(filter, signal),
    staleTime: ADMIN_ORDERS_STALE_TIME,
    placeholderData: keepPreviousData,
  });

export function useAdminOrders(filter: AdminOrdersFilter) {
  return useQuery(ordersQueryOptions(filter));
}
