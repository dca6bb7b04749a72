import { zodResolver } from '@hookform/resolvers/zod';
import {
  PASSWORD_MAX,
  PASSWORD_MIN,
  REGISTER_REDIRECT_MS,
  REGISTER_TOAST_MS,
  type RegistroInput,
} from '@nexbyte/shared';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { FormField } from '../../../components/ui/form-field';
import { PhoneInput } from '../../../components/ui/phone-input';
import { PasswordInput } from '../../../components/ui/password-input';
import { RegionComunaFields } from '../../../components/ui/region-comuna-fields';
import { useToast } from '../../../components/ui/toast';
import { domainSchemas } from '../../../lib/form-schemas';
import { registerErrorMessage, registerFieldErrors, useRegister } from '../api/register';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid';
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

const PASSWORD_HINT = `Entre ${PASSWORD_MIN} y ${PASSWORD_MAX} caracteres.`;

/** SPEC.md point 2, Registro: the account form, then 'Cuenta creada' and off to /login. */
export function RegisterForm() {
  const [created, setCreated] = useState(false);
  const toast = useToast();
  const mutation = useRegister();
  const form = useForm({
    resolver: zodResolver(domainSchemas().registro),
    mode: 'onTouched',
    shouldFocusError: false,
    defaultValues: EMPTY,
  });
  const {
    register,
    setError,
    formState: { errors },
  } = form;

  // The form element comes from the event: the focus goes to its first invalid control.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const formElement = event.currentTarget;
    return form.handleSubmit(
      (values) =>
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
          onError: (error) => {
            const fields = registerFieldErrors(error);
            for (const [name, message] of Object.entries(fields)) {
              if (name in EMPTY) setError(name as keyof RegistroInput, { message });
            }
            focusFirstInvalid(formElement, Object.keys(fields));
          },
        }),
      (invalid) => focusFirstInvalid(formElement, Object.keys(invalid)),
    )(event);
  };

  if (created) return <RegisterSuccess />;

  const phone = register('telefono');

  return (
    <FormProvider {...form}>
      {mutation.isError && <Alert tone="danger">{registerErrorMessage(mutation.error)}</Alert>}
      <form className="auth-form" noValidate onSubmit={onSubmit}>
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
          <FormField label="Contraseña" hint={PASSWORD_HINT} error={errors.pass?.message}>
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
