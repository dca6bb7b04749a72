import { ROLES, type adminUsuarioUpdateSchema, type Role } from '@nexbyte/shared';
import { useFormContext } from 'react-hook-form';
import type { z } from 'zod';
import { FormField } from '../../../../components/ui/form-field';
import { PhoneInput } from '../../../../components/ui/phone-input';
import { RegionComunaFields } from '../../../../components/ui/region-comuna-fields';

/** The fields both user forms have: what PUT /usuarios/{id} may change. */
export type UserFieldsInput = z.input<typeof adminUsuarioUpdateSchema>;

const ROLE_LABELS: Record<Role, string> = {
  ADMIN: 'ADMIN (administrador)',
  VENDOR: 'VENDOR (vendedor)',
  CLIENT: 'CLIENT (cliente)',
};

export function NameFields() {
  const {
    register,
    formState: { errors },
  } = useFormContext<UserFieldsInput>();
  return (
    <>
      <FormField label="Nombre" error={errors.nombre?.message}>
        <input {...register('nombre')} autoComplete="off" />
      </FormField>
      <FormField label="Apellidos" error={errors.apellidos?.message}>
        <input {...register('apellidos')} autoComplete="off" />
      </FormField>
    </>
  );
}

export function ProfileFields() {
  const {
    register,
    formState: { errors },
  } = useFormContext<UserFieldsInput>();
  const telefono = register('telefono');
  return (
    <>
      <FormField label="Rol" error={errors.role?.message}>
        <select {...register('role')}>
          <option value="">Selecciona un rol</option>
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </select>
      </FormField>
      <FormField label="Teléfono" optional hint="9 XXXX XXXX" error={errors.telefono?.message}>
        <PhoneInput {...telefono} autoComplete="off" />
      </FormField>
      <RegionComunaFields<UserFieldsInput> regionName="region" comunaName="comuna" />
      <FormField label="Dirección" error={errors.direccion?.message}>
        <input {...register('direccion')} autoComplete="off" />
      </FormField>
    </>
  );
}
