import { useMemo } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  buildCambioPasswordSchema,
  ACCOUNT_MESSAGES,
  type CambioPasswordInput,
} from '@nexbyte/shared';
import { Alert } from '../../../components/ui/alert';
import { FormField } from '../../../components/ui/form-field';
import { PasswordInput } from '../../../components/ui/password-input';
import { useToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { passwordHint, usePasswordPolicy } from '../../../lib/password-policy';
import { useServerForm } from '../../../lib/use-server-form';
import { useChangePassword } from '../api/change-password';
import { endSessionIfRefused } from '../session-ended';

const EMPTY: CambioPasswordInput = { actual: '', pass: '', pass2: '' };
export const CHANGE_FAILED_MESSAGE =
  'No pudimos cambiar tu contraseña. Inténtalo de nuevo más tarde.';

/** The current password, then the new one twice. Other devices are logged out; this tab stays. */
export function ChangePasswordForm() {
  const toast = useToast();
  const mutation = useChangePassword();
  const policy = usePasswordPolicy();
  const schema = useMemo(() => buildCambioPasswordSchema(policy), [policy]);
  const form = useServerForm({ resolver: zodResolver(schema), defaultValues: EMPTY });
  const {
    register,
    reset,
    formState: { errors },
  } = form;

  const onSubmit = form.submit((values) =>
    mutation.mutate(values, {
      onSuccess: () => {
        reset(EMPTY);
        toast.show({ type: 'success', message: ACCOUNT_MESSAGES.passwordChanged });
      },
      onError: (error) => {
        if (!endSessionIfRefused(error)) form.showServerErrors(error);
      },
    }),
  );

  // Field errors are shown beside their fields; anything else above the form.
  const failure =
    mutation.isError && !(mutation.error instanceof ApiError && mutation.error.errors)
      ? errorMessage(mutation.error, CHANGE_FAILED_MESSAGE)
      : null;

  return (
    <form className="account-form account-form--narrow" noValidate onSubmit={onSubmit}>
      {failure && <Alert tone="danger">{failure}</Alert>}
      <FormField label="Contraseña actual" error={errors.actual?.message}>
        <PasswordInput {...register('actual')} autoComplete="current-password" />
      </FormField>
      <FormField label="Nueva contraseña" hint={passwordHint(policy)} error={errors.pass?.message}>
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
