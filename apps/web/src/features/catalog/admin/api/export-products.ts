import { useMutation } from '@tanstack/react-query';
import { apiFetchBlob } from '../../../../lib/api-client';
import { saveFile } from '../../../../lib/save-file';

export const EXPORT_FAILED_MESSAGE = 'No se pudo descargar el CSV de productos.';

/** GET /productos/exportar.csv (ADMIN or VENDOR): a plain link could not send the Bearer token. */
export function fetchProductsCsv(): Promise<Blob> {
  return apiFetchBlob('/productos/exportar.csv', 'text/csv');
}

export const exportFilename = (day = new Date()) =>
  `productos-${day.toISOString().slice(0, 10)}.csv`;

export function useExportProducts() {
  return useMutation({
    mutationFn: fetchProductsCsv,
    onSuccess: (blob) => saveFile(blob, exportFilename()),
    onError: (error) => console.warn('No se pudo descargar el CSV de productos:', error),
  });
}
