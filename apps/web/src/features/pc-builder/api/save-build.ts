import type { Armado } from '@nexbyte/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { myBuildsQueryKey } from './my-builds';

/** POST /armados: saves the build behind a code (in the account too, when logged in). */
export function useSaveBuild() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (piezas: number[]) =>
      apiFetch<Armado>('/armados', { method: 'POST', body: { piezas } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myBuildsQueryKey() }),
  });
}
