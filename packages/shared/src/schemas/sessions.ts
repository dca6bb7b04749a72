import { z } from 'zod';

/**
 * One of the user's open sessions, as GET /cuenta/sesiones lists it (decision 014): the device
 * described from the browser's user agent, when it started and when it was last used (moved at
 * most every few minutes), and whether it is the session asking.
 */
export const sesionSchema = z.object({
  id: z.uuid(),
  dispositivo: z.string(),
  iniciadaEn: z.iso.datetime({ offset: true }),
  usadaEn: z.iso.datetime({ offset: true }),
  actual: z.boolean(),
});
export type Sesion = z.infer<typeof sesionSchema>;

export const sesionesSchema = z.array(sesionSchema);

export const SESSION_MESSAGES = {
  notFound: 'Esa sesión ya no está abierta.',
} as const;
