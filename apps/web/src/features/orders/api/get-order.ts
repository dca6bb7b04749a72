import type { Pedido } from '@nexbyte/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/**
 * GET /pedidos/{numero}: the customer's own order (the token goes along), or a guest's with the
 * e-mail it was placed with. Anything else is a 404 that says nothing about the order.
 */
export function getOrder(numero: string, email: string | null, signal?: AbortSignal) {
  const query = email ? `?email=${encodeURIComponent(email)}` : '';
  return apiFetch<Pedido>(`/pedidos/${encodeURIComponent(numero)}${query}`, { signal });
}

/** `viewer` (the logged-in user's id, or null) keeps one person's answer from serving another. */
export const orderQueryOptions = (numero: string, email: string | null, viewer: number | null) =>
  queryOptions({
    queryKey: ['pedidos', 'detalle', numero, { email, viewer }],
    queryFn: ({ signal }) => getOrder(numero, email, signal),
    // The status moves on the shop's side: ask again each time the page opens.
    staleTime: 0,
  });

export function useOrder(numero: string, email: string | null, viewer: number | null) {
  return useQuery(orderQueryOptions(numero, email, viewer));
}
