import type { RecuperarInput } from '@nexbyte/shared';
import { useMutation } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';

export const REQUEST_FAILED_MESSAGE =
  'No pudimos procesar tu solicitud. Inténtalo de nuevo más tarde.';

/** POST /auth/recuperar: the answer is the same whether or not the e-mail has an account. */
export function requestPasswordReset(data: RecuperarInput): Promise<{ message: string }> {
  return apiFetch<{ message: string }>('/auth/recuperar', { method: 'POST', body: data });
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: requestPasswordReset,
    onError: (error) => {
      if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) {
        console.warn('No se pudo pedir el enlace de recuperación:', error);
      }
    },
  });
}

export const requestErrorMessage = (error: unknown) => errorMessage(error, REQUEST_FAILED_MESSAGE);
