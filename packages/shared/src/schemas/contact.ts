import { z } from 'zod';
import { CONTACT_MESSAGE_MAX, NAME_MAX } from '../constants';
import { emailField, requiredText } from './fields';

export const CONTACT_MESSAGES = {
  nombre: 'El nombre es requerido.',
  email: 'Formato de correo inválido.',
  mensaje: 'El mensaje es requerido.',
} as const;

/** The hidden company field: bots fill it, people never see it. */
export const honeypotField = z.unknown().optional();

/** People leave it empty; anything else in it (text, a number, an object) comes from a bot. */
export function isHoneypotFilled(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  return typeof value === 'string' ? value.trim() !== '' : true;
}

export function buildContactoSchema(domains: readonly string[]) {
  return z.object({
    nombre: requiredText(CONTACT_MESSAGES.nombre, { max: NAME_MAX }),
    email: emailField({ format: CONTACT_MESSAGES.email }, domains),
    mensaje: requiredText(CONTACT_MESSAGES.mensaje, { max: CONTACT_MESSAGE_MAX }),
    empresa: honeypotField,
  });
}
