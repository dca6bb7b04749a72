import type { CategoriaDetalle } from '@nexbyte/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import { refreshCategories, type CategoriaBody } from './category-cache';

/** Renames a category or changes its picture. */
export function updateCategory({
  id,
  body,
}: {
  id: number;
  body: CategoriaBody;
}): Promise<CategoriaDetalle> {
  return apiFetch<CategoriaDetalle>(`/categorias/${id}`, { method: 'PUT', body });
}

export function useUpdateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCategory,
    onSuccess: () => refreshCategories(queryClient),
  });
}
