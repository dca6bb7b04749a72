import { ApiError, apiFetch } from '../../../lib/api-client';
import { clearSession, type Session } from '../../../lib/session';

/**
 * Logs out (decision 014): this browser forgets the session at once and announces it with
 * auth-change, and the server is asked to end the session too, so the token stops working even
 * if it was copied. Logging out never waits for the server, nor fails when it cannot be reached.
 */
export function logout(session: Session): void {
  clearSession();
  void apiFetch<void>('/auth/logout', {
    method: 'POST',
    headers: { Authorization: `Bearer ${session.token}` },
  }).catch((error: unknown) => {
    // 401: the session had already ended on the server, which is what was asked for.
    if (error instanceof ApiError && error.status === 401) return;
    console.warn('No se pudo cerrar la sesión en el servidor:', error);
  });
}
