import type { FastifyBaseLogger } from 'fastify';

/**
 * The security events, each one structured log line with its name in `seguridad` (Spanish, as
 * the shop's event names). The account is the user id, and the e-mail where no id is known yet
 * (the logger masks it to `a***@dominio`); never a password, a code or a token.
 */
export type SecurityEvent =
  | 'login.exitoso'
  | 'login.fallido'
  | 'login.bloqueado'
  | 'sesion.cerrada'
  | 'sesiones.cerradas'
  | 'acceso.denegado'
  | 'password.cambiada'
  | 'password.cambio_fallido'
  | 'password.restablecida'
  | 'totp.activado'
  | 'totp.desactivado'
  | 'totp.password_incorrecta'
  | 'totp.codigo_recuperacion_usado';

export interface SecurityEventFields {
  userId?: number | null;
  correo?: string;
  /** The route template (`/api/usuarios/:id`), for refused requests. */
  ruta?: string;
  status?: number;
  /** Who did it, when it is not the user concerned (an admin ending someone's sessions). */
  porUserId?: number;
}

/** Failures and lockouts are warnings; the rest is information. */
const WARNINGS: ReadonlySet<SecurityEvent> = new Set([
  'login.bloqueado',
  'password.cambio_fallido',
  'totp.password_incorrecta',
  'acceso.denegado',
]);

export function logSecurityEvent(
  log: FastifyBaseLogger,
  event: SecurityEvent,
  fields: SecurityEventFields = {},
): void {
  const line = { seguridad: event, ...fields };
  if (WARNINGS.has(event)) log.warn(line, `seguridad: ${event}`);
  else log.info(line, `seguridad: ${event}`);
}
