import type { ImagenProducto, OrdenImagenes } from '@nexbyte/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiUpload, type ApiUploadOptions } from '../../../../lib/api-client';
import { refreshCatalogue } from './product-cache';
import { adminKeys } from './query-keys';

/** POST /productos/{id}/imagenes: one photo in the form field `archivo`. */
export function uploadPhoto(
  productId: number,
  file: File,
  options: ApiUploadOptions = {},
): Promise<ImagenProducto> {
  const form = new FormData();
  form.append('archivo', file, file.name);
  return apiUpload<ImagenProducto>(`/productos/${productId}/imagenes`, form, options);
}

export function savePhotoOrder(productId: number, body: OrdenImagenes): Promise<ImagenProducto[]> {
  return apiFetch<ImagenProducto[]>(`/productos/${productId}/imagenes`, { method: 'PUT', body });
}

export function deletePhoto(productId: number, photoId: number): Promise<void> {
  return apiFetch<void>(`/productos/${productId}/imagenes/${photoId}`, { method: 'DELETE' });
}

/** After any change to the photos: the product's form and the shop's lists ask again. */
function useRefreshProduct(productId: number) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.product(productId) });
    refreshCatalogue(queryClient);
  };
}

export function useUploadPhoto(productId: number) {
  const refresh = useRefreshProduct(productId);
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress?: (share: number) => void }) =>
      uploadPhoto(productId, file, { onProgress }),
    onSuccess: refresh,
  });
}

export function useSavePhotoOrder(productId: number) {
  const refresh = useRefreshProduct(productId);
  return useMutation({
    mutationFn: (body: OrdenImagenes) => savePhotoOrder(productId, body),
    onSuccess: refresh,
  });
}

export function useDeletePhoto(productId: number) {
  const refresh = useRefreshProduct(productId);
  return useMutation({
    mutationFn: (photoId: number) => deletePhoto(productId, photoId),
    onSuccess: refresh,
  });
}
