import type { Producto } from '@nexbyte/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import { refreshCatalogue, type ProductoBody } from './product-cache';
import { adminKeys } from './query-keys';

export function updateProduct(id: number, body: ProductoBody): Promise<Producto> {
  return apiFetch<Producto>(`/productos/${id}`, { method: 'PUT', body });
}

export function useUpdateProduct(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProductoBody) => updateProduct(id, body),
    onSuccess: (product) => {
      queryClient.setQueryData(adminKeys.product(product.id), product);
      refreshCatalogue(queryClient);
    },
  });
}
