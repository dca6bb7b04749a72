import { ORDER_ACCESS_HEADER, type EnvioPedido } from '@nexbyte/shared';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../../lib/api-client';

/**
 * GET /pedidos/{numero}/envio: how the order travels and what the carrier told (decision 036),
 * under the order's own access rule; null for a pickup order or one without a shipment record.
 */
export async function getOrderShipment(
  numero: string,
  access: string | null,
  signal?: AbortSignal,
): Promise<EnvioPedido | null> {
  try {
    return await apiFetch<EnvioPedido>(`/pedidos/${encodeURIComponent(numero)}/envio`, {
      signal,
      headers: access ? { [ORDER_ACCESS_HEADER]: access } : {},
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const orderShipmentKey = (numero: string) => ['pedidos', 'envio', numero] as const;

export function useOrderShipment(numero: string, access: string | null, enabled = true) {
  return useQuery({
    queryKey: orderShipmentKey(numero),
    queryFn: ({ signal }) => getOrderShipment(numero, access, signal),
    enabled,
  });
}
