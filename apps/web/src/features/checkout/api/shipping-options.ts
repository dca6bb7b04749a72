import type { OpcionesEnvio, OpcionesEnvioRequest } from '@nexbyte/shared';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** POST /envios/opciones: the carrier's services for the cart's parcel, or the región's table. */
export function shippingOptions(
  request: OpcionesEnvioRequest,
  signal?: AbortSignal,
): Promise<OpcionesEnvio> {
  return apiFetch<OpcionesEnvio>('/envios/opciones', { method: 'POST', body: request, signal });
}

/** The options once the destination is known; asked again after a minute (prices move slowly). */
export function useShippingOptions(request: OpcionesEnvioRequest | null) {
  return useQuery({
    queryKey: ['envios', 'opciones', request],
    queryFn: ({ signal }) => shippingOptions(request!, signal),
    enabled: request !== null,
    staleTime: 60_000,
  });
}
