import type { EmpresaGuardada, EmpresaInput } from '@nexbyte/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../../lib/api-client';
import { savedCompaniesQueryKey } from '../../../lib/saved-companies';

export type CompanyChange = { id: number | null; empresa: EmpresaInput };

/** POST /cuenta/empresas (id null) or PUT /cuenta/empresas/{id}: saves one of the customer's companies. */
function saveCompany({ id, empresa }: CompanyChange): Promise<EmpresaGuardada> {
  return id === null
    ? apiFetch<EmpresaGuardada>('/cuenta/empresas', { method: 'POST', body: empresa })
    : apiFetch<EmpresaGuardada>(`/cuenta/empresas/${id}`, { method: 'PUT', body: empresa });
}

const logUnexpected = (error: unknown) => {
  if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) {
    console.warn('No se pudo guardar la empresa:', error);
  }
};

export function useSaveCompany(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCompany,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedCompaniesQueryKey(userId) }),
    onError: logUnexpected,
  });
}

/** DELETE /cuenta/empresas/{id}; one already gone (404) is what was asked. */
export function useDeleteCompany(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      try {
        await apiFetch<void>(`/cuenta/empresas/${id}`, { method: 'DELETE' });
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 404)) throw error;
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedCompaniesQueryKey(userId) }),
    onError: logUnexpected,
  });
}
