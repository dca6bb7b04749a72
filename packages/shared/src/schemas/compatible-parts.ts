import { z } from 'zod';
import { TIPOS_COMPONENTE } from '../pc-builder/kinds';
import { productoSchema } from './products';

/** Parts of each kind that 'Compatible con este producto' shows. */
export const COMPATIBLES_PER_KIND = 3;

/**
 * GET /productos/{id}/compatibles: for a PC part with a complete specification, a few parts of
 * the kinds its rules meet (a processor's boards and coolers, a case's boards, cards and
 * coolers…) that fit it and are on sale with stock, cheapest first (docs/product.md#arma-tu-pc).
 */
export const compatiblesSchema = z.object({
  grupos: z.array(
    z.object({
      tipo: z.enum(TIPOS_COMPONENTE),
      etiqueta: z.string(),
      productos: z.array(productoSchema),
    }),
  ),
});
export type Compatibles = z.infer<typeof compatiblesSchema>;
