import type { EmpresaGuardada } from '@nexbyte/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from './api-client';

/** Keyed by the session's user, like the account itself (decision 014). */
export const savedCompaniesQueryKey = (userId: number) => ['cuenta', userId, 'empresas'] as const;

/**
 * GET /cuenta/empresas: the companies a customer buys for with a factura, kept in /cuenta and
 * offered again at checkout (each screen changes or reads them under this one key).
 */
export const savedCompaniesQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: savedCompaniesQueryKey(userId),
    queryFn: async ({ signal }) =>
      (await apiFetch<{ items: EmpresaGuardada[] }>('/cuenta/empresas', { signal })).items,
    staleTime: 60_000,
  });

/** The customer's companies; nothing is asked for a guest (userId null). */
export function useSavedCompanies(userId: number | null) {
  return useQuery({ ...savedCompaniesQueryOptions(userId ?? 0), enabled: userId !== null });
}
