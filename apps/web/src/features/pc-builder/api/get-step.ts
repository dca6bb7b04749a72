import type { PasoArmado, TipoComponente } from '@nexbyte/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/**
 * GET /armados/pasos/{tipo}: the parts of a step that fit the other chosen parts (ids), and the
 * ones that do not with their reasons.
 */
export const stepQueryOptions = (tipo: TipoComponente, otherIds: readonly number[]) => {
  const piezas = [...otherIds].sort((a, b) => a - b).join(',');
  return queryOptions({
    queryKey: ['armados', 'paso', tipo, piezas],
    queryFn: ({ signal }) =>
      apiFetch<PasoArmado>(
        `/armados/pasos/${tipo}?incompatibles=1${piezas ? `&piezas=${piezas}` : ''}`,
        { signal },
      ),
  });
};

export function useStep(tipo: TipoComponente, otherIds: readonly number[], enabled: boolean) {
  return useQuery({ ...stepQueryOptions(tipo, otherIds), enabled });
}
