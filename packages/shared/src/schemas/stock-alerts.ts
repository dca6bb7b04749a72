import { z } from 'zod';
import { emailField } from './fields';

/** 'Avísame cuando llegue' (docs/product.md#stock-alerts). */
export const STOCK_ALERT_MESSAGES = {
  correo: 'Formato de correo inválido.',
  subscribed: (correo: string) => `Listo. Te avisaremos a ${correo} cuando llegue.`,
  inStock: 'Este producto ya tiene stock: puedes comprarlo ahora.',
  unsubscribed: 'Listo. Ya no te avisaremos cuando lleguen productos.',
  invalidUnsubscribeLink: 'El enlace para dejar de recibir avisos no es válido.',
  unsubscribeHint: 'Cada correo trae un enlace para no recibir más avisos.',
} as const;

/**
 * Asking to hear when a product returns. A logged-in customer is told at their account's
 * address, whatever `correo` says.
 */
export const alertaStockSchema = z.object({
  productoId: z.number().int().positive().max(2_147_483_647),
  correo: emailField({ format: STOCK_ALERT_MESSAGES.correo }),
});
export type AlertaStockInput = z.input<typeof alertaStockSchema>;

/** The signed token of an alert e-mail's link (the page reads it from the address's fragment). */
export const bajaAlertasSchema = z.object({
  token: z
    .string({ error: STOCK_ALERT_MESSAGES.invalidUnsubscribeLink })
    .max(400, { error: STOCK_ALERT_MESSAGES.invalidUnsubscribeLink }),
});
export type BajaAlertasInput = z.input<typeof bajaAlertasSchema>;
