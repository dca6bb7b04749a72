import { zodResolver } from '@hookform/resolvers/zod';
import type { LoginInput, Role } from '@nexbyte/shared';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { FormField } from '../../../components/ui/form-field';
import { PasswordInput } from '../../../components/ui/password-input';
import { domainSchemas } from '../../../lib/form-schemas';
import { saveSession } from '../../../lib/session';
import { loginErrorMessage, useLogin } from '../api/login';
import '../auth.css';

const EMPTY: LoginInput = { correo: '', pass: '' };

/**
 * SPEC.md point 6: an ADMIN goes to /admin, anyone else to /productos. A `next` address of this
 * site (never another one, never the admin area for a customer) takes precedence.
 */
export function destinationAfterLogin(role: Role, next: string | null): string {
  const home = role === 'ADMIN' ? '/admin' : '/productos';
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return home;
  const isAdminArea = next === '/admin' || next.startsWith('/admin/');
  if (isAdminArea && role !== 'ADMIN') return home;
  return next;
}

export function LoginForm() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const mutation = useLogin();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(domainSchemas().login),
    mode: 'onTouched',
    defaultValues: EMPTY,
  });

  const onSubmit = handleSubmit((credentials) =>
    mutation.mutate(credentials, {
      onSuccess: ({ token, usuario }) => {
        saveSession(token, usuario);
        navigate(destinationAfterLogin(usuario.role, searchParams.get('next')), { replace: true });
      },
    }),
  );

  return (
    <>
      {mutation.isError && <Alert tone="danger">{loginErrorMessage(mutation.error)}</Alert>}
      <form className="auth-form" noValidate onSubmit={onSubmit}>
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
