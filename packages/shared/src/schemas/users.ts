import { z } from 'zod';
import { ROLES } from '../enums';
import {
  ADDRESS_MAX,
  passwordLimits,
  passwordMessage,
  REGISTER_MESSAGES,
  type PasswordPolicy,
} from './auth';
import {
  comunaField,
  comunaInRegion,
  emailField,
  phoneField,
  regionField,
  requiredText,
  runField,
} from './fields';

export const ADMIN_USER_MESSAGES = {
  run: 'RUN inválido',
  correo: 'Correo inválido',
  role: 'Rol inválido',
  pass: 'La contraseña debe tener al menos 4 caracteres',
  passMax: REGISTER_MESSAGES.pass,
} as const;

/** The fields an admin may change on an existing user (no run, correo or pass). */
const editableFields = {
  nombre: requiredText(REGISTER_MESSAGES.nombre),
  apellidos: requiredText(REGISTER_MESSAGES.apellidos),
  role: z.enum(ROLES, { error: ADMIN_USER_MESSAGES.role }),
  telefono: phoneField(REGISTER_MESSAGES.telefono),
  region: regionField(REGISTER_MESSAGES.region),
  comuna: comunaField(REGISTER_MESSAGES.comuna),
  direccion: requiredText(REGISTER_MESSAGES.direccion, { max: ADDRESS_MAX }),
};

export const adminUsuarioUpdateSchema = comunaInRegion(
  z.object(editableFields),
  REGISTER_MESSAGES.comuna,
);

/** The admin form's password messages: the spec's under 'basica', the policy's numbers otherwise. */
function adminPasswordMessages(policy: PasswordPolicy) {
  if (policy === 'basica')
    return { min: ADMIN_USER_MESSAGES.pass, max: ADMIN_USER_MESSAGES.passMax };
  const message = passwordMessage(policy);
  return { min: message, max: message };
}

/** The e-mail must be of an allowed domain, or the new user could never log in. */
export const buildAdminUsuarioCreateSchema = (
  domains: readonly string[],
  policy: PasswordPolicy = 'basica',
) =>
  comunaInRegion(
    z.object({
      ...editableFields,
      run: runField(ADMIN_USER_MESSAGES.run, { min: 8, max: 10 }),
      correo: emailField({ format: ADMIN_USER_MESSAGES.correo }, domains),
      // The policy's length: login accepts it, so the new user can log in.
      pass: z
        .string({ error: adminPasswordMessages(policy).min })
        .min(passwordLimits(policy).min, { error: adminPasswordMessages(policy).min })
        .max(passwordLimits(policy).max, { error: adminPasswordMessages(policy).max }),
    }),
    REGISTER_MESSAGES.comuna,
  );

/** A user as the API returns it: never the password. */
export const usuarioSchema = z.object({
  id: z.number().int(),
  /** Null for an owner created with `npm run admin:create` (no RUN asked). */
  run: z.string().nullable(),
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
