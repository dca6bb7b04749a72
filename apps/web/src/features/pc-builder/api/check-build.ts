import type { ArmadoRevisado } from '@nexbyte/shared';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/**
 * POST /armados/revision: the server's check before the cart (409 for parts that do not fit,
 * 422 for one off sale or out of stock), answering the parts as they are now.
 */
export function useCheckBuild() {
  return useMutation({
    mutationFn: (piezas: number[]) =>
      apiFetch<ArmadoRevisado>('/armados/revision', { method: 'POST', body: { piezas } }),
  });
}
