import { useMutation } from '@tanstack/react-query';
import { apiFetchBlob } from '../../../lib/api-client';

export const CSV_FILENAME = 'suscriptores-newsletter.csv';
export const DOWNLOAD_FAILED_MESSAGE = 'No se pudo descargar la lista de suscriptores.';

/** GET /newsletter/suscriptores.csv (ADMIN): a plain link could not send the Bearer token. */
export function fetchSubscribersCsv(): Promise<Blob> {
  return apiFetchBlob('/newsletter/suscriptores.csv', 'text/csv');
}

/** Saves the file through a temporary link, as the browser's own download. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers start reading the file only after this task: free it a little later.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function useDownloadSubscribersCsv() {
  return useMutation({
    mutationFn: fetchSubscribersCsv,
    onSuccess: (blob) => saveFile(blob, CSV_FILENAME),
    onError: (error) => console.warn('No se pudo descargar la lista de suscriptores:', error),
  });
}
