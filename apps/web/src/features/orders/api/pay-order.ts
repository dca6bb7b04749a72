import {
  ORDER_ACCESS_HEADER,
  type InicioPago,
  type Pedido,
  type ReintentoPago,
} from '@nexbyte/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../../lib/api-client';

/** POST /pedidos/{numero}/pago: the order as it is now, and with Webpay where to pay it. */
export interface PagoPedido {
  pedido: Pedido;
  pago: InicioPago | null;
}

/**
 * Pays an unpaid order again: a new Webpay transaction for its total, or a switch to the bank
 * transfer. A guest's token goes in the same header as for reading the order.
 */
export function payOrder(numero: string, access: string | null, body: ReintentoPago) {
  return apiFetch<PagoPedido>(`/pedidos/${encodeURIComponent(numero)}/pago`, {
    method: 'POST',
    body,
    headers: access ? { [ORDER_ACCESS_HEADER]: access } : {},
  });
}

export function usePayOrder(numero: string, access: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReintentoPago) => payOrder(numero, access, body),
    // Every cached view of this order (whoever looks at it) now shows the new method and total.
    onSuccess: ({ pedido }) =>
      queryClient.setQueriesData<Pedido>({ queryKey: ['pedidos', 'detalle', numero] }, pedido),
    onError: (error) => {
      // 409: the order is no longer unpaid (paid, cancelled or expired meanwhile): show it as it is.
      if (error instanceof ApiError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: ['pedidos', 'detalle', numero] });
      }
      if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) {
        console.warn('No se pudo iniciar el pago del pedido:', error);
      }
    },
  });
}
