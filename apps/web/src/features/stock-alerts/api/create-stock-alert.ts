import type { AlertaStockInput } from '@nexbyte/shared';
import { useMutation } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../../lib/api-client';

/** POST /alertas-stock: asking twice is not an error; with a session, the account's address. */
export function createStockAlert(data: AlertaStockInput): Promise<{ message: string }> {
  return apiFetch<{ message: string }>('/alertas-stock', { method: 'POST', body: data });
}

export function useCreateStockAlert() {
  return useMutation({
    mutationFn: createStockAlert,
    onError: (error) => {
      if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) {
        console.warn('No se pudo guardar el aviso de stock:', error);
      }
    },
  });
}
