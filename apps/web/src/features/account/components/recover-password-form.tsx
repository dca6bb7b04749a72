import { zodResolver } from '@hookform/resolvers/zod';
import {
  buildRecuperarSchema,
  RECOVERY_MESSAGES,
  RECOVERY_LINK_MINUTES,
  type RecuperarInput,
} from '@nexbyte/shared';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { FormField } from '../../../components/ui/form-field';
import { domainSchema } from '../../../lib/form-schemas';
import { requestErrorMessage, useRequestPasswordReset } from '../api/request-password-reset';
import '../account.css';

const EMPTY: RecuperarInput = { correo: '' };

/** /recuperar: asks for a link by e-mail. The answer never tells whether the account exists. */
export function RecoverPasswordForm() {
  const mutation = useRequestPasswordReset();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(domainSchema(buildRecuperarSchema)),
    mode: 'onTouched',
    defaultValues: EMPTY,
  });

  if (mutation.isSuccess) return <LinkSent />;

  return (
    <>
      {mutation.isError && <Alert tone="danger">{requestErrorMessage(mutation.error)}</Alert>}
      <form
        className="account-form"
        noValidate
        onSubmit={handleSubmit((values) => mutation.mutate(values))}
      >
        <FormField label="Correo" error={errors.correo?.message}>
          <input {...register('correo')} type="email" autoComplete="email" />
        </FormField>
        <button type="submit" className="button account-form__submit" disabled={mutation.isPending}>
          {mutation.isPending ? 'Enviando…' : 'Enviar enlace'}
        </button>
      </form>
      <p className="account-links">
        <Link to="/login">Volver a iniciar sesión</Link>
      </p>
    </>
  );
}

function LinkSent() {
  const ref = useRef<HTMLDivElement>(null);
  // The form that had the focus is gone: keep keyboard and screen reader users on the news.
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} tabIndex={-1} className="account-notice">
      <Alert tone="success">
        <p>{RECOVERY_MESSAGES.requested}</p>
        <p>
          El enlace vale por {RECOVERY_LINK_MINUTES} minutos. Si no lo ves, revisa la carpeta de
          spam.
        </p>
      </Alert>
      <p className="account-links">
        <Link to="/login">Volver a iniciar sesión</Link>
      </p>
    </div>
  );
}
