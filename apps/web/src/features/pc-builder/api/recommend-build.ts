import type { Armado } from '@nexbyte/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { buildQueryOptions } from './get-build';
import { recommendedQueryOptions } from './get-recommended';

/**
 * PUT /armados/{codigo}/recomendado with a title, or DELETE it (titulo null): the ADMIN
 * publishes a build as a starting point of /arma-tu-pc, or withdraws it.
 */
export function useRecommendBuild(codigo: string) {
  const queryClient = useQueryClient();
  const path = `/armados/${encodeURIComponent(codigo)}/recomendado`;
  return useMutation({
    mutationFn: (titulo: string | null) =>
      titulo === null
        ? apiFetch<Armado>(path, { method: 'DELETE' })
        : apiFetch<Armado>(path, { method: 'PUT', body: { titulo } }),
    onSuccess: (armado) => {
      queryClient.setQueryData(buildQueryOptions(codigo).queryKey, armado);
      void queryClient.invalidateQueries({ queryKey: recommendedQueryOptions().queryKey });
    },
  });
}
