import type { Producto } from '@nexbyte/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import { replaceProduct } from './product-cache';

/** Puts a deactivated product on sale again: an ADMIN call beyond the spec, the undo of 'Desactivar'. */
export function activateProduct(id: number): Promise<Producto> {
  return apiFetch<Producto>(`/productos/${id}/activar`, { method: 'PATCH' });
}

export function useActivateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: activateProduct,
    onSuccess: (product) => replaceProduct(queryClient, product),
  });
}
