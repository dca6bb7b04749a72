import type { Producto } from '@nexbyte/shared';
import { queryOptions, useQueries } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** GET /productos/{id}: a chosen part, with its typed specification. */
export const partQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['armados', 'pieza', id],
    queryFn: ({ signal }) => apiFetch<Producto>(`/productos/${id}`, { signal }),
    // A part gone from the shop (404) is an answer: the builder drops it.
    retry: false,
  });

/** The chosen parts by id: those loaded so far, and whether any is still on its way. */
export function useParts(ids: readonly number[]) {
  return useQueries({
    queries: ids.map((id) => partQueryOptions(id)),
    combine: (results) => ({
      parts: results.flatMap((r) => (r.data ? [r.data] : [])),
      missing: ids.filter((_, i) => results[i]?.isError),
      pending: results.some((r) => r.isPending),
    }),
  });
}
