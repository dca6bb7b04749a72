import type { Usuario } from '@nexbyte/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

/** Permanent (SPEC.md point 4). The server refuses an admin's own account with 409. */
export function deleteUser(id: number): Promise<void> {
  return apiFetch<void>(`/usuarios/${id}`, { method: 'DELETE' });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: (_nothing, id) => {
      queryClient.setQueryData<Usuario[]>(adminKeys.users(), (users) =>
        users?.filter((user) => user.id !== id),
      );
      queryClient.removeQueries({ queryKey: adminKeys.user(id), exact: true });
      void queryClient.invalidateQueries({ queryKey: adminKeys.users() });
    },
  });
}
