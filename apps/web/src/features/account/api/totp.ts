import {
  codigosRecuperacionSchema,
  totpEnrolmentSchema,
  totpEstadoSchema,
  type TotpCambioInput,
  type TotpEstado,
} from '@nexbyte/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** Keyed by the session's user, like the account itself. */
const totpQueryKey = (userId: number) => ['cuenta', userId, 'totp'] as const;

/** GET /cuenta/totp: whether the two-step verification is on. */
export function useTotpStatus(userId: number) {
  return useQuery({
    queryKey: totpQueryKey(userId),
    queryFn: async ({ signal }): Promise<TotpEstado> =>
      totpEstadoSchema.parse(await apiFetch<unknown>('/cuenta/totp', { signal })),
  });
}

/** POST /cuenta/totp: a new secret for the app, pending until a first code confirms it. */
export function useStartTotp() {
  return useMutation({
    mutationFn: async () =>
      totpEnrolmentSchema.parse(await apiFetch<unknown>('/cuenta/totp', { method: 'POST' })),
  });
}

/**
 * POST /cuenta/totp/confirmar: the password and a first code turn it on; the recovery codes come
 * once.
 */
export function useConfirmTotp(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TotpCambioInput) =>
      codigosRecuperacionSchema.parse(
        await apiFetch<unknown>('/cuenta/totp/confirmar', { method: 'POST', body }),
      ),
    onSuccess: () => queryClient.setQueryData(totpQueryKey(userId), { activo: true }),
  });
}

/** POST /cuenta/totp/desactivar with the password and a code of the app or a recovery code. */
export function useDisableTotp(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TotpCambioInput) =>
      apiFetch<{ message: string }>('/cuenta/totp/desactivar', { method: 'POST', body }),
    onSuccess: () => queryClient.setQueryData(totpQueryKey(userId), { activo: false }),
  });
}
