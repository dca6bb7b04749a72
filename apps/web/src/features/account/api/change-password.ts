import type { CambioPasswordInput, LoginResponse } from '@nexbyte/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../../lib/api-client';
import { saveSession } from '../../../lib/session';
import { accountQueryKey } from './get-account';

/** PUT /cuenta/password: every older session ends; the answer is a new one for this tab. */
export function changePassword(data: CambioPasswordInput): Promise<LoginResponse> {
  return apiFetch<LoginResponse>('/cuenta/password', { method: 'PUT', body: data });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: ({ token, usuario }) => {
      saveSession(token, usuario);
      queryClient.setQueryData(accountQueryKey(usuario.id), usuario);
    },
    onError: (error) => {
      if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) {
        console.warn('No se pudo cambiar la contraseña:', error);
      }
    },
  });
}
