import { zodResolver } from '@hookform/resolvers/zod';
import {
  cambioPasswordSchema,
  MESSAGES_CUENTA,
  PASSWORD_MAX,
  PASSWORD_MIN,
  type CambioPasswordInput,
} from '@nexbyte/shared';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert';
import { FormField } from '../../../components/ui/form-field';
import { PasswordInput } from '../../../components/ui/password-input';
import { useToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { useChangePassword } from '../api/change-password';
import { endSessionIfRefused } from '../session-ended';

const EMPTY: CambioPasswordInput = { actual: '', pass: '', pass2: '' };
const PASSWORD_HINT = `Entre ${PASSWORD_MIN} y ${PASSWORD_MAX} caracteres.`;
export const CHANGE_FAILED_MESSAGE =
  'No pudimos cambiar tu contraseña. Inténtalo de nuevo más tarde.';

/** The current password, then the new one twice. Other devices are logged out; this tab stays. */
export function ChangePasswordForm() {
  const toast = useToast();
  const mutation = useChangePassword();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    reset,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(cambioPasswordSchema),
    mode: 'onTouched',
    defaultValues: EMPTY,
  });

  const onSubmit = handleSubmit((values) =>
    mutation.mutate(values, {
      onSuccess: () => {
        reset(EMPTY);
        toast.show({ type: 'success', message: MESSAGES_CUENTA.passwordActualizada });
      },
      onError: (error) => {
        if (endSessionIfRefused(error)) return;
        if (!(error instanceof ApiError) || !error.errors) return;
        for (const [name, message] of Object.entries(error.errors)) {
          if (name in EMPTY) setError(name as keyof CambioPasswordInput, { message });
        }
        const first = (Object.keys(EMPTY) as (keyof CambioPasswordInput)[]).find(
          (name) => name in error.errors!,
        );
        if (first) setFocus(first);
      },
    }),
  );

  const failure =
    mutation.isError && !(mutation.error instanceof ApiError && mutation.error.errors)
      ? mutation.error instanceof ApiError && mutation.error.status === 429
        ? mutation.error.message
        : CHANGE_FAILED_MESSAGE
      : null;

  return (
    <form className="account-form account-form--narrow" noValidate onSubmit={onSubmit}>
      {failure && <Alert tone="danger">{failure}</Alert>}
      <FormField label="Contraseña actual" error={errors.actual?.message}>
        <PasswordInput {...register('actual')} autoComplete="current-password" />
      </FormField>
      <FormField label="Nueva contraseña" hint={PASSWORD_HINT} error={errors.pass?.message}>
        <PasswordInput {...register('pass')} autoComplete="new-password" />
      </FormField>
      <FormField label="Confirmar nueva contraseña" error={errors.pass2?.message}>
        <PasswordInput {...register('pass2')} autoComplete="new-password" />
      </FormField>
      <p className="muted account-form__note">
        Al cambiarla se cierran tus sesiones en otros dispositivos.
      </p>
      <button type="submit" className="button" disabled={mutation.isPending}>
        {mutation.isPending ? 'Cambiando…' : 'Cambiar contraseña'}
      </button>
    </form>
  );
}
