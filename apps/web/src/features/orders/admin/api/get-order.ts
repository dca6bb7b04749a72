import type { Pedido } from '@nexbyte/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import { ADMIN_ORDERS_STALE_TIME, adminOrderKeys } from './query-keys';

/** GET /pedidos/{numero} as an admin: any order, with who changed each status. */
export function getOrder(numero: string, signal?: AbortSignal): Promise<Pedido> {
  return apiFetch<Pedido>(`/pedidos/${encodeURIComponent(numero)}`, { signal });
}

export const orderQueryOptions = (numero: string) =>
  queryOptions({
    queryKey: adminOrderKeys.detail(numero),
    queryFn: ({ signal }) => getOrder(numero, signal),
    staleTime: ADMIN_ORDERS_STALE_TIME,
  });

export function useAdminOrder(numero: string) {
  return useQuery(orderQueryOptions(numero));
}
