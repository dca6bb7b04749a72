import {
  codigosRecuperacionSchema,
  loginResponseSchema,
  totpEnrolmentSchema,
  type LoginResponse,
  type TotpEnrolment,
} from '@nexbyte/shared';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { UnexpectedLoginResponseError } from './login';

/** POST /auth/login/totp: the challenge of the password step and a code of the app or a recovery code. */
export async function loginWithCode(body: {
  desafio: string;
  codigo: string;
}): Promise<LoginResponse> {
  const parsed = loginResponseSchema.safeParse(
    await apiFetch<unknown>('/auth/login/totp', { method: 'POST', body }),
  );
  if (!parsed.success) throw new UnexpectedLoginResponseError({ cause: parsed.error });
  return parsed.data;
}

/** POST /auth/login/totp/enrolar: an ADMIN who must use TOTP gets the secret for the app. */
export async function startLoginEnrolment(desafio: string): Promise<TotpEnrolment> {
  return totpEnrolmentSchema.parse(
    await apiFetch<unknown>('/auth/login/totp/enrolar', { method: 'POST', body: { desafio } }),
  );
}

const enrolledLoginSchema = loginResponseSchema.extend(codigosRecuperacionSchema.shape);

/** POST /auth/login/totp/confirmar: the first code turns TOTP on and opens the session. */
export async function confirmLoginEnrolment(body: { desafio: string; codigo: string }) {
  const parsed = enrolledLoginSchema.safeParse(
    await apiFetch<unknown>('/auth/login/totp/confirmar', { method: 'POST', body }),
  );
  if (!parsed.success) throw new UnexpectedLoginResponseError({ cause: parsed.error });
  return parsed.data;
}

export const useLoginWithCode = () => useMutation({ mutationFn: loginWithCode });
export const useConfirmLoginEnrolment = () => useMutation({ mutationFn: confirmLoginEnrolment });
