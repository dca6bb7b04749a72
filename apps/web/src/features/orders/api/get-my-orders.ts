import type { PedidoResumen } from '@nexbyte/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** GET /pedidos?propios=true: the logged-in customer's orders, newest first. */
export function getMyOrders(signal?: AbortSignal): Promise<PedidoResumen[]> {
  return apiFetch<PedidoResumen[]>('/pedidos?propios=true&limite=100', { signal });
}

export const myOrdersQueryOptions = (viewer: number) =>
  queryOptions({
    queryKey: ['pedidos', 'mios', viewer],
    queryFn: ({ signal }) => getMyOrders(signal),
    staleTime: 0,
  });

export function useMyOrders(viewer: number) {
  return useQuery(myOrdersQueryOptions(viewer));
}
