import type { NuevaPasswordInput } from '@nexbyte/shared';
import { useMutation } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../../lib/api-client';

export interface ResetPasswordVariables extends NuevaPasswordInput {
  token: string;
}

/** POST /auth/recuperar/{token}: sets the new password with the link's token. */
export function resetPassword({ token, ...body }: ResetPasswordVariables) {
  return apiFetch<{ message: string }>(`/auth/recuperar/${encodeURIComponent(token)}`, {
    method: 'POST',
    body,
  });
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
