import { zodResolver } from '@hookform/resolvers/zod';
import {
  buildRegistroSchema,
  REGISTER_REDIRECT_MS,
  REGISTER_TOAST_MS,
  type RegistroInput,
} from '@nexbyte/shared';
import { useEffect, useMemo, useRef, useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { FormField } from '../../../components/ui/form-field';
import { PhoneInput } from '../../../components/ui/phone-input';
import { PasswordInput } from '../../../components/ui/password-input';
import { RegionComunaFields } from '../../../components/ui/region-comuna-fields';
import { useToast } from '../../../components/ui/toast';
import { allowedEmailDomains } from '../../../lib/form-schemas';
import { passwordHint, usePasswordPolicy } from '../../../lib/password-policy';
import { useServerForm } from '../../../lib/use-server-form';
import { registerErrorMessage, registerFieldErrors, useRegister } from '../api/register';
import '../auth.css';

const EMPTY: RegistroInput = {
  run: '',
  nombre: '',
  apellidos: '',
  correo: '',
  telefono: '',
  pass: '',
  pass2: '',
  region: '',
  comuna: '',
  direccion: '',
};

/** docs/product.md#registro: the account form, then 'Cuenta creada' and off to /login. */
export function RegisterForm() {
  const [created, setCreated] = useState(false);
  const toast = useToast();
  const mutation = useRegister();
  const policy = usePasswordPolicy();
  const schema = useMemo(() => buildRegistroSchema(allowedEmailDomains(), policy), [policy]);
  const form = useServerForm({
    resolver: zodResolver(schema),
    defaultValues: EMPTY,
  });
  const {
    register,
    formState: { errors },
  } = form;

  const onSubmit = form.submit((values) =>
    mutation.mutate(values, {
      onSuccess: () => {
        toast.show({
          type: 'success',
          title: 'Cuenta creada',
          message: 'Ya puedes iniciar sesión con tu correo y contraseña.',
          duration: REGISTER_TOAST_MS,
        });
        setCreated(true);
      },
      onError: (error) => form.showServerErrors(error, registerFieldErrors(error)),
    }),
  );

  if (created) return <RegisterSuccess />;

  const phone = register('telefono');

  return (
    <FormProvider {...form}>
      {mutation.isError && <Alert tone="danger">{registerErrorMessage(mutation.error)}</Alert>}
      {/* Sent before the page hydrates, the browser posts it: no password in an address. */}
      <form className="auth-form" method="post" noValidate onSubmit={onSubmit}>
        <div className="form-grid">
          <FormField label="Nombre" error={errors.nombre?.message}>
            <input {...register('nombre')} autoComplete="given-name" />
          </FormField>
          <FormField label="Apellidos" error={errors.apellidos?.message}>
            <input {...register('apellidos')} autoComplete="family-name" />
          </FormField>
          <FormField label="RUN" hint="Ej.: 12.345.678-5" error={errors.run?.message}>
            <input {...register('run')} autoComplete="off" autoCapitalize="characters" />
          </FormField>
          <FormField label="Teléfono" optional hint="9 XXXX XXXX" error={errors.telefono?.message}>
            <PhoneInput {...phone} />
          </FormField>
          <FormField label="Correo" className="form-field--wide" error={errors.correo?.message}>
            <input {...register('correo')} type="email" autoComplete="email" />
          </FormField>
          <FormField label="Contraseña" hint={passwordHint(policy)} error={errors.pass?.message}>
            <PasswordInput {...register('pass')} autoComplete="new-password" />
          </FormField>
          <FormField label="Confirmar contraseña" error={errors.pass2?.message}>
            <PasswordInput {...register('pass2')} autoComplete="new-password" />
          </FormField>
          <RegionComunaFields<RegistroInput> regionName="region" comunaName="comuna" />
          <FormField
            label="Dirección"
            className="form-field--wide"
            error={errors.direccion?.message}
          >
            <input {...register('direccion')} autoComplete="street-address" />
          </FormField>
        </div>
        <div className="actions">
          <button type="submit" className="button" disabled={mutation.isPending}>
            {mutation.isPending ? 'Creando cuenta…' : 'Crear cuenta'}
          </button>
          <p className="auth-switch">
            ¿Ya tienes cuenta? <Link to="/login">Inicia sesión</Link>
          </p>
        </div>
      </form>
    </FormProvider>
  );
}

function RegisterSuccess() {
  const navigate = useNavigate();
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // The form that had the focus is gone: keep keyboard and screen reader users on the news.
    ref.current?.focus();
    const timer = setTimeout(() => navigate('/login'), REGISTER_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate]);

  return (
    <div ref={ref} tabIndex={-1} className="auth-success">
      <Alert tone="success">
        <p className="auth-success__title">Cuenta creada</p>
        <p>
          Te llevamos a iniciar sesión en un momento. <Link to="/login">Iniciar sesión</Link>
        </p>
      </Alert>
    </div>
  );
}
