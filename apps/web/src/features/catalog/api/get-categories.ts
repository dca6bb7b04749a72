import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Categoria } from '@nexbyte/shared';
import { apiFetch } from '../../../lib/api-client';

/** GET /categorias: the categories of the catalogue, for the list's category filter. */
export function getCategories({ signal }: { signal?: AbortSignal } = {}): Promise<Categoria[]> {
  return apiFetch<Categoria[]>('/categorias', { signal });
}

export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: ['categorias'],
    queryFn: ({ signal }) => getCategories({ signal }),
    // Categories change only when an administrator edits the catalogue.
    staleTime: 10 * 60_000,
  });

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
