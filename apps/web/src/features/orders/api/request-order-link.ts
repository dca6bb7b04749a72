import type { PedidoAccesoInput } from '@nexbyte/shared';
import { useMutation } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../../lib/api-client';

/**
 * POST /pedidos/{numero}/enlace: e-mails a new link to a guest's order if the e-mail is the
 * order's. The answer is the same whatever the e-mail.
 */
export function requestOrderLink(numero: string, body: PedidoAccesoInput) {
  return apiFetch<{ message: string }>(`/pedidos/${encodeURIComponent(numero)}/enlace`, {
    method: 'POST',
    body,
  });
}

export function useRequestOrderLink(numero: string) {
  return useMutation({
    mutationFn: (body: PedidoAccesoInput) => requestOrderLink(numero, body),
    onError: (error) => {
      if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) {
        console.warn('No se pudo pedir el enlace del pedido:', error);
      }
    },
  });
}
