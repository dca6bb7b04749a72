import type { Producto } from '@nexbyte/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import { refreshCatalogue, type ProductoBody } from './product-cache';

export function createProduct(body: ProductoBody): Promise<Producto> {
  return apiFetch<Producto>('/productos', { method: 'POST', body });
}

export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProduct,
    onSuccess: () => refreshCatalogue(queryClient),
  });
}
