import { z } from 'zod';
import {
  CUOTAS_SIN_INTERES_LIMIT,
  CUOTAS_SIN_INTERES_MIN,
  PASSWORD_MAX,
  PASSWORD_MIN,
} from '../constants';
import { METODOS_PAGO } from '../orders';
import {
  comunaField,
  comunaInRegion,
  emailField,
  phoneField,
  regionField,
  requiredText,
  runField,
} from './fields';

export const REGISTER_MESSAGES = {
  run: 'El RUN ingresado no es válido.',
  nombre: 'El nombre es requerido.',
  apellidos: 'El apellido es requerido.',
  correo: 'Formato de correo inválido.',
  telefono: 'Formato de teléfono debe ser 9 XXXX XXXX',
  pass: 'La contraseña debe tener entre 4 y 10 caracteres.',
  pass2: 'Las contraseñas no coinciden.',
  region: 'Debes seleccionar una región.',
  comuna: 'Debes seleccionar una comuna.',
  direccion: 'La dirección es requerida.',
} as const;

export const ADDRESS_MAX = 200;

/**
 * The password rule where a password is set (decision 015): 'basica' is the spec's 4 to 10
 * characters; 'fuerte' (PASSWORD_POLICY=fuerte, the default in production) asks 8 to 64 and the
 * server also refuses the 10,000 most common passwords.
 */
export const PASSWORD_POLICIES = ['basica', 'fuerte'] as const;
export type PasswordPolicy = (typeof PASSWORD_POLICIES)[number];

export const STRONG_PASSWORD_MIN = 8;
export const STRONG_PASSWORD_MAX = 64;

export const COMMON_PASSWORD_MESSAGE =
  'Esa contraseña es de las más usadas y fácil de adivinar. Elige otra.';

/** The length a new password must have under the policy. */
export function passwordLimits(policy: PasswordPolicy): { min: number; max: number } {
  return policy === 'fuerte'
    ? { min: STRONG_PASSWORD_MIN, max: STRONG_PASSWORD_MAX }
    : { min: PASSWORD_MIN, max: PASSWORD_MAX };
}

/** The spec's message under 'basica'; the same sentence with the policy's numbers otherwise. */
export function passwordMessage(policy: PasswordPolicy): string {
  if (policy === 'basica') return REGISTER_MESSAGES.pass;
  const { min, max } = passwordLimits(policy);
  return `La contraseña debe tener entre ${min} y ${max} caracteres.`;
}

/** A new password under the policy. */
export function passwordField(policy: PasswordPolicy = 'basica') {
  const { min, max } = passwordLimits(policy);
  const message = passwordMessage(policy);
  return z.string({ error: message }).min(min, { error: message }).max(max, { error: message });
}

/**
 * The password typed to log in: under 'fuerte' any length either policy allows, so that an
 * account whose password was set under the spec's rule can still log in and change it.
 */
function loginPasswordField(policy: PasswordPolicy) {
  if (policy === 'basica') return passwordField('basica');
  const message = passwordMessage(policy);
  return z
    .string({ error: message })
    .min(PASSWORD_MIN, { error: message })
    .max(STRONG_PASSWORD_MAX, { error: message });
}

export function buildRegistroSchema(domains: readonly string[], policy: PasswordPolicy = 'basica') {
  const m = REGISTER_MESSAGES;
  const fields = z.object({
    run: runField(m.run),
    nombre: requiredText(m.nombre, { min: 2 }),
    apellidos: requiredText(m.apellidos, { min: 2 }),
    correo: emailField({ format: m.correo }, domains),
    telefono: phoneField(m.telefono),
    pass: passwordField(policy),
    pass2: z.string({ error: m.pass2 }),
    region: regionField(m.region),
    comuna: comunaField(m.comuna),
    direccion: requiredText(m.direccion, { min: 3, max: ADDRESS_MAX }),
  });
  const withPasswords = fields.refine((v) => v.pass === v.pass2, {
    path: ['pass2'],
    error: m.pass2,
    // Show the mismatch together with any other field error.
    when: (payload) => {
      const v = payload.value as Record<string, unknown> | null;
      return typeof v?.pass === 'string' && typeof v?.pass2 === 'string';
    },
  });
  return comunaInRegion(withPasswords, m.comuna);
}

