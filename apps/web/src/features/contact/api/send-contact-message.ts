import type { ContactoInput } from '@nexbyte/shared';
import { useMutation } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../../lib/api-client';

/** POST /contactos. The hidden `empresa` field goes along: the server drops what bots send. */
export function sendContactMessage(message: ContactoInput): Promise<{ message: string }> {
  return apiFetch<{ message: string }>('/contactos', { method: 'POST', body: message });
}

export function useSendContactMessage() {
  return useMutation({
    mutationFn: sendContactMessage,
    onError: (error) => {
      if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) {
        console.warn('No se pudo enviar el mensaje de contacto:', error);
      }
    },
  });
}
