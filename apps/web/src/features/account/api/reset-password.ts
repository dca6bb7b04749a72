import type { RestablecerPasswordInput } from '@nexbyte/shared';
import { useMutation } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../../lib/api-client';

/** POST /auth/restablecer: sets the new password with the link's token, sent in the body. */
export function resetPassword(body: RestablecerPasswordInput) {
  return apiFetch<{ message: string }>('/auth/restablecer', { method: 'POST', body });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: resetPassword,
    onError: (error) => {
      if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) {
        console.warn('No se pudo crear la nueva contraseña:', error);
      }
    },
  });
}
