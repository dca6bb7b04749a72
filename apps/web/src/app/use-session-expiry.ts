import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useToast } from '../components/ui/toast';
import { ApiError } from '../lib/api-client';
import { clearSession } from '../lib/session';

/**
 * 401: the token expired or its user is gone. 403: the stored user says ADMIN but the server no
 * longer agrees (the role changed since login). Either way this session cannot run the admin area.
 */
const ENDED_SESSION_MESSAGES: Partial<Record<number, string>> = {
  401: 'Tu sesión expiró. Inicia sesión nuevamente.',
  403: 'Tu cuenta ya no tiene acceso a la administración.',
};

/**
 * docs/product.md#roles: a 401 from the API on an admin screen clears the session and goes to /login.
 * Watches every query and mutation of the admin screens; clearing the session is enough, since
 * the admin guard then replaces the screen with /login.
 */
export function useSessionExpiry(): void {
  const queryClient = useQueryClient();
  const toast = useToast();

  useEffect(() => {
    let ended = false;
    const onError = (error: unknown) => {
      const message = error instanceof ApiError ? ENDED_SESSION_MESSAGES[error.status] : undefined;
      if (ended || !message) return;
      ended = true;
      console.warn('La API rechazó la sesión en la administración; se cierra la sesión.', error);
      toast.show({ type: 'info', message });
      clearSession();
    };
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient, toast]);
}
