import { z } from 'zod';

/**
 * GET /admin/puesta-en-marcha: what a new shop still lacks before it can sell, each step true once
 * done. The web app says what each step is and where it is done.
 */
export const puestaEnMarchaSchema = z.object({
  /** At least one category exists. */
  categoria: z.boolean(),
  /** At least one product exists. */
  producto: z.boolean(),
  /** The transfer account is the shop's own (BANK_*), not the demo's. */
  datosBancarios: z.boolean(),
  /** E-mails go out through SMTP_URL instead of staying in the outbox. */
  envioCorreos: z.boolean(),
  /** Webpay charges for real (production environment with the shop's own credentials). */
  mediosPago: z.boolean(),
  /**
   * Boletas and facturas are issued (DTE_API_URL and DTE_API_KEY set, decision 030); when false
   * the checklist says 'Boleta electrónica sin configurar'.
   */
  boletaElectronica: z.boolean(),
  /** E-mails that failed for good: the dashboard warns until they are retried. */
  correosFallidos: z.number().int().min(0),
});
export type PuestaEnMarcha = z.infer<typeof puestaEnMarchaSchema>;