export function buildLoginSchema(domains: readonly string[], policy: PasswordPolicy = 'basica') {
  return z.object({
    correo: emailField({ format: REGISTER_MESSAGES.correo }, domains),
    pass: loginPasswordField(policy),
  });
}

/** GET /config: the server's settings the web needs so its own checks match the server's. */
export const configResponseSchema = z.object({
  politicaPassword: z.enum(PASSWORD_POLICIES),
  pagos: z.object({
    /** The payment methods this shop offers now, in the order the checkout shows them. */
    metodos: z.array(z.enum(METODOS_PAGO)),
    /** DESCUENTO_TRANSFERENCIA_PCT: 0 when there is no transfer price. */
    descuentoTransferenciaPct: z.number().min(0).max(50),
    /** CUOTAS_SIN_INTERES_MAX: up to how many interest-free card installments; 0 when none. */
    cuotasSinInteresMax: z.union([
      z.literal(0),
      z.number().int().min(CUOTAS_SIN_INTERES_MIN).max(CUOTAS_SIN_INTERES_LIMIT),
    ]),
  }),
});
export type ConfigResponse = z.infer<typeof configResponseSchema>;

// TOTP, the authenticator app's second step (decision 015).

export const TOTP_MESSAGES = {
  codigo: 'Ingresa el código de 6 dígitos de tu app o un código de recuperación.',
  wrongCode: 'El código no es correcto.',
  challengeExpired: 'El inicio de sesión expiró. Ingresa tu correo y contraseña otra vez.',
  alreadyActive: 'La verificación en dos pasos ya está activada.',
  notStarted: 'Primero genera el código QR o la clave para tu app.',
  notActive: 'La verificación en dos pasos no está activada.',
  enabled: 'Verificación en dos pasos activada.',
  disabled: 'Verificación en dos pasos desactivada.',
  enrolRequired:
    'Los administradores deben usar verificación en dos pasos: actívala para continuar.',
} as const;

/** A 6-digit code of the app, or a recovery code (letters and digits, dashes and spaces ignored). */
export const codigoTotpField = z
  .string({ error: TOTP_MESSAGES.codigo })
  .trim()
  .min(6, { error: TOTP_MESSAGES.codigo })
  .max(20, { error: TOTP_MESSAGES.codigo });

/** The signed, short-lived token the login answers after a right password. */
const desafioField = z.string({ error: TOTP_MESSAGES.challengeExpired }).max(2000);

export const codigoTotpSchema = z.object({ codigo: codigoTotpField });
export type CodigoTotpInput = z.input<typeof codigoTotpSchema>;
export const desafioTotpSchema = z.object({ desafio: desafioField });
export const loginTotpSchema = z.object({ desafio: desafioField, codigo: codigoTotpField });
export type LoginTotpInput = z.input<typeof loginTotpSchema>;

/**
 * What POST /auth/login answers after a right password when a second step is needed: the code
 * ('totp'), or enrolling first ('enrolar_totp', an ADMIN under ADMIN_MFA=obligatorio).
 */
export const loginStepResponseSchema = z.object({
  siguiente: z.enum(['totp', 'enrolar_totp']),
  desafio: z.string(),
});
export type LoginStepResponse = z.infer<typeof loginStepResponseSchema>;

/** Enrolment: the secret for manual entry and the otpauth:// URI an app reads. */
export const totpEnrolmentSchema = z.object({ secreto: z.string(), uri: z.string() });
export type TotpEnrolment = z.infer<typeof totpEnrolmentSchema>;
export const codigosRecuperacionSchema = z.object({ codigosRecuperacion: z.array(z.string()) });
export const totpEstadoSchema = z.object({ activo: z.boolean() });
export type TotpEstado = z.infer<typeof totpEstadoSchema>;
