import type { adminUsuarioUpdateSchema, Usuario } from '@nexbyte/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiFetch } from '../../../../lib/api-client';
import { adminKeys } from './query-keys';

/** docs/product.md#calls: no run, correo or pass; those do not change here. */
export type UsuarioUpdateBody = z.output<typeof adminUsuarioUpdateSchema>;

export function updateUser(id: number, body: UsuarioUpdateBody): Promise<Usuario> {
  return apiFetch<Usuario>(`/usuarios/${id}`, { method: 'PUT', body });
}

export function useUpdateUser(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UsuarioUpdateBody) => updateUser(id, body),
    onSuccess: (user) => {
      queryClient.setQueryData(adminKeys.user(user.id), user);
      void queryClient.invalidateQueries({ queryKey: adminKeys.users() });
    },
  });
}
