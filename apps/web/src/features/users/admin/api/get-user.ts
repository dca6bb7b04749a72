import type { Usuario } from '@nexbyte/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import { ADMIN_STALE_TIME } from '../../../../lib/admin-queries';
import { adminKeys } from './query-keys';

export function getUser(id: number, signal?: AbortSignal): Promise<Usuario> {
  return apiFetch<Usuario>(`/usuarios/${id}`, { signal });
}

export const userQueryOptions = (id: number) =>
  queryOptions({
    queryKey: adminKeys.user(id),
    queryFn: ({ signal }) => getUser(id, signal),
    staleTime: ADMIN_STALE_TIME,
  });

export function useUser(id: number) {
  return useQuery(userQueryOptions(id));
}
