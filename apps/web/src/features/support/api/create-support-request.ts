import type { Soporte, SoporteCreado } from '@nexbyte/shared';
import { useMutation } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../../lib/api-client';
import { serverMessage } from '../../../lib/error-message';

export const SUPPORT_FAILED_MESSAGE = 'No pudimos enviar tu solicitud. Inténtalo más tarde.';

/**
 * POST /soporte with the API's values: equipo as PC_ESCRITORIO…, prioridad in upper case, an
 * empty phone or address as null (the shared schema's output already is). The answer carries the
 * ticket's number and its private tracking link, shown once after sending.
 */
export function createSupportRequest(request: Soporte): Promise<SoporteCreado> {
  return apiFetch<SoporteCreado>('/soporte', { method: 'POST', body: request });
}

export function useCreateSupportRequest() {
  return useMutation({
    mutationFn: createSupportRequest,
    onError: (error) => {
      if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) {
        console.warn('No se pudo enviar la solicitud de soporte:', error);
      }
    },
  });
}

/** 'Error al enviar' says the server's message field whatever the status, else the fallback. */
export const supportErrorMessage = (error: unknown) => serverMessage(error, SUPPORT_FAILED_MESSAGE);
