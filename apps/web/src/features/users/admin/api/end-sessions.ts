import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';

/** Every token of the user stops working; they log in again (decision 014). */
export function endSessions(id: number): Promise<void> {
  return apiFetch<void>(`/usuarios/${id}/cerrar-sesiones`, { method: 'POST' });
}

export function useEndSessions() {
  return useMutation({ mutationFn: endSessions });
}
