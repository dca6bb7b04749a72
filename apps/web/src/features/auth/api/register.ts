import type { Registro, Usuario } from '@nexbyte/shared';
import { useMutation } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../../lib/api-client';
import { serverMessage } from '../../../lib/error-message';

export const REGISTER_FAILED_MESSAGE = 'No se pudo completar el registro. Inténtalo de nuevo.';

/** POST /auth/registro: creates a CLIENT account. */
export function registerUser(data: Registro): Promise<Usuario> {
  return apiFetch<Usuario>('/auth/registro', { method: 'POST', body: data });
}

export function useRegister() {
  return useMutation({
    mutationFn: registerUser,
    onError: (error) => {
      if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) {
        console.warn('No se pudo completar el registro:', error);
      }
    },
  });
}

/** docs/product.md#messages: the server's message field if present, whatever the status, else the fallback. */
export const registerErrorMessage = (error: unknown) =>
  serverMessage(error, REGISTER_FAILED_MESSAGE);

/**
 * The message of each field the server refused: its `errors`, or for a 409 without them the
 * field its message names (the e-mail or the RUN already registered).
 */
export function registerFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  if (error.errors) return error.errors;
  if (error.status !== 409) return {};
  if (/correo/i.test(error.message)) return { correo: error.message };
  if (/\bRUN\b/i.test(error.message)) return { run: error.message };
  return {};
}
