import type { Producto } from '@nexbyte/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import { replaceProduct } from './product-cache';

/** docs/product.md#calls: the shop stops listing and showing the product; the admin still sees it. */
export function deactivateProduct(id: number): Promise<Producto> {
  return apiFetch<Producto>(`/productos/${id}/desactivar`, { method: 'PATCH' });
}

export function useDeactivateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deactivateProduct,
    onSuccess: (product) => replaceProduct(queryClient, product),
  });
}
