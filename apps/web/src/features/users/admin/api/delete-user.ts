import type { Usuario } from '@nexbyte/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, type ApiPage } from '../../../../lib/api-client';
import { adminKeys } from './query-keys';

/** Permanent (docs/product.md#products-and-users). The server refuses an admin's own account with 409. */
export function deleteUser(id: number): Promise<void> {
  return apiFetch<void>(`/usuarios/${id}`, { method: 'DELETE' });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: (_nothing, id) => {
      // The row goes at once from whichever page showed it; the pages then ask again.
      queryClient.setQueriesData<ApiPage<Usuario>>({ queryKey: adminKeys.userLists() }, (page) =>
        page && page.items.some((user) => user.id === id)
          ? { items: page.items.filter((user) => user.id !== id), total: page.total - 1 }
          : page,
      );
      queryClient.removeQueries({ queryKey: adminKeys.user(id), exact: true });
      void queryClient.invalidateQueries({ queryKey: adminKeys.users() });
    },
  });
}
