import type { CategoriaDetalle } from '@nexbyte/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import { adminKeys } from './query-keys';

/** Every category, deactivated ones too (staff only), with its active products. */
export function getAdminCategories(signal?: AbortSignal): Promise<CategoriaDetalle[]> {
  return apiFetch<CategoriaDetalle[]>('/categorias?estado=todos', { signal });
}

export const adminCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.categoryAdminList(),
    queryFn: ({ signal }) => getAdminCategories(signal),
  });

export function useAdminCategories() {
  return useQuery(adminCategoriesQueryOptions());
}
