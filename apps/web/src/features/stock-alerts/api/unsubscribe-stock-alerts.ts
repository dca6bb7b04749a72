import { useMutation } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../../lib/api-client';

/** POST /alertas-stock/baja with the link's signed token: no session needed; twice is fine. */
export function unsubscribeStockAlerts(token: string): Promise<{ message: string }> {
  return apiFetch<{ message: string }>('/alertas-stock/baja', { method: 'POST', body: { token } });
}

export function useUnsubscribeStockAlerts() {
  return useMutation({
    mutationFn: unsubscribeStockAlerts,
    onError: (error) => {
      if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) {
        console.warn('No se pudo dar de baja de los avisos de stock:', error);
      }
    },
  });
}
