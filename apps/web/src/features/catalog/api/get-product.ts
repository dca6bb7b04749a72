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

/**
 * Whether a product's load failed because there is no such product to show (the API's 404). The
 * server render's answer reaches the browser as JSON, so its ApiError comes back as a plain
 * `{ status: 404 }`: the status is what tells.
 */
export function isProductNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'status' in error && error.status === 404;
}

export const productQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['productos', 'detalle', id],
    queryFn: ({ signal }) => getProduct(id, { signal }),
    // A 404 is an answer, not a failure to try again: the page the server rendered with the
    // danger alert hydrates as it is, instead of turning into 'Cargando producto…'.
    retryOnMount: (query) => !isProductNotFound(query.state.error),
  });

/** The product of a detail page; nothing is requested while the id is not a valid one (null). */
export function useProduct(id: number | null) {
  return useQuery({ ...productQueryOptions(id ?? 0), enabled: id !== null });
}
