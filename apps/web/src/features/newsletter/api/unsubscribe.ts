import { useMutation } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../../lib/api-client';

/** POST /newsletter/baja with the link's token in the body: no session needed; twice is fine. */
export function unsubscribe(token: string): Promise<{ message: string }> {
  return apiFetch<{ message: string }>('/newsletter/baja', { method: 'POST', body: { token } });
}

export function useUnsubscribe() {
  return useMutation({
    mutationFn: unsubscribe,
    onError: (error) => {
      if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) {
        console.warn('No se pudo dar de baja del newsletter:', error);
      }
    },
  });
}
