import type { EnvioPedido } from '@nexbyte/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiFetchBlob } from '../../../../lib/api-client';
import { orderShipmentKey } from '../../api/get-order-shipment';
import { adminOrderKeys } from './query-keys';

/** POST /pedidos/{numero}/envio (ADMIN): the carrier's transport order, made once. */
export function createShipment(numero: string) {
  return apiFetch<{ envio: EnvioPedido; creado: boolean }>(
    `/pedidos/${encodeURIComponent(numero)}/envio`,
    { method: 'POST' },
  );
}

export function useCreateShipment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createShipment,
    onSuccess: ({ envio }, numero) => {
      queryClient.setQueryData(orderShipmentKey(numero), envio);
      // The order is ENVIADO now, with its tracking number.
      void queryClient.invalidateQueries({ queryKey: adminOrderKeys.detail(numero) });
      void queryClient.invalidateQueries({ queryKey: adminOrderKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: adminOrderKeys.summary() });
    },
  });
}

/**
 * GET /pedidos/{numero}/etiqueta.pdf (ADMIN) opened in a new tab to print: a plain link could not
 * send the Bearer token, so the PDF is fetched and shown from memory.
 */
export async function openLabel(numero: string, tab: Window | null): Promise<void> {
  const blob = await apiFetchBlob(
    `/pedidos/${encodeURIComponent(numero)}/etiqueta.pdf`,
    'application/pdf',
  );
  const url = URL.createObjectURL(blob);
  if (tab) tab.location.href = url;
  else window.open(url, '_blank');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export interface BatchResult {
  resultados: { numero: string; ok: boolean; envio: EnvioPedido | null; mensaje: string | null }[];
}

/** POST /envios/crear (ADMIN): 'Crear envío' of several paid orders, each with its result. */
export function useCreateShipments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (numeros: string[]) =>
      apiFetch<BatchResult>('/envios/crear', { method: 'POST', body: { numeros } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminOrderKeys.all });
    },
  });
}
