import { z } from 'zod';
import { COUPON_KINDS, normalizeCouponCode } from '../coupons';

// The admin's coupons (GET, POST, PUT /cupones). Whether a code applies to an order is the
// server's call, at the quote and inside the order's transaction (decision 021).

export const CUPON_MESSAGES = {
  codigo: 'El código debe tener de 3 a 20 letras, números, guiones o guiones bajos.',
  tipo: 'Elige el tipo de cupón.',
  porcentaje: 'El porcentaje debe estar entre 1 y 100.',
  monto: 'El monto debe ser mayor que 0.',
  label: 'La etiqueta es requerida (hasta 100 caracteres).',
  fecha: 'Fecha inválida.',
  fechas: 'La fecha de término debe ser posterior a la de inicio.',
  minimo: 'El mínimo de compra debe ser 0 o más.',
  limite: 'El límite debe ser un número entero mayor que 0, o vacío para no limitar.',
  duplicado: 'Ya existe un cupón con ese código.',
  noEncontrado: 'Cupón no encontrado.',
  conUsos: 'Este cupón ya se usó en pedidos: desactívalo en vez de eliminarlo.',
} as const;
const m = CUPON_MESSAGES;

const limitField = z
  .number({ error: m.limite })
  .int({ error: m.limite })
  .min(1, { error: m.limite })
  .max(1_000_000, { error: m.limite })
  .nullable();

const dateField = z.iso.datetime({ offset: true, error: m.fecha }).nullable();

export const cuponInputSchema = z
  .object({
    codigo: z
      .string({ error: m.codigo })
      .transform((v) => normalizeCouponCode(v))
      .pipe(z.string().regex(/^[A-Z0-9_-]{3,20}$/, { error: m.codigo })),
    tipo: z.enum(COUPON_KINDS, { error: m.tipo }),
    /** Percent (1 to 100), pesos, or nothing for free shipping. */
    valor: z.number({ error: m.monto }).min(0, { error: m.monto }).max(100_000_000),
    label: z
      .string({ error: m.label })
      .trim()
      .min(1, { error: m.label })
      .max(100, { error: m.label }),
    validoDesde: dateField,
    validoHasta: dateField,
    minimoSubtotal: z.number({ error: m.minimo }).min(0, { error: m.minimo }).max(100_000_000),
    limiteTotal: limitField,
    limitePorCliente: limitField,
    activo: z.boolean(),
  })
  .superRefine((c, ctx) => {
    if (c.tipo === 'percent' && (c.valor < 1 || c.valor > 100 || !Number.isInteger(c.valor))) {
      ctx.addIssue({ code: 'custom', path: ['valor'], message: m.porcentaje });
    }
    if (c.tipo === 'amount' && c.valor <= 0) {
      ctx.addIssue({ code: 'custom', path: ['valor'], message: m.monto });
    }
    if (c.validoDesde && c.validoHasta && Date.parse(c.validoHasta) <= Date.parse(c.validoDesde)) {
      ctx.addIssue({ code: 'custom', path: ['validoHasta'], message: m.fechas });
    }
  });
export type CuponInput = z.input<typeof cuponInputSchema>;
export type CuponDatos = z.output<typeof cuponInputSchema>;

export const cuponSchema = z.object({
  id: z.number().int(),
  codigo: z.string(),
  tipo: z.enum(COUPON_KINDS),
  valor: z.number(),
  label: z.string(),
  validoDesde: z.string().nullable(),
  validoHasta: z.string().nullable(),
  minimoSubtotal: z.number(),
  limiteTotal: z.number().int().nullable(),
  limitePorCliente: z.number().int().nullable(),
  activo: z.boolean(),
  /** Orders that hold a use now (a cancelled order gives its use back). */
  usos: z.number().int(),
  createdAt: z.string(),
});
export type Cupon = z.infer<typeof cuponSchema>;
