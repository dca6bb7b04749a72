import type { Armado } from '@nexbyte/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../../lib/api-client';

export const myBuildsQueryKey = (userId?: number) =>
  userId === undefined ? ['cuenta', 'armados'] : ['cuenta', 'armados', userId];

/** GET /cuenta/armados: 'Mis armados', the newest first (the first page). */
export function useMyBuilds(userId: number) {
  return useQuery({
    queryKey: myBuildsQueryKey(userId),
    queryFn: ({ signal }) => apiFetch<Armado[]>('/cuenta/armados?limite=100', { signal }),
  });
}

/** DELETE /cuenta/armados/{codigo}; one already gone (404) is what was asked. */
export function useDeleteBuild(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (codigo: string) => {
      try {
        await apiFetch<void>(`/cuenta/armados/${encodeURIComponent(codigo)}`, {
          method: 'DELETE',
        });
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 404)) throw error;
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: myBuildsQueryKey(userId) }),
  });
}
