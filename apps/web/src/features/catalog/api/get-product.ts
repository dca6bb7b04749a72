import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Producto } from '@nexbyte/shared';
import { apiFetch } from '../../../lib/api-client';

/**
 * GET /productos/{id}: one active product (404 when it is unknown or inactive), or null when the
 * server answers without one.
 */
export async function getProduct(
  id: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Producto | null> {
  return (await apiFetch<Producto | undefined>(`/productos/${id}`, { signal })) ?? null;
}

export const productQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['productos', 'detalle', id],
    queryFn: ({ signal }) => getProduct(id, { signal }),
  });

/** The product of a detail page; nothing is requested while the id is not a valid one (null). */
export function useProduct(id: number | null) {
  return useQuery({ ...productQueryOptions(id ?? 0), enabled: id !== null });
}
