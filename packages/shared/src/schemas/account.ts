import { z } from 'zod';
import { MESSAGES_NEWSLETTER } from '../newsletter';
import { DIRECCION_MAX, MESSAGES_REGISTRO, passwordField } from './auth';
import {
  comunaField,
  comunaInRegion,
  emailField,
  phoneField,
  regionField,
  requiredText,
} from './fields';

// Accounts beyond SPEC.md: password recovery, "Mi cuenta" and the newsletter. The field rules are
// the registration's, with its messages.

/** How long a password-recovery link works, in minutes. */
export const RECOVERY_LINK_MINUTES = 30;

export const MESSAGES_RECUPERAR = {
  /** The same answer whether or not an account has that e-mail. */
  solicitado:
    'Si el correo está registrado, te enviamos un enlace para crear una nueva contraseña.',
  enlaceInvalido: 'El enlace no es válido o expiró.',
  actualizada: 'Contraseña actualizada. Ya puedes iniciar sesión.',
} as const;

export const MESSAGES_CUENTA = {
  actual: 'Ingresa tu contraseña actual.',
  actualIncorrecta: 'La contraseña actual no es correcta.',
  datosActualizados: 'Tus datos quedaron guardados.',
  passwordActualizada: 'Tu contraseña quedó actualizada.',
} as const;

/** pass and pass2 must match; the mismatch shows together with any other field error. */
function withMatchingPasswords<T extends z.ZodObject<{ pass: z.ZodType; pass2: z.ZodType }>>(
  schema: T,
) {
  return schema.refine((v) => (v as { pass: unknown }).pass === (v as { pass2: unknown }).pass2, {
    path: ['pass2'],
    error: MESSAGES_REGISTRO.pass2,
    when: (payload) => {
      const v = payload.value as Record<string, unknown> | null;
      return typeof v?.pass === 'string' && typeof v?.pass2 === 'string';
    },
  });
}

const newPasswordFields = {
  pass: passwordField(),
  pass2: z.string({ error: MESSAGES_REGISTRO.pass2 }),
};

/** POST /auth/recuperar: the e-mail of the account, with the login's rules. */
export function buildRecuperarSchema(domains: readonly string[]) {
  return z.object({ correo: emailField({ format: MESSAGES_REGISTRO.correo }, domains) });
}

/** POST /auth/recuperar/{token}: the new password and its confirmation. */
export const nuevaPasswordSchema = withMatchingPasswords(z.object(newPasswordFields));
export type NuevaPasswordInput = z.input<typeof nuevaPasswordSchema>;

/** PUT /cuenta: what customers may change about themselves (not RUN, e-mail or role). */
export const cuentaSchema = comunaInRegion(
  z.object({
    nombre: requiredText(MESSAGES_REGISTRO.nombre, { min: 2 }),
    apellidos: requiredText(MESSAGES_REGISTRO.apellidos, { min: 2 }),
    telefono: phoneField(MESSAGES_REGISTRO.telefono),
    region: regionField(MESSAGES_REGISTRO.region),
    comuna: comunaField(MESSAGES_REGISTRO.comuna),
    direccion: requiredText(MESSAGES_REGISTRO.direccion, { min: 3, max: DIRECCION_MAX }),
  }),
  MESSAGES_REGISTRO.comuna,
);
export type CuentaInput = z.input<typeof cuentaSchema>;
export type Cuenta = z.output<typeof cuentaSchema>;

/** PUT /cuenta/password: the current password, then the new one twice. */
export const cambioPasswordSchema = withMatchingPasswords(
  z.object({
    actual: z.string({ error: MESSAGES_CUENTA.actual }).min(1, { error: MESSAGES_CUENTA.actual }),
    ...newPasswordFields,
  }),
);
export type CambioPasswordInput = z.input<typeof cambioPasswordSchema>;

/** POST /newsletter: any valid address; the allowed-domain rule is for accounts and forms. */
export const newsletterSchema = z.object({
  email: emailField({ format: MESSAGES_NEWSLETTER.correo }),
});
export type NewsletterInput = z.input<typeof newsletterSchema>;

export const newsletterResumenSchema = z.object({ suscriptores: z.number().int().min(0) });
export type NewsletterResumen = z.infer<typeof newsletterResumenSchema>;
