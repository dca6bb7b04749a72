import type { InformeImportacion } from '@nexbyte/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUpload } from '../../../../lib/api-client';
import { refreshCatalogue } from './product-cache';

export interface ImportRequest {
  archivo: File;
  /** Dry run: the report only. */
  simular: boolean;
  /** Write the valid rows even when others fail. */
  validas: boolean;
  /** The share of the file sent so far (0 to 1). */
  onProgress?: (share: number) => void;
}

/**
 * POST /productos/importar with the file as the multipart field `archivo`, through XMLHttpRequest
 * so that the screen can show the upload's progress.
 */
export function importProducts({
  archivo,
  simular,
  validas,
  onProgress,
}: ImportRequest): Promise<InformeImportacion> {
  const form = new FormData();
  form.append('archivo', archivo);
  const query = new URLSearchParams();
  if (simular) query.set('simular', '1');
  if (validas) query.set('validas', '1');
  const search = query.size > 0 ? `?${query}` : '';
  return apiUpload<InformeImportacion>(`/productos/importar${search}`, form, { onProgress });
}

export function useImportProducts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importProducts,
    onSuccess: (informe) => {
      if (informe.aplicada) refreshCatalogue(queryClient);
    },
  });
}
