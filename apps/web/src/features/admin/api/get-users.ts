import type { Usuario } from '@nexbyte/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { ADMIN_STALE_TIME, adminKeys } from './query-keys';

/** Every account, by id; the API never sends a password. */
export function getUsers(signal?: AbortSignal): Promise<Usuario[]> {
  return apiFetch<Usuario[]>('/usuarios', { signal });
}

export const usersQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.users(),
    queryFn: ({ signal }) => getUsers(signal),
    staleTime: ADMIN_STALE_TIME,
  });

export function useUsers() {
  return useQuery(usersQueryOptions());
}
