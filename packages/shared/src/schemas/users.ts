import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from '../constants';
import { ROLES } from '../enums';
import { DIRECCION_MAX, MESSAGES_REGISTRO } from './auth';
import {
  comunaField,
  comunaInRegion,
  emailField,
  phoneField,
  regionField,
  requiredText,
  runField,
} from './fields';

export const MESSAGES_ADMIN_USUARIO = {
  run: 'RUN inválido',
  correo: 'Correo inválido',
  role: 'Rol inválido',
  pass: 'La contraseña debe tener al menos 4 caracteres',
  passMax: MESSAGES_REGISTRO.pass,
} as const;

/** The fields an admin may change on an existing user (no run, correo or pass). */
const editableFields = {
  nombre: requiredText(MESSAGES_REGISTRO.nombre),
  apellidos: requiredText(MESSAGES_REGISTRO.apellidos),
  role: z.enum(ROLES, { error: MESSAGES_ADMIN_USUARIO.role }),
  telefono: phoneField(MESSAGES_REGISTRO.telefono),
  region: regionField(MESSAGES_REGISTRO.region),
  comuna: comunaField(MESSAGES_REGISTRO.comuna),
  direccion: requiredText(MESSAGES_REGISTRO.direccion, { max: DIRECCION_MAX }),
};

export const adminUsuarioUpdateSchema = comunaInRegion(
  z.object(editableFields),
  MESSAGES_REGISTRO.comuna,
);

/** The e-mail must be of an allowed domain, or the new user could never log in. */
export const buildAdminUsuarioCreateSchema = (domains: readonly string[]) =>
  comunaInRegion(
    z.object({
      ...editableFields,
      run: runField(MESSAGES_ADMIN_USUARIO.run, { min: 8, max: 10 }),
      correo: emailField({ format: MESSAGES_ADMIN_USUARIO.correo }, domains),
      // Login accepts 4 to 10 characters, so a longer password would lock the user out.
      pass: z
        .string({ error: MESSAGES_ADMIN_USUARIO.pass })
        .min(PASSWORD_MIN, { error: MESSAGES_ADMIN_USUARIO.pass })
        .max(PASSWORD_MAX, { error: MESSAGES_ADMIN_USUARIO.passMax }),
    }),
    MESSAGES_REGISTRO.comuna,
  );

/** A user as the API returns it: never the password. */
export const usuarioSchema = z.object({
  id: z.number().int(),
  run: z.string(),
  nombre: z.string(),
  apellidos: z.string(),
  correo: z.string(),
  role: z.enum(ROLES),
  telefono: z.string().nullable(),
  region: z.string(),
  comuna: z.string(),
  direccion: z.string(),
});
export type Usuario = z.infer<typeof usuarioSchema>;

export const loginResponseSchema = z.object({ token: z.string(), usuario: usuarioSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;
