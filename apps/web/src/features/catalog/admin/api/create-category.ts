import type { CategoriaDetalle } from '@nexbyte/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import { refreshCategories, type CategoriaBody } from './category-cache';

export function createCategory(body: CategoriaBody): Promise<CategoriaDetalle> {
  return apiFetch<CategoriaDetalle>('/categorias', { method: 'POST', body });
}

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCategory,
    onSuccess: () => refreshCategories(queryClient),
  });
}
