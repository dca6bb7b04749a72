import { z } from 'zod';
import { REGION_NAMES } from '../regions';
import { SHIPPING_MESSAGES } from '../shipping';
import { ADDRESS_MAX, REGISTER_MESSAGES } from './auth';
import { comunaField, comunaInRegion, regionField, requiredText } from './fields';

// GET and PUT /envios: the fee and free-shipping threshold of each región, and store pickup.

const MONEY_MAX = 100_000_000;
const s = SHIPPING_MESSAGES;
const r = REGISTER_MESSAGES;

export const tarifaEnvioSchema = z.object({
  region: regionField(r.region),
  precio: z.number({ error: s.precio }).min(0, { error: s.precio }).max(MONEY_MAX),
  /** Null: this región never ships free. */
  envioGratisDesde: z
    .number({ error: s.umbral })
    .min(0, { error: s.umbral })
    .max(MONEY_MAX, { error: s.umbral })
    .nullable(),
});
export type TarifaEnvio = z.infer<typeof tarifaEnvioSchema>;

export const HORARIO_MAX = 200;

export const retiroTiendaSchema = comunaInRegion(
  z.object({
    activo: z.boolean(),
    region: regionField(r.region),
    comuna: comunaField(r.comuna),
    direccion: requiredText(s.direccionRetiro, { min: 3, max: ADDRESS_MAX }),
    horario: requiredText(s.horarioRetiro, { min: 3, max: HORARIO_MAX }),
  }),
  r.comuna,
);
export type RetiroTienda = z.output<typeof retiroTiendaSchema>;
export type RetiroTiendaInput = z.input<typeof retiroTiendaSchema>;

/** What the shop charges for delivery: every región (in the country's order) and pickup. */
export const ajustesEnvioSchema = z.object({
  regiones: z.array(
    z.object({
      region: z.string(),
      precio: z.number(),
      envioGratisDesde: z.number().nullable(),
    }),
  ),
  /** Null until the admin sets a pickup point. */
  retiro: z
    .object({
      activo: z.boolean(),
      region: z.string(),
      comuna: z.string(),
      direccion: z.string(),
      horario: z.string(),
    })
    .nullable(),
});
export type AjustesEnvio = z.output<typeof ajustesEnvioSchema>;

/** PUT /envios: the regiones sent are replaced (one each, at most); the rest keep their rule. */
export const ajustesEnvioInputSchema = z.object({
  regiones: z
    .array(tarifaEnvioSchema)
    .max(REGION_NAMES.length)
    .refine((list) => new Set(list.map((t) => t.region)).size === list.length, {
      error: 'Cada región debe aparecer una sola vez.',
    }),
  retiro: retiroTiendaSchema.nullable(),
});
export type AjustesEnvioInput = z.input<typeof ajustesEnvioInputSchema>;
