import { sesionesSchema, type Sesion } from '@nexbyte/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../../lib/api-client';

/** Keyed by the session's user, like the account itself (decision 014). */
export const sessionsQueryKey = (userId: number) => ['cuenta', userId, 'sesiones'] as const;

/** GET /cuenta/sesiones: the account's open sessions, the one asking marked `actual`. */
export function useSessions(userId: number) {
  return useQuery({
    queryKey: sessionsQueryKey(userId),
    queryFn: async ({ signal }): Promise<Sesion[]> =>
      sesionesSchema.parse(await apiFetch<unknown>('/cuenta/sesiones', { signal })),
    staleTime: 0,
  });
}

/**
 * DELETE /cuenta/sesiones/{id}: ends one session of the account. A 404 means it had already
 * ended, which is what was asked: the list is read again either way.
 */
export function useEndSession(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      try {
        await apiFetch<void>(`/cuenta/sesiones/${encodeURIComponent(id)}`, { method: 'DELETE' });
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 404)) throw error;
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey(userId) }),
  });
}

/** POST /cuenta/sesiones/cerrar-todas: ends every session of the account, this one included. */
export function useEndAllSessions() {
  return useMutation({
    mutationFn: () => apiFetch<void>('/cuenta/sesiones/cerrar-todas', { method: 'POST' }),
  });
}
