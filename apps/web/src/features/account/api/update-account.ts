import type { Cuenta, Usuario } from '@nexbyte/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../../lib/api-client';
import { readSession, saveSession } from '../../../lib/session';
import { accountQueryKey } from './get-account';

/** PUT /cuenta: name, surnames, phone, region, comuna and address. */
export function updateAccount(data: Cuenta): Promise<Usuario> {
  return apiFetch<Usuario>('/cuenta', { method: 'PUT', body: data });
}

/** Saves the account; the stored session user (and so the header) gets the new data. */
export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAccount,
    onSuccess: (usuario) => {
      queryClient.setQueryData(accountQueryKey(usuario.id), usuario);
      const session = readSession();
      if (session) saveSession(session.token, usuario);
    },
    onError: (error) => {
      if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) {
        console.warn('No se pudieron guardar los datos de la cuenta:', error);
      }
    },
  });
}
