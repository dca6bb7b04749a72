import { zodResolver } from '@hookform/resolvers/zod';
import {
  buildLoginSchema,
  isStaffRole,
  type LoginInput,
  type LoginResponse,
  type LoginStepResponse,
  type Role,
} from '@nexbyte/shared';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { FormField } from '../../../components/ui/form-field';
import { PasswordInput } from '../../../components/ui/password-input';
import { allowedEmailDomains } from '../../../lib/form-schemas';
import { usePasswordPolicy } from '../../../lib/password-policy';
import { saveSession } from '../../../lib/session';
import { loginErrorMessage, useLogin } from '../api/login';
import { LoginSecondStep } from './login-second-step';
import '../auth.css';

const EMPTY: LoginInput = { correo: '', pass: '' };

/**
 * docs/product.md#roles: an ADMIN (or a VENDOR, decision 018) goes to /admin, anyone else to /productos. A `next` address of this
 * site (never another one, never the admin area for a customer) takes precedence.
 */
export function destinationAfterLogin(role: Role, next: string | null): string {
  const home = isStaffRole(role) ? '/admin' : '/productos';
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return home;
  const isAdminArea = next === '/admin' || next.startsWith('/admin/');
  if (isAdminArea && !isStaffRole(role)) return home;
  return next;
}

export function LoginForm() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const mutation = useLogin();
  const policy = usePasswordPolicy();
  const schema = useMemo(() => buildLoginSchema(allowedEmailDomains(), policy), [policy]);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: EMPTY,
  });

  const [secondStep, setSecondStep] = useState<LoginStepResponse | null>(null);

  const startSession = ({ token, usuario }: LoginResponse) => {
    saveSession(token, usuario);
    navigate(destinationAfterLogin(usuario.role, searchParams.get('next')), { replace: true });
  };

  const onSubmit = handleSubmit((credentials) =>
    mutation.mutate(credentials, {
      onSuccess: (answer) => ('token' in answer ? startSession(answer) : setSecondStep(answer)),
    }),
  );

  if (secondStep) return <LoginSecondStep step={secondStep} onSession={startSession} />;

  return (
    <>
      {mutation.isError && <Alert tone="danger">{loginErrorMessage(mutation.error)}</Alert>}
      {/* Sent before the page hydrates, the browser posts it: no password in an address. */}
      <form className="auth-form" method="post" noValidate onSubmit={onSubmit}>
        <FormField label="Correo" error={errors.correo?.message}>
          <input {...register('correo')} type="email" autoComplete="username" />
        </FormField>
        <FormField label="Contraseña" error={errors.pass?.message}>
          <PasswordInput {...register('pass')} autoComplete="current-password" />
        </FormField>
        <button type="submit" className="button auth-form__submit" disabled={mutation.isPending}>
          {mutation.isPending ? 'Ingresando…' : 'Iniciar sesión'}
        </button>
      </form>
      <ul className="auth-links">
        <li>
          ¿No tienes cuenta? <Link to="/registro">Regístrate</Link>
        </li>
        <li>
          <Link to="/recuperar">¿Olvidaste tu contraseña?</Link>
        </li>
      </ul>
    </>
  );
}
