import type { Pedido, PedidoInput } from '@nexbyte/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, ApiError } from '../../../lib/api-client';

export interface PlaceOrderRequest {
  body: PedidoInput;
  /** The same key for every retry of one checkout attempt: the server creates one order. */
  idempotencyKey: string;
}

/** POST /pedidos: places the order; 201 for a new one, 200 when the key had already placed it. */
export function placeOrder({ body, idempotencyKey }: PlaceOrderRequest): Promise<Pedido> {
  return apiFetch<Pedido>('/pedidos', {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['pedidos'] }),
    onError: (error) => {
      if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) {
        console.warn('No se pudo crear el pedido:', error);
      }
    },
  });
}

export const PLACE_ORDER_FAILED =
  'No pudimos enviar tu pedido. Revisa tu conexión e inténtalo de nuevo: no se cobrará dos veces.';

/** What to tell the shopper when the order was not placed. */
export function placeOrderErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return error.message;
  return PLACE_ORDER_FAILED;
}
