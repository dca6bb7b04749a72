import { z } from 'zod';
import { SUPPORT_DESCRIPTION_MAX, SUPPORT_DESCRIPTION_MIN } from '../constants';
import { EQUIPOS, DEFAULT_PRIORIDAD, PRIORIDADES, SERVICIOS } from '../enums';
import { honeypotField } from './contact';
import {
  comunaField,
  comunaInRegion,
  emailField,
  MAX_MESSAGE,
  optionalText,
  phoneField,
  regionField,
  requiredText,
} from './fields';

export const SUPPORT_MESSAGES = {
  nombreCliente: 'Tu nombre es requerido.',
  emailCliente: 'Correo inválido.',
  telefonoCliente: 'Formato: 9 XXXX XXXX',
  region: 'Selecciona región.',
  comuna: 'Selecciona comuna.',
  equipo: 'Selecciona el equipo.',
  prioridad: 'Selecciona una prioridad válida.',
  serviciosRequeridos: 'Elige al menos un servicio.',
  descripcionProblema: 'Cuéntanos más (≥10 caracteres).',
} as const;

export const SUPPORT_ADDRESS_MAX = 200;

export function buildSoporteSchema(domains: readonly string[]) {
  const m = SUPPORT_MESSAGES;
  const fields = z.object({
    nombreCliente: requiredText(m.nombreCliente, { min: 2 }),
    emailCliente: emailField({ format: m.emailCliente }, domains),
    telefonoCliente: phoneField(m.telefonoCliente),
    region: regionField(m.region),
    comuna: comunaField(m.comuna),
    direccion: optionalText(SUPPORT_ADDRESS_MAX),
    equipo: z.enum(EQUIPOS, { error: m.equipo }),
    prioridad: z
      .preprocess(
        (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
        z.enum(PRIORIDADES, { error: m.prioridad }),
      )
      .default(DEFAULT_PRIORIDAD),
    serviciosRequeridos: z
      .array(z.enum(SERVICIOS, { error: m.serviciosRequeridos }), { error: m.serviciosRequeridos })
      .min(1, { error: m.serviciosRequeridos })
      .max(SERVICIOS.length, { error: m.serviciosRequeridos })
      .transform((list) => [...new Set(list)]),
    descripcionProblema: z
      .string({ error: m.descripcionProblema })
      .trim()
      .min(SUPPORT_DESCRIPTION_MIN, { error: m.descripcionProblema })
      .max(SUPPORT_DESCRIPTION_MAX, { error: MAX_MESSAGE(SUPPORT_DESCRIPTION_MAX) }),
    empresa: honeypotField,
  });
  return comunaInRegion(fields, m.comuna);
}
