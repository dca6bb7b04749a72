import { zodResolver } from '@hookform/resolvers/zod';
import {
  adminUsuarioUpdateSchema,
  buildAdminUsuarioCreateSchema,
  type AdminUsuarioCreateInput,
  type Usuario,
} from '@nexbyte/shared';
import { useMemo, useState, type ReactNode } from 'react';
import { FormProvider, type FieldValues } from 'react-hook-form';
import { Link } from 'react-router';
import { Alert } from '../../../../components/ui/alert';
import { FormField } from '../../../../components/ui/form-field';
import { PasswordInput } from '../../../../components/ui/password-input';
import { allowedEmailDomains } from '../../../../lib/form-schemas';
import { passwordHint, usePasswordPolicy } from '../../../../lib/password-policy';
import type { NewUsuarioBody } from '../api/create-user';
import type { UsuarioUpdateBody } from '../api/update-user';
import { useServerForm, type ServerForm } from '../../../../lib/use-server-form';
import { actionErrorMessage } from '../../../../lib/error-message';
import { NameFields, ProfileFields, type UserFieldsInput } from './user-fields';

export const SAVE_USER_ERROR = 'Error al guardar el usuario.';

const EMPTY_PROFILE: UserFieldsInput = {
  nombre: '',
  apellidos: '',
  role: '' as UserFieldsInput['role'],
  telefono: '',
  region: '',
  comuna: '',
  direccion: '',
};

/**
 * Runs the save; a rejection shows 'Error al guardar el usuario.' with the server's message, and
 * the server's message for each field next to it.
 */
function useSaveHandler<T extends FieldValues, Out>(
  form: ServerForm<T, Out>,
  onSave: (body: Out) => Promise<unknown>,
) {
  const [saveError, setSaveError] = useState<string | null>(null);
  const submit = form.submit(async (body) => {
    setSaveError(null);
    try {
      await onSave(body);
    } catch (error) {
      console.warn('No se pudo guardar el usuario:', error);
      setSaveError(actionErrorMessage(SAVE_USER_ERROR, error));
      form.showServerErrors(error);
    }
  });
  return { saveError, submit };
}

function UserFormFrame<T extends FieldValues, Out>({
  form,
  onSave,
  submitLabel,
  children,
}: {
  form: ServerForm<T, Out>;
  onSave: (body: Out) => Promise<unknown>;
  submitLabel: string;
  children: ReactNode;
}) {
  const { saveError, submit } = useSaveHandler(form, onSave);
  const busy = form.formState.isSubmitting;
  return (
    <FormProvider {...form}>
      <form
        className="admin-form"
        noValidate
        aria-busy={busy}
        onSubmit={(event) => {
          if (busy) event.preventDefault();
          else void submit(event);
        }}
      >
        {saveError && <Alert tone="danger">{saveError}</Alert>}
        <div className="form-grid">{children}</div>
        <div className="actions admin-form__actions">
          {/* aria-disabled rather than disabled, so keyboard focus stays on the button. */}
          <button type="submit" className="button" aria-disabled={busy}>
            {busy ? 'Guardando…' : submitLabel}
          </button>
          <Link to="/admin/usuarios">Cancelar</Link>
        </div>
      </form>
    </FormProvider>
  );
}

/** docs/product.md#validation, admin user form on create: every field, a password of at least 4 characters. */
export function NewUserForm({ onSave }: { onSave: (body: NewUsuarioBody) => Promise<unknown> }) {
  const policy = usePasswordPolicy();
  const schema = useMemo(
    () => buildAdminUsuarioCreateSchema(allowedEmailDomains(), policy),
    [policy],
  );
  const form = useServerForm<AdminUsuarioCreateInput, NewUsuarioBody>({
    resolver: zodResolver(schema),
    mode: 'onSubmit',
    defaultValues: { ...EMPTY_PROFILE, run: '', correo: '', pass: '' },
  });
  const { register, formState } = form;
  const { errors } = formState;
  return (
    <UserFormFrame form={form} onSave={onSave} submitLabel="Crear usuario">
      <FormField
        label="RUN"
        error={errors.run?.message}
        hint="Sin puntos y con guion, por ejemplo 12345678-5."
      >
        <input {...register('run')} autoComplete="off" />
      </FormField>
      <FormField label="Correo" error={errors.correo?.message}>
        <input {...register('correo')} type="email" autoComplete="off" />
      </FormField>
      <NameFields />
      <FormField label="Contraseña" error={errors.pass?.message} hint={passwordHint(policy)}>
        <PasswordInput {...register('pass')} autoComplete="new-password" />
      </FormField>
      <ProfileFields />
    </UserFormFrame>
  );
}

/** On edit the RUN and the e-mail are shown read-only, and the password is left as it is. */
export function EditUserForm({
  user,
  onSave,
}: {
  user: Usuario;
  onSave: (body: UsuarioUpdateBody) => Promise<unknown>;
}) {
  const form = useServerForm<UserFieldsInput, UsuarioUpdateBody>({
    resolver: zodResolver(adminUsuarioUpdateSchema),
    mode: 'onSubmit',
    defaultValues: {
      nombre: user.nombre,
      apellidos: user.apellidos,
      role: user.role,
      telefono: user.telefono ?? '',
      region: user.region,
      comuna: user.comuna,
      direccion: user.direccion,
    },
  });
  return (
    <UserFormFrame form={form} onSave={onSave} submitLabel="Guardar cambios">
      {/* An owner made from the command line has no RUN (migration 0015). */}
      {user.run !== null && (
        <FormField label="RUN" hint="No se puede cambiar.">
          <input value={user.run} readOnly />
        </FormField>
      )}
      <FormField label="Correo" hint="No se puede cambiar.">
        <input value={user.correo} type="email" readOnly />
      </FormField>
      <NameFields />
      <ProfileFields />
    </UserFormFrame>
  );
}
