import { STORAGE_KEYS } from '@nexbyte/shared';
import { useMutation } from '@tanstack/react-query';
import { ApiError, CONNECTION_ERROR_MESSAGE } from '../../../lib/api-client';
import { readString } from '../../../lib/storage';

const API_BASE = (import.meta.env.VITE_API_URL ?? '/api').replace(/\/+$/, '');
export const CSV_FILENAME = 'suscriptores-newsletter.csv';
export const DOWNLOAD_FAILED_MESSAGE = 'No se pudo descargar la lista de suscriptores.';

/**
 * GET /newsletter/suscriptores.csv (ADMIN). apiFetch reads JSON only, and a plain link cannot send
 * the Bearer token, so this one call fetches the file itself and hands it to the browser.
 */
export async function fetchSubscribersCsv(): Promise<Blob> {
  const headers = new Headers({ Accept: 'text/csv' });
  const token = readString(STORAGE_KEYS.token);
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/newsletter/suscriptores.csv`, { headers });
  } catch (error) {
    throw new ApiError(0, CONNECTION_ERROR_MESSAGE, undefined, { cause: error });
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
    const message = typeof body?.message === 'string' ? body.message : DOWNLOAD_FAILED_MESSAGE;
    throw new ApiError(response.status, message);
  }
  return response.blob();
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
