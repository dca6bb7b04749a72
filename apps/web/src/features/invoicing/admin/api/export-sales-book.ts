import { useMutation } from '@tanstack/react-query';
import { apiFetchBlob } from '../../../../lib/api-client';
import { saveFile } from '../../../../lib/save-file';
import { rangeQuery, type SalesBookRange } from './get-sales-book';

export const EXPORT_SALES_BOOK_FAILED = 'No se pudo descargar el CSV del libro de ventas.';

/** GET /documentos/libro-ventas.csv (ADMIN): a plain link could not send the Bearer token. */
export function fetchSalesBookCsv(range: SalesBookRange): Promise<Blob> {
  return apiFetchBlob(`/documentos/libro-ventas.csv?${rangeQuery(range)}`, 'text/csv');
}

export const salesBookFilename = ({ desde, hasta }: SalesBookRange) =>
  `libro-ventas-${desde}-a-${hasta}.csv`;

export function useExportSalesBook() {
  return useMutation({
    mutationFn: fetchSalesBookCsv,
    onSuccess: (blob, range) => saveFile(blob, salesBookFilename(range)),
    onError: (error) => console.warn('No se pudo descargar el libro de ventas:', error),
  });
}
