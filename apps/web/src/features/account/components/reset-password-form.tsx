import { useMemo } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  RECOVERY_MESSAGES,
  buildNuevaPasswordSchema,
  type NuevaPasswordInput,
} from '@nexbyte/shared';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { FormField } from '../../../components/ui/form-field';
import { PasswordInput } from '../../../components/ui/password-input';
import { useToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { passwordHint, usePasswordPolicy } from '../../../lib/password-policy';
import { useServerForm } from '../../../lib/use-server-form';
import { clearSession, readSession } from '../../../lib/session';
import { useResetPassword } from '../api/reset-password';
import '../account.css';

const EMPTY: NuevaPasswordInput = { pass: '', pass2: '' };
export const RESET_FAILED_MESSAGE =
  'No pudimos cambiar tu contraseña. Inténtalo de nuevo más tarde.';

/** /recuperar#{token}: the new password twice; then off to /login with a toast. */
export function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const toast = useToast();
  const mutation = useResetPassword();
  const policy = usePasswordPolicy();
  const schema = useMemo(() => buildNuevaPasswordSchema(policy), [policy]);
  const form = useServerForm({ resolver: zodResolver(schema), defaultValues: EMPTY });
  const {
    register,
    formState: { errors },
  } = form;

  const onSubmit = form.submit((values) =>
    mutation.mutate(
      { token, ...values },
      {
        onSuccess: () => {
          // Every session opened before the change has ended; this tab's too.
          if (readSession()) clearSession();
          toast.show({ type: 'success', message: RECOVERY_MESSAGES.passwordSet });
          navigate('/login', { replace: true });
        },
        onError: (error) => form.showServerErrors(error),
      },
    ),
  );

  return (
    <>
      {mutation.isError && <ResetError error={mutation.error} />}
      <form className="account-form" noValidate onSubmit={onSubmit}>
        <FormField
          label="Nueva contraseña"
          hint={passwordHint(policy)}
          error={errors.pass?.message}
        >
          <PasswordInput {...register('pass')} autoComplete="new-password" />
        </FormField>
        <FormField label="Confirmar contraseña" error={errors.pass2?.message}>
          <PasswordInput {...register('pass2')} autoComplete="new-password" />
        </FormField>
        <button type="submit" className="button account-form__submit" disabled={mutation.isPending}>
          {mutation.isPending ? 'Guardando…' : 'Guardar contraseña'}
        </button>
      </form>
    </>
  );
}

function ResetError({ error }: { error: Error }) {
  if (error instanceof ApiError && error.errors) return null;
  if (error instanceof ApiError && error.status === 400) {
    return (
      <Alert tone="danger">
        <p>{RECOVERY_MESSAGES.invalidLink}</p>
        <p>
          <Link to="/recuperar">Pide un enlace nuevo</Link>
        </p>
      </Alert>
    );
  }
  return <Alert tone="danger">{errorMessage(error, RESET_FAILED_MESSAGE)}</Alert>;
}
