import { z } from 'zod';
import { ignoreInvalid, pagingQueryShape } from './schemas/paging';

/** Where an e-mail of the shop stands: waiting (or retrying), sent, or failed for good. */
export const ESTADOS_CORREO = ['pendiente', 'enviado', 'fallido'] as const;
export type EstadoCorreo = (typeof ESTADOS_CORREO)[number];

export const ESTADO_CORREO_LABELS: Record<EstadoCorreo, string> = {
  pendiente: 'En espera',
  enviado: 'Enviado',
  fallido: 'Fallido',
};

/**
 * One e-mail as the owner sees it in /admin/correos: who it is for, what it says on the subject
 * line, how many attempts it took and the last error. Never its body (it may hold a link that
 * opens an order or an account).
 */
export const correoEnvioSchema = z.object({
  id: z.number().int(),
  /** What the e-mail is about, e.g. "pedido NB-000123 (creado)". */
  tipo: z.string(),
  /** Null until the e-mail has been composed (its first attempt). */
  para: z.string().nullable(),
  asunto: z.string().nullable(),
  estado: z.enum(ESTADOS_CORREO),
  intentos: z.number().int(),
  ultimoError: z.string().nullable(),
  creadoAt: z.string(),
  enviadoAt: z.string().nullable(),
  /** When the next attempt is due (waiting ones), else null. */
  proximoIntentoAt: z.string().nullable(),
});
export type CorreoEnvio = z.infer<typeof correoEnvioSchema>;

/** GET /api/correos: newest first, a page at a time, optionally one state only. */
export const listaCorreosQuerySchema = z.object({
  ...pagingQueryShape(),
  estado: ignoreInvalid(z.enum(ESTADOS_CORREO)),
});
export type ListaCorreosQuery = z.infer<typeof listaCorreosQuerySchema>;

export const CORREO_MESSAGES = {
  retried: 'El correo volverá a enviarse en unos segundos.',
  notFailed: 'Solo se puede reintentar un correo fallido.',
  notFound: 'No encontramos ese correo.',
} as const;
