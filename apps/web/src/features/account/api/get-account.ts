import type { Usuario } from '@nexbyte/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** Keyed by the session's user, so another login in the same tab never sees these data. */
export const accountQueryKey = (userId: number) => ['cuenta', userId] as const;

/** GET /cuenta: the logged-in user as the server has it now. */
export function getAccount({ signal }: { signal?: AbortSignal } = {}): Promise<Usuario> {
  return apiFetch<Usuario>('/cuenta', signal ? { signal } : {});
}

export const accountQueryOptions = (userId: number) =>
  queryOptions({ queryKey: accountQueryKey(userId), queryFn: getAccount, staleTime: 0 });

export function useAccount(userId: number) {
  return useQuery(accountQueryOptions(userId));
}
