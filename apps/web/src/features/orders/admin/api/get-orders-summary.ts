import type { ResumenPedidos } from '@nexbyte/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import { ADMIN_ORDERS_STALE_TIME, adminOrderKeys } from './query-keys';

/** GET /pedidos/resumen: orders waiting for payment and this month's sales, for the dashboard. */
export function getOrdersSummary(signal?: AbortSignal): Promise<ResumenPedidos> {
  return apiFetch<ResumenPedidos>('/pedidos/resumen', { signal });
}

export const ordersSummaryQueryOptions = () =>
  queryOptions({
    queryKey: adminOrderKeys.summary(),
    queryFn: ({ signal }) => getOrdersSummary(signal),
    staleTime: ADMIN_ORDERS_STALE_TIME,
  });

export function useOrdersSummary() {
  return useQuery(ordersSummaryQueryOptions());
}
