import {
  loginResponseSchema,
  loginStepResponseSchema,
  type LoginInput,
  type LoginResponse,
  type LoginStepResponse,
} from '@nexbyte/shared';
import { useMutation } from '@tanstack/react-query';
import { ApiError, CONNECTION_ERROR_MESSAGE, apiFetch } from '../../../lib/api-client';

export const LOGIN_MESSAGES = {
  credentials: 'Correo o contraseña incorrectos.',
  failed: 'Error al intentar iniciar sesión. Inténtalo de nuevo más tarde.',
  unexpected: 'Respuesta inesperada del servidor.',
} as const;

/** The server said yes but did not send a token and a user we can keep. */
export class UnexpectedLoginResponseError extends Error {
  override readonly name = 'UnexpectedLoginResponseError';

  constructor(options?: ErrorOptions) {
    super(LOGIN_MESSAGES.unexpected, options);
  }
}

/**
 * POST /auth/login: the token and the user, checked before anything is stored; or, for an account
 * with a second step (decision 015), the challenge for the TOTP code or for enrolling.
 */
export async function login(credentials: LoginInput): Promise<LoginResponse | LoginStepResponse> {
  const data = await apiFetch<unknown>('/auth/login', { method: 'POST', body: credentials });
  const parsed = loginResponseSchema.or(loginStepResponseSchema).safeParse(data);
  if (!parsed.success) throw new UnexpectedLoginResponseError({ cause: parsed.error });
  return parsed.data;
}

export function useLogin() {
  return useMutation({
    mutationFn: login,
    onError: (error) => {
      if (!isRefusal(error)) console.warn('No se pudo iniciar sesión:', error);
    },
  });
}

/** Wrong credentials or too many attempts: the user's doing, nothing to log. */
function isRefusal(error: unknown): boolean {
  return error instanceof ApiError && [401, 403, 429].includes(error.status);
}

/** docs/product.md#messages: what the login screen says for each failure. */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof UnexpectedLoginResponseError) return LOGIN_MESSAGES.unexpected;
  if (!(error instanceof ApiError)) return LOGIN_MESSAGES.failed;
  // A 2xx that apiFetch could not read (not JSON) is an unexpected answer too.
  if (error.status >= 200 && error.status < 300) return LOGIN_MESSAGES.unexpected;
  if (error.status === 401 || error.status === 403) return LOGIN_MESSAGES.credentials;
  if (error.status === 429 && error.message !== CONNECTION_ERROR_MESSAGE) return error.message;
  return LOGIN_MESSAGES.failed;
}
