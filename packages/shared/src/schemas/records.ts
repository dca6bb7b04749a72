import { z } from 'zod';
import { EQUIPOS, PRIORIDADES } from '../enums';

/** A contact message as the admin reads it. */
export const contactoSchema = z.object({
  id: z.number().int(),
  nombre: z.string(),
  email: z.string(),
  mensaje: z.string(),
  fechaEnvio: z.string(),
});
export type Contacto = z.infer<typeof contactoSchema>;

/** A support request as the admin reads it. */
export const solicitudSoporteSchema = z.object({
  id: z.number().int(),
  fechaCreacion: z.string(),
  nombreCliente: z.string(),
  emailCliente: z.string(),
  telefonoCliente: z.string().nullable(),
  region: z.string(),
  comuna: z.string(),
  direccion: z.string().nullable(),
  equipo: z.enum(EQUIPOS),
  prioridad: z.enum(PRIORIDADES),
  serviciosRequeridos: z.array(z.string()),
  descripcionProblema: z.string(),
});
export type SolicitudSoporte = z.infer<typeof solicitudSoporteSchema>;

export const errorResponseSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const messageResponseSchema = z.object({ message: z.string() });
