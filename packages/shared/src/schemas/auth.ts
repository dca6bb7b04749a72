import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from '../constants';
import {
  comunaField,
  comunaInRegion,
  emailField,
  phoneField,
  regionField,
  requiredText,
  runField,
} from './fields';

export const MESSAGES_REGISTRO = {
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

export const DIRECCION_MAX = 200;

export function passwordField(message: string = MESSAGES_REGISTRO.pass) {
  return z
    .string({ error: message })
    .min(PASSWORD_MIN, { error: message })
    .max(PASSWORD_MAX, { error: message });
}

export function buildRegistroSchema(domains: readonly string[]) {
  const m = MESSAGES_REGISTRO;
  const fields = z.object({
    run: runField(m.run),
    nombre: requiredText(m.nombre, { min: 2 }),
    apellidos: requiredText(m.apellidos, { min: 2 }),
    correo: emailField({ format: m.correo }, domains),
    telefono: phoneField(m.telefono),
    pass: passwordField(),
    pass2: z.string({ error: m.pass2 }),
    region: regionField(m.region),
    comuna: comunaField(m.comuna),
    direccion: requiredText(m.direccion, { min: 3, max: DIRECCION_MAX }),
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

export function buildLoginSchema(domains: readonly string[]) {
  return z.object({
    correo: emailField({ format: MESSAGES_REGISTRO.correo }, domains),
    pass: passwordField(),
  });
}
