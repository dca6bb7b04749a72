import type { CotizacionRequest, Cotizacion } from '@nexbyte/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** POST /pedidos/cotizacion: what the cart costs now, priced by the server from its database. */
export function quoteOrder(request: CotizacionRequest, signal?: AbortSignal): Promise<Cotizacion> {
  return apiFetch<Cotizacion>('/pedidos/cotizacion', { method: 'POST', body: request, signal });
}

export const quoteQueryOptions = (request: CotizacionRequest) =>
  queryOptions({
    queryKey: ['pedidos', 'cotizacion', request],
    queryFn: ({ signal }) => quoteOrder(request, signal),
    // Prices and stock move: a quote is asked again whenever the checkout opens.
    staleTime: 0,
  });

/** The quote of the cart; while a changed cart is quoted again, the previous quote stays shown. */
export function useQuote(request: CotizacionRequest) {
  return useQuery({
    ...quoteQueryOptions(request),
    enabled: request.items.length > 0,
    placeholderData: keepPreviousData,
  });
}
