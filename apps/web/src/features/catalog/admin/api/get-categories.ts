import type { Categoria } from '@nexbyte/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import { adminKeys } from './query-keys';

/** The categories of the product form's select, sorted by name by the API. */
export function getCategories(signal?: AbortSignal): Promise<Categoria[]> {
  return apiFetch<Categoria[]>('/categorias', { signal });
}

export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.categories(),
    queryFn: ({ signal }) => getCategories(signal),
  });

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
