import { useMutation } from '@tanstack/react-query';
import { apiFetchBlob } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

export const CSV_FILENAME = 'suscriptores-newsletter.csv';
export const DOWNLOAD_FAILED_MESSAGE = 'No se pudo descargar la lista de suscriptores.';

/** GET /newsletter/suscriptores.csv (ADMIN): a plain link could not send the Bearer token. */
export function fetchSubscribersCsv(): Promise<Blob> {
  return apiFetchBlob('/newsletter/suscriptores.csv', 'text/csv');
}

export function useDownloadSubscribersCsv() {
  return useMutation({
    mutationFn: fetchSubscribersCsv,
    onSuccess: (blob) => saveFile(blob, CSV_FILENAME),
    onError: (error) => console.warn('No se pudo descargar la lista de suscriptores:', error),
  });
}
