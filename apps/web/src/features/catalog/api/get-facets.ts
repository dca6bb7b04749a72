import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Facetas } from '@nexbyte/shared';
import { apiFetch } from '../../../lib/api-client';
import { productsSearch, type ProductFilters } from './get-products';

/**
 * GET /productos/facetas: with the list's filters, how many products each brand and
 * specification value leaves. The order is left out: it changes no count.
 */
export function getFacets(filters: ProductFilters, { signal }: { signal?: AbortSignal } = {}) {
  const { orden: _orden, ...rest } = filters;
  return apiFetch<Facetas>(`/productos/facetas${productsSearch(rest)}`, { signal });
}

export const facetsQueryOptions = (filters: ProductFilters) => {
  const { orden: _orden, ...rest } = filters;
  return queryOptions({
    queryKey: ['productos', 'facetas', rest],
    queryFn: ({ signal }) => getFacets(rest, { signal }),
    placeholderData: keepPreviousData,
  });
};

export function useFacets(filters: ProductFilters) {
  return useQuery(facetsQueryOptions(filters));
}
