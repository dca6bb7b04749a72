import type { Producto } from '@nexbyte/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { ADMIN_STALE_TIME, adminKeys } from './query-keys';

/**
 * Every product, the inactive ones included: to an ADMIN token the API answers the whole
 * catalogue in one unpaged list, most recent first. The table filters it in the browser.
 */
export function getProducts(signal?: AbortSignal): Promise<Producto[]> {
  return apiFetch<Producto[]>('/productos', { signal });
}

export const productsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.products(),
    queryFn: ({ signal }) => getProducts(signal),
    staleTime: ADMIN_STALE_TIME,
  });

export function useProducts() {
  return useQuery(productsQueryOptions());
}
