import type { NewsletterInput } from '@nexbyte/shared';
import { useMutation } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';

export const SUBSCRIBE_FAILED_MESSAGE = 'Inténtalo nuevamente más tarde.';

/** POST /newsletter: subscribing again is not an error, and the answer is always the same. */
export function subscribe(data: NewsletterInput): Promise<{ message: string }> {
  return apiFetch<{ message: string }>('/newsletter', { method: 'POST', body: data });
}

export function useSubscribe() {
  return useMutation({
    mutationFn: subscribe,
    onError: (error) => {
      if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) {
        console.warn('No se pudo suscribir al newsletter:', error);
      }
    },
  });
}

/** What the server said about the address (its format, too many tries), else a general message. */
export function subscribeErrorMessage(error: unknown): string {
  const message = errorMessage(error, SUBSCRIBE_FAILED_MESSAGE);
  if (message === SUBSCRIBE_FAILED_MESSAGE || !(error instanceof ApiError)) return message;
  return error.errors?.email ?? message;
}
