import { z } from 'zod';
import { NEWSLETTER_MESSAGES } from '../newsletter';
import {
  ADDRESS_MAX,
  codigoTotpField,
  REGISTER_MESSAGES,
  passwordField,
  STRONG_PASSWORD_MAX,
  type PasswordPolicy,
} from './auth';
import {
  comunaField,
  comunaInRegion,
  emailField,
  phoneField,
  regionField,
  requiredText,
} from './fields';

// Accounts beyond the first screens (docs/product.md#beyond-the-first-screens): password
// recovery, "Mi cuenta" and the newsletter. The field rules are the registration's, with its
// messages.

/** How long a password-recovery link works, in minutes. */
export const RECOVERY_LINK_MINUTES = 30;

export const RECOVERY_MESSAGES = {
  /** The same answer whether or not an account has that e-mail. */
  requested: 'Si el correo está registrado, te enviamos un enlace para crear una nueva contraseña.',
  invalidLink: 'El enlace no es válido o expiró.',
  passwordSet: 'Contraseña actualizada. Ya puedes iniciar sesión.',
} as const;

export const ACCOUNT_MESSAGES = {
  actual: 'Ingresa tu contraseña actual.',
  wrongCurrentPassword: 'La contraseña actual no es correcta.',
  detailsSaved: 'Tus datos quedaron guardados.',
  passwordChanged: 'Tu contraseña quedó actualizada.',
} as const;

/** pass and pass2 must match; the mismatch shows together with any other field error. */
function withMatchingPasswords<T extends z.ZodObject<{ pass: z.ZodType; pass2: z.ZodType }>>(
  schema: T,
) {
  return schema.refine((v) => (v as { pass: unknown }).pass === (v as { pass2: unknown }).pass2, {
    path: ['pass2'],
    error: REGISTER_MESSAGES.pass2,
    when: (payload) => {
      const v = payload.value as Record<string, unknown> | null;
      return typeof v?.pass === 'string' && typeof v?.pass2 === 'string';
    },
  });
}

const newPasswordFields = (policy: PasswordPolicy) => ({
  pass: passwordField(policy),
  pass2: z.string({ error: REGISTER_MESSAGES.pass2 }),
});

/** POST /auth/recuperar: the e-mail of the account, with the login's rules. */
export function buildRecuperarSchema(domains: readonly string[]) {
  return z.object({ correo: emailField({ format: REGISTER_MESSAGES.correo }, domains) });
}

/** The reset form: the new password and its confirmation. */
export const buildNuevaPasswordSchema = (policy: PasswordPolicy = 'basica') =>
  withMatchingPasswords(z.object(newPasswordFields(policy)));
export const nuevaPasswordSchema = buildNuevaPasswordSchema();
export type NuevaPasswordInput = z.input<typeof nuevaPasswordSchema>;

/** The longest token of an e-mailed link worth a look (ours are 43 characters). */
export const LINK_TOKEN_MAX = 200;

/**
 * POST /auth/restablecer: the link's token, which the page reads from the address's fragment and
 * sends in the body (a token in a URL path lands in logs), and the new password.
 */
export const buildRestablecerPasswordSchema = (policy: PasswordPolicy = 'basica') =>
  withMatchingPasswords(
    z.object({
      token: z
        .string({ error: RECOVERY_MESSAGES.invalidLink })
        .max(LINK_TOKEN_MAX, { error: RECOVERY_MESSAGES.invalidLink }),
      ...newPasswordFields(policy),
    }),
  );
export const restablecerPasswordSchema = buildRestablecerPasswordSchema();
export type RestablecerPasswordInput = z.input<typeof restablecerPasswordSchema>;

/** PUT /cuenta: what customers may change about themselves (not RUN, e-mail or role). */
export const cuentaSchema = comunaInRegion(
  z.object({
    nombre: requiredText(REGISTER_MESSAGES.nombre, { min: 2 }),
    apellidos: requiredText(REGISTER_MESSAGES.apellidos, { min: 2 }),
    telefono: phoneField(REGISTER_MESSAGES.telefono),
    region: regionField(REGISTER_MESSAGES.region),
    comuna: comunaField(REGISTER_MESSAGES.comuna),
    direccion: requiredText(REGISTER_MESSAGES.direccion, { min: 3, max: ADDRESS_MAX }),
  }),
  REGISTER_MESSAGES.comuna,
);
export type CuentaInput = z.input<typeof cuentaSchema>;
export type Cuenta = z.output<typeof cuentaSchema>;

/** The account's password typed again, to confirm a change that needs more than a session. */
const currentPasswordField = z
  .string({ error: ACCOUNT_MESSAGES.actual })
  .min(1, { error: ACCOUNT_MESSAGES.actual });

/** PUT /cuenta/password: the current password, then the new one twice. */
export const buildCambioPasswordSchema = (policy: PasswordPolicy = 'basica') =>
  withMatchingPasswords(
    z.object({
      actual: currentPasswordField,
      ...newPasswordFields(policy),
    }),
  );
export const cambioPasswordSchema = buildCambioPasswordSchema();
export type CambioPasswordInput = z.input<typeof cambioPasswordSchema>;

/**
 * POST /cuenta/totp/confirmar and /cuenta/totp/desactivar: turning the two-step verification on or
 * off takes the current password as well as a code, so a session alone (a device left open, a
 * stolen token) cannot do it. No password of any policy is longer than STRONG_PASSWORD_MAX.
 */
export const totpCambioSchema = z.object({
  actual: currentPasswordField.max(STRONG_PASSWORD_MAX, {
    error: ACCOUNT_MESSAGES.wrongCurrentPassword,
  }),
  codigo: codigoTotpField,
});
export type TotpCambioInput = z.input<typeof totpCambioSchema>;

/** POST /newsletter: any valid address; the allowed-domain rule is for accounts and forms. */
export const newsletterSchema = z.object({
  email: emailField({ format: NEWSLETTER_MESSAGES.correo }),
});
export type NewsletterInput = z.input<typeof newsletterSchema>;

/** POST /newsletter/baja: the token of the e-mail's link, read from the address's fragment. */
export const bajaNewsletterSchema = z.object({
  token: z
    .string({ error: NEWSLETTER_MESSAGES.invalidUnsubscribeLink })
    .max(LINK_TOKEN_MAX, { error: NEWSLETTER_MESSAGES.invalidUnsubscribeLink }),
});
export type BajaNewsletterInput = z.input<typeof bajaNewsletterSchema>;

export const newsletterResumenSchema = z.object({ suscriptores: z.number().int().min(0) });
export type NewsletterResumen = z.infer<typeof newsletterResumenSchema>;
