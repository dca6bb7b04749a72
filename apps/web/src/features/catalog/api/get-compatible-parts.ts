import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Compatibles } from '@nexbyte/shared';
import { apiFetch } from '../../../lib/api-client';

/** GET /productos/{id}/compatibles: a few parts of the related kinds that fit a PC part. */
export function getCompatibleParts(
  id: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Compatibles> {
  return apiFetch<Compatibles>(`/productos/${id}/compatibles`, { signal });
}

export const compatiblePartsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['productos', 'compatibles', id],
    queryFn: ({ signal }) => getCompatibleParts(id, { signal }),
  });

/** Asked only for a product that is a PC part (`enabled`). */
export function useCompatibleParts(id: number, enabled: boolean) {
  return useQuery({ ...compatiblePartsQueryOptions(id), enabled });
}
