import type { CategoriaDetalle } from '@nexbyte/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import { refreshCategories } from './category-cache';

/**
 * PATCH /categorias/{id}/desactivar or /activar. The server refuses to deactivate a category
 * that still has active products (409, saying how many).
 */
export function setCategoryActive({
  id,
  activo,
}: {
  id: number;
  activo: boolean;
}): Promise<CategoriaDetalle> {
  return apiFetch<CategoriaDetalle>(`/categorias/${id}/${activo ? 'activar' : 'desactivar'}`, {
    method: 'PATCH',
  });
}

export function useSetCategoryActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setCategoryActive,
    onSuccess: () => refreshCategories(queryClient),
  });
}
