import type { Producto } from '@nexbyte/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetchPage } from '../../../../lib/api-client';
import { ADMIN_STALE_TIME } from '../../../../lib/admin-queries';
import { deskKeys } from './query-keys';

/** How many products a part search offers at once. */
export const PART_RESULTS = 8;

/**
 * GET /productos?q=: the catalogue's own search, for the quote's parts (active products only:
 * an inactive one cannot be quoted).
 */
export async function searchParts(q: string, signal?: AbortSignal): Promise<Producto[]> {
  const params = new URLSearchParams({ q, limite: String(PART_RESULTS), estado: 'activos' });
  return (await apiFetchPage<Producto>(`/productos?${params}`, { signal })).items;
}

export const partsQueryOptions = (q: string) =>
  queryOptions({
    queryKey: deskKeys.parts(q),
    queryFn: ({ signal }) => searchParts(q, signal),
    staleTime: ADMIN_STALE_TIME,
    enabled: q.length >= 2,
  });

export function useParts(q: string) {
  return useQuery(partsQueryOptions(q));
}
