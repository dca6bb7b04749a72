import { z } from 'zod';
import { SUPPORT_DESCRIPTION_MAX, SUPPORT_DESCRIPTION_MIN } from '../constants';
import { EQUIPOS, DEFAULT_PRIORIDAD, PRIORIDADES, SERVICIOS } from '../enums';
import { TIPOS_TICKET } from '../repairs';
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
  tipo: 'Elige el tipo de solicitud.',
  comprobante: 'Indica el número de pedido o de boleta.',
  fechaCompra: 'Indica la fecha de compra.',
  fechaCompraFutura: 'La fecha de compra no puede ser posterior a hoy.',
} as const;

export const SUPPORT_RECEIPT_MAX = 60;

/** YYYY-MM-DD, a real calendar date. */
export const isoDateField = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: message })
    .refine(
      (v) => {
        const d = new Date(`${v}T00:00:00Z`);
        return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
      },
      { error: message },
    );

/** Today's date in Chile (YYYY-MM-DD): what "today" means for purchase dates and quote validity. */
export function hoyEnChile(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Santiago',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

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
    /** REPARACION (the spec's quote request, the default) or GARANTIA (from the Garantías page). */
    tipo: z.enum(TIPOS_TICKET, { error: m.tipo }).default('REPARACION'),
    /** Warranty only: the order number (NB-…) or the invoice number, and when it was bought. */
    comprobante: optionalText(SUPPORT_RECEIPT_MAX),
    fechaCompra: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
      isoDateField(m.fechaCompra).nullish(),
    ),
  });
  const warranty = fields.superRefine((value, ctx) => {
    if (value.tipo !== 'GARANTIA') return;
    if (!value.comprobante)
      ctx.addIssue({ code: 'custom', path: ['comprobante'], message: m.comprobante });
    if (!value.fechaCompra) {
      ctx.addIssue({ code: 'custom', path: ['fechaCompra'], message: m.fechaCompra });
    } else if (value.fechaCompra > hoyEnChile()) {
      ctx.addIssue({ code: 'custom', path: ['fechaCompra'], message: m.fechaCompraFutura });
    }
  });
  return comunaInRegion(warranty, m.comuna);
}
