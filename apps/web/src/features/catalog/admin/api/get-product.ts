import type { Producto } from '@nexbyte/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import { ADMIN_STALE_TIME } from '../../../../lib/admin-queries';
import { adminKeys } from './query-keys';

/** One product, also when it is inactive (the API shows those to an ADMIN). */
export function getProduct(id: number, signal?: AbortSignal): Promise<Producto> {
  return apiFetch<Producto>(`/productos/${id}`, { signal });
}

export const productQueryOptions = (id: number) =>
  queryOptions({
    queryKey: adminKeys.product(id),
    queryFn: ({ signal }) => getProduct(id, signal),
    staleTime: ADMIN_STALE_TIME,
  });

export function useProduct(id: number) {
  return useQuery(productQueryOptions(id));
}
