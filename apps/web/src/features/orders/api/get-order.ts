import { ORDER_ACCESS_HEADER, type Pedido } from '@nexbyte/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/**
 * GET /pedidos/{numero}: the customer's own order (the session goes along), or a guest's with its
 * access token in a header (never in the URL, so no log holds it). Anything else is a 404 that
 * says nothing about the order.
 */
export function getOrder(numero: string, access: string | null, signal?: AbortSignal) {
  return apiFetch<Pedido>(`/pedidos/${encodeURIComponent(numero)}`, {
    signal,
    headers: access ? { [ORDER_ACCESS_HEADER]: access } : {},
  });
}

/** `viewer` (the logged-in user's id, or null) keeps one person's answer from serving another. */
export const orderQueryOptions = (numero: string, access: string | null, viewer: number | null) =>
  queryOptions({
    queryKey: ['pedidos', 'detalle', numero, { access, viewer }],
    queryFn: ({ signal }) => getOrder(numero, access, signal),
    // The status moves on the shop's side: ask again each time the page opens.
    staleTime: 0,
  });

export function useOrder(numero: string, access: string | null, viewer: number | null) {
  return useQuery(orderQueryOptions(numero, access, viewer));
}
