import type { Usuario } from '@nexbyte/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetchPage, type ApiPage } from '../../../../lib/api-client';
import { ADMIN_PAGE_SIZE, ADMIN_STALE_TIME } from '../../../../lib/admin-queries';
import { adminKeys } from './query-keys';

/** One page of the accounts, by id, and how many there are; the API never sends a password. */
export function getUsers(pagina: number, signal?: AbortSignal): Promise<ApiPage<Usuario>> {
  const params = new URLSearchParams({ pagina: String(pagina), limite: String(ADMIN_PAGE_SIZE) });
  return apiFetchPage<Usuario>(`/usuarios?${params}`, { signal });
}

export const usersQueryOptions = (pagina: number) =>
  queryOptions({
    queryKey: adminKeys.userList(pagina),
    queryFn: ({ signal }) => getUsers(pagina, signal),
    staleTime: ADMIN_STALE_TIME,
    placeholderData: keepPreviousData,
  });

export function useUsers(pagina: number) {
  return useQuery(usersQueryOptions(pagina));
}

/** How many accounts there are: the X-Total-Count of a one-row page, not every row. */
export async function countUsers(signal?: AbortSignal): Promise<number> {
  return (await apiFetchPage<Usuario>('/usuarios?limite=1', { signal })).total;
}

export const userCountQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.userCount(),
    queryFn: ({ signal }) => countUsers(signal),
    staleTime: ADMIN_STALE_TIME,
  });

/** Not asked when `enabled` is false: a VENDOR's dashboard has no users card (decision 018). */
export function useUserCount(enabled = true) {
  return useQuery({ ...userCountQueryOptions(), enabled });
}
