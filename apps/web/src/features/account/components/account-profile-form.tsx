import { zodResolver } from '@hookform/resolvers/zod';
import { cuentaSchema, ACCOUNT_MESSAGES, type CuentaInput, type Usuario } from '@nexbyte/shared';
import { FormProvider } from 'react-hook-form';
import { FormField } from '../../../components/ui/form-field';
import { PhoneInput } from '../../../components/ui/phone-input';
import { RegionComunaFields } from '../../../components/ui/region-comuna-fields';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/error-message';
import { useServerForm } from '../../../lib/use-server-form';
import { useUpdateAccount } from '../api/update-account';
import { endSessionIfRefused } from '../session-ended';

export const SAVE_FAILED_MESSAGE = 'No pudimos guardar tus datos. Inténtalo de nuevo más tarde.';

const valuesOf = (usuario: Usuario): CuentaInput => ({
  nombre: usuario.nombre,
  apellidos: usuario.apellidos,
  telefono: usuario.telefono ?? '',
  region: usuario.region,
  comuna: usuario.comuna,
  direccion: usuario.direccion,
});

/** "Mis datos": what customers may change about themselves; RUN and e-mail are shown, not edited. */
export function AccountProfileForm({ usuario }: { usuario: Usuario }) {
  const toast = useToast();
  const mutation = useUpdateAccount();
  const form = useServerForm({
    resolver: zodResolver(cuentaSchema),
    defaultValues: valuesOf(usuario),
  });
  const {
    register,
    reset,
    formState: { errors, isDirty },
  } = form;

  const onSubmit = form.submit((values) =>
    mutation.mutate(values, {
      onSuccess: (saved) => {
        reset(valuesOf(saved));
        toast.show({ type: 'success', message: ACCOUNT_MESSAGES.detailsSaved });
      },
      onError: (error) => {
        if (endSessionIfRefused(error) || form.showServerErrors(error)) return;
        toast.show({ type: 'error', message: errorMessage(error, SAVE_FAILED_MESSAGE) });
      },
    }),
  );

  const phone = register('telefono');

  return (
    <FormProvider {...form}>
      <form className="account-form" noValidate onSubmit={onSubmit}>
        <div className="form-grid">
          {/* An owner made from the command line has no RUN (migration 0015). */}
          {usuario.run !== null && (
            <FormField label="RUN" hint="No se puede cambiar.">
              <input value={usuario.run} readOnly />
            </FormField>
          )}
          <FormField label="Correo" hint="No se puede cambiar.">
            <input value={usuario.correo} type="email" readOnly />
          </FormField>
          <FormField label="Nombre" error={errors.nombre?.message}>
            <input {...register('nombre')} autoComplete="given-name" />
          </FormField>
          <FormField label="Apellidos" error={errors.apellidos?.message}>
            <input {...register('apellidos')} autoComplete="family-name" />
          </FormField>
          <RegionComunaFields<CuentaInput> regionName="region" comunaName="comuna" />
          <FormField label="Dirección" error={errors.direccion?.message}>
            <input {...register('direccion')} autoComplete="street-address" />
          </FormField>
          <FormField label="Teléfono" optional hint="9 XXXX XXXX" error={errors.telefono?.message}>
            <PhoneInput {...phone} />
          </FormField>
        </div>
        <div className="actions">
          <button type="submit" className="button" disabled={mutation.isPending}>
            {mutation.isPending ? 'Guardando…' : 'Guardar cambios'}
          </button>
          {isDirty && !mutation.isPending && (
            <button
              type="button"
              className="button button--ghost"
              onClick={() => reset(valuesOf(usuario))}
            >
              Descartar cambios
            </button>
          )}
        </div>
      </form>
    </FormProvider>
  );
}
