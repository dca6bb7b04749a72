import type { PedidoCreado, PedidoInput } from '@nexbyte/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, ApiError } from '../../../lib/api-client';
import { paymentErrorMessage } from '../../../lib/error-message';

export interface PlaceOrderRequest {
  body: PedidoInput;
  /** The same key for every retry of one checkout attempt: the server creates one order. */
  idempotencyKey: string;
}

/**
 * POST /pedidos: places the order; 201 for a new one, 200 when the key had already placed it. A
 * guest's new order carries `acceso`, the token that opens it again; a new Webpay order carries
 * `pago`, where the buyer pays.
 */
export function placeOrder({ body, idempotencyKey }: PlaceOrderRequest): Promise<PedidoCreado> {
  return apiFetch<PedidoCreado>('/pedidos', {
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

/** What to tell the shopper when the order was not placed (Webpay down included: a 502). */
export const placeOrderErrorMessage = (error: unknown) =>
  paymentErrorMessage(error, PLACE_ORDER_FAILED);
