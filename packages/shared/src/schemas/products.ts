import { z } from 'zod';
import { NAME_MAX } from '../constants';
import { ORDENES_PRODUCTOS } from '../enums';
import { MAX_MESSAGE, optionalText, requiredText } from './fields';

export const PRODUCT_DESCRIPTION_MAX = 2000;
export const PRODUCT_IMAGE_MAX = 500;
export const PRECIO_MAX = 99_999_999.99;
export const STOCK_MAX = 1_000_000;

export const MESSAGES_PRODUCTO = {
  nombre: 'El nombre es requerido.',
  precio: 'El precio es requerido.',
  precioMin: 'El precio no puede ser negativo.',
  precioMax: 'El precio es demasiado alto.',
  precioDecimales: 'El precio admite como máximo 2 decimales.',
  stock: 'El stock es requerido.',
  stockEntero: 'El stock debe ser un número entero mayor o igual a 0.',
  stockMax: 'El stock es demasiado alto.',
  categoria: 'La categoría es requerida.',
  imagen: 'La imagen debe ser una URL http(s) o una ruta que empiece con /.',
} as const;

export const categoriaSchema = z.object({ id: z.number().int(), nombre: z.string() });
export type Categoria = z.infer<typeof categoriaSchema>;

const hasAtMostTwoDecimals = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

const isImageUrl = (v: string) => {
  if (v.startsWith('/') && !v.startsWith('//')) return true;
  try {
    const url = new URL(v);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
};

const m = MESSAGES_PRODUCTO;

/** What the admin product form sends on create and update. */
export const productoInputSchema = z.object({
  nombre: requiredText(m.nombre, { max: NAME_MAX }),
  descripcion: optionalText(PRODUCT_DESCRIPTION_MAX),
  precio: z
    .number({ error: m.precio })
    .min(0, { error: m.precioMin })
    .max(PRECIO_MAX, { error: m.precioMax })
    .refine(hasAtMostTwoDecimals, { error: m.precioDecimales }),
  stock: z
    .number({ error: m.stock })
    .int({ error: m.stockEntero })
    .min(0, { error: m.stockEntero })
    .max(STOCK_MAX, { error: m.stockMax }),
  categoria: z.object(
    {
      id: z
        .number({ error: m.categoria })
        .int({ error: m.categoria })
        .positive({ error: m.categoria })
        // Beyond PostgreSQL's integer range no category can exist.
        .max(2_147_483_647, { error: m.categoria }),
    },
    { error: m.categoria },
  ),
  imagen: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z
      .string({ error: m.imagen })
      .trim()
      .max(PRODUCT_IMAGE_MAX, { error: MAX_MESSAGE(PRODUCT_IMAGE_MAX) })
      .refine(isImageUrl, { error: m.imagen })
      .nullish(),
  ),
});
export type ProductoInput = z.input<typeof productoInputSchema>;

export const productoSchema = z.object({
  id: z.number().int(),
  nombre: z.string(),
  descripcion: z.string().nullable(),
  precio: z.number(),
  imagen: z.string().nullable(),
  stock: z.number().int(),
  activo: z.boolean(),
  categoria: categoriaSchema,
  createdAt: z.string(),
});
export type Producto = z.infer<typeof productoSchema>;

export const PRODUCTOS_LIMITE_MAX = 100;

/** Lenient on purpose: a bad filter value is ignored, as the product list does with its inputs. */
const ignoreInvalid = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);
/** A number from the query string; an empty value means "not given", not zero. */
const numberParam = (schema: z.ZodNumber) =>
  ignoreInvalid(
    z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
      z.coerce.number().pipe(schema),
    ),
  );

/**
 * Which products an ADMIN token lists: all of them by default (DECISIONS.md), or only the active
 * ones (the storefront as a shopper sees it) or the inactive ones. Without an ADMIN token the list
 * is always the active products, whatever this says.
 */
export const ESTADOS_PRODUCTO = ['todos', 'activos', 'inactivos'] as const;
export type EstadoProducto = (typeof ESTADOS_PRODUCTO)[number];

export const productosQuerySchema = z.object({
  q: ignoreInvalid(z.string().trim().max(100)),
  categoria: ignoreInvalid(z.string().trim().max(100)),
  min: numberParam(z.number().min(0).max(1e12)),
  max: numberParam(z.number().min(0).max(1e12)),
  orden: z.enum(ORDENES_PRODUCTOS).catch('recientes').default('recientes'),
  pagina: numberParam(z.number().int().min(1).max(100_000)),
  limite: numberParam(z.number().int().min(1).max(PRODUCTOS_LIMITE_MAX)),
  estado: ignoreInvalid(z.enum(ESTADOS_PRODUCTO)),
});
export type ProductosQuery = z.infer<typeof productosQuerySchema>;
