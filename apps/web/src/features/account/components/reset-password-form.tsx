import { zodResolver } from '@hookform/resolvers/zod';
import {
  MESSAGES_RECUPERAR,
  nuevaPasswordSchema,
  PASSWORD_MAX,
  PASSWORD_MIN,
  type NuevaPasswordInput,
} from '@nexbyte/shared';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { FormField } from '../../../components/ui/form-field';
import { PasswordInput } from '../../../components/ui/password-input';
import { useToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { clearSession, readSession } from '../../../lib/session';
import { useResetPassword } from '../api/reset-password';
import '../account.css';

const EMPTY: NuevaPasswordInput = { pass: '', pass2: '' };
const PASSWORD_HINT = `Entre ${PASSWORD_MIN} y ${PASSWORD_MAX} caracteres.`;
export const RESET_FAILED_MESSAGE =
  'No pudimos cambiar tu contraseña. Inténtalo de nuevo más tarde.';

/** /recuperar/{token}: the new password twice; then off to /login with a toast. */
export function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const toast = useToast();
  const mutation = useResetPassword();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(nuevaPasswordSchema),
    mode: 'onTouched',
    defaultValues: EMPTY,
  });

  const onSubmit = handleSubmit((values) =>
    mutation.mutate(
      { token, ...values },
      {
        onSuccess: () => {
          // Every session opened before the change has ended; this tab's too.
          if (readSession()) clearSession();
          toast.show({ type: 'success', message: MESSAGES_RECUPERAR.actualizada });
          navigate('/login', { replace: true });
        },
        onError: (error) => {
          if (!(error instanceof ApiError) || !error.errors) return;
          for (const [name, message] of Object.entries(error.errors)) {
            if (name in EMPTY) setError(name as keyof NuevaPasswordInput, { message });
          }
        },
      },
    ),
  );

  return (
    <>
      {mutation.isError && <ResetError error={mutation.error} />}
      <form className="account-form" noValidate onSubmit={onSubmit}>
        <FormField label="Nueva contraseña" hint={PASSWORD_HINT} error={errors.pass?.message}>
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
        <p>{MESSAGES_RECUPERAR.enlaceInvalido}</p>
        <p>
          <Link to="/recuperar">Pide un enlace nuevo</Link>
        </p>
      </Alert>
    );
  }
  const message =
    error instanceof ApiError && error.status === 429 ? error.message : RESET_FAILED_MESSAGE;
  return <Alert tone="danger">{message}</Alert>;
}
