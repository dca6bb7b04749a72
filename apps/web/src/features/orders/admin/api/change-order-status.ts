import type { EstadoPedido, Pedido } from '@nexbyte/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import { adminOrderKeys } from './query-keys';

export interface StatusChangeRequest {
  numero: string;
  estado: EstadoPedido;
  /** Only when marking ENVIADO, both optional. */
  transportista?: string | undefined;
  numeroSeguimiento?: string | undefined;
}

/** PATCH /pedidos/{numero}/estado: answers the order as it is afterwards. */
export function changeOrderStatus({ numero, ...body }: StatusChangeRequest): Promise<Pedido> {
  return apiFetch<Pedido>(`/pedidos/${encodeURIComponent(numero)}/estado`, {
    method: 'PATCH',
    body,
  });
}

export function useChangeOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeOrderStatus,
    onSuccess: (order) => {
      queryClient.setQueryData(adminOrderKeys.detail(order.numero), order);
      // Paying issues a boleta or factura and cancelling a documented order a credit note.
      void queryClient.invalidateQueries({ queryKey: adminOrderKeys.documents(order.numero) });
      void queryClient.invalidateQueries({ queryKey: adminOrderKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: adminOrderKeys.summary() });
    },
  });
}
