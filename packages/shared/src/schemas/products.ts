import { z } from 'zod';
import { NAME_MAX, SUGGESTIONS_MAX } from '../constants';
import { ORDENES_PRODUCTOS } from '../enums';
import { chileLocalToIso } from '../offers';
import { componenteParcialSchema } from '../pc-builder/schemas';
import { medidasSchema } from '../parcels';
import { MAX_MESSAGE, optionalText, requiredText } from './fields';
import { ignoreInvalid, numberParam, pagingQueryShape } from './paging';

export const PRODUCT_DESCRIPTION_MAX = 2000;
export const PRODUCT_IMAGE_MAX = 500;
export const PRICE_MAX = 99_999_999.99;
export const STOCK_MAX = 1_000_000;

export const PRODUCT_MESSAGES = {
  nombre: 'El nombre es requerido.',
  precio: 'El precio es requerido.',
  priceNotNumber: 'El precio debe ser un número.',
  priceNegative: 'El precio no puede ser negativo.',
  priceTooHigh: 'El precio es demasiado alto.',
  priceDecimals: 'El precio admite como máximo 2 decimales.',
  stock: 'El stock es requerido.',
  stockNotNumber: 'El stock debe ser un número.',
  stockNotInteger: 'El stock debe ser un número entero mayor o igual a 0.',
  stockTooHigh: 'El stock es demasiado alto.',
  categoria: 'La categoría es requerida.',
  categoriaNotNumber: 'La categoría debe indicarse con su número (id).',
  imagen: 'La imagen debe ser una URL http(s) o una ruta que empiece con /.',
  marca: `La marca admite hasta 60 caracteres.`,
  sku: 'El SKU admite letras, números, guiones y puntos (hasta 40).',
  skuTaken: 'Ya existe un producto con ese SKU.',
  especificaciones:
    'Cada especificación necesita un nombre y un valor (hasta 40 y 100 caracteres).',
  tooManyEspecificaciones: 'Un producto admite hasta 30 especificaciones.',
  ofertaPrecio: 'El precio de oferta debe ser un número, 0 o más.',
  ofertaBajoPrecio: 'El precio de oferta debe ser menor que el precio normal.',
  ofertaFecha: 'Indica una fecha y hora válidas.',
  ofertaOrden: 'La oferta debe terminar después de empezar.',
} as const;

export const BRAND_MAX = 60;
export const SKU_MAX = 40;
export const SPEC_NAME_MAX = 40;
export const SPEC_VALUE_MAX = 100;
export const SPECS_MAX = 30;

/** One line of a product's specification sheet: { nombre: 'Capacidad', valor: '1 TB' }. */
export const especificacionSchema = z.object(
  {
    nombre: z
      .string({ error: PRODUCT_MESSAGES.especificaciones })
      .trim()
      .min(1, { error: PRODUCT_MESSAGES.especificaciones })
      .max(SPEC_NAME_MAX, { error: PRODUCT_MESSAGES.especificaciones }),
    valor: z
      .string({ error: PRODUCT_MESSAGES.especificaciones })
      .trim()
      .min(1, { error: PRODUCT_MESSAGES.especificaciones })
      .max(SPEC_VALUE_MAX, { error: PRODUCT_MESSAGES.especificaciones }),
  },
  { error: PRODUCT_MESSAGES.especificaciones },
);
export type Especificacion = z.infer<typeof especificacionSchema>;

/** A stored photo's variant: WebP or AVIF at one width, for `<picture>`/`srcset`. */
export const varianteImagenSchema = z.object({
  formato: z.enum(['webp', 'avif']),
  ancho: z.number().int(),
  url: z.string(),
});

/** A product photo as the shop serves it (under /imagenes/…, immutable). */
export const imagenProductoSchema = z.object({
  id: z.number().int(),
  /** The stored original (metadata stripped). */
  url: z.string(),
  alt: z.string(),
  ancho: z.number().int(),
  alto: z.number().int(),
  variantes: z.array(varianteImagenSchema),
});
export type ImagenProducto = z.infer<typeof imagenProductoSchema>;

/** Photos one product may hold. */
export const IMAGES_PER_PRODUCT_MAX = 20;
export const IMAGE_ALT_MAX = 200;

/** PUT /productos/{id}/imagenes: the photos in their new order, each with its alt text. */
export const ordenImagenesSchema = z.object({
  imagenes: z
    .array(
      z.object({
        id: z.number().int().positive(),
        alt: z
          .string()
          .trim()
          .max(IMAGE_ALT_MAX, {
            error: `El texto alternativo admite hasta ${IMAGE_ALT_MAX} caracteres.`,
          }),
      }),
    )
    .max(IMAGES_PER_PRODUCT_MAX),
});
export type OrdenImagenes = z.infer<typeof ordenImagenesSchema>;

export const categoriaSchema = z.object({ id: z.number().int(), nombre: z.string() });
export type Categoria = z.infer<typeof categoriaSchema>;

/**
 * A category as GET /categorias lists it (the active ones; an ADMIN or VENDOR with
 * `?estado=todos` sees all): its picture, whether it is on sale, and how many active products.
 */
export const categoriaDetalleSchema = categoriaSchema.extend({
  imagen: z.string().nullable(),
  activo: z.boolean(),
  productos: z.number().int(),
});
export type CategoriaDetalle = z.infer<typeof categoriaDetalleSchema>;

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

const m = PRODUCT_MESSAGES;

/**
 * A number as JSON or as an HTML form sends it ('15990', ' 7 '): a decimal string becomes the
 * number, an empty one (or an empty number input's NaN) means not given. Anything else goes on unchanged, to be refused.
 */
const numberFromForm = (v: unknown) => {
  // An empty number input read with valueAsNumber gives NaN: not given, like ''.
  if (typeof v === 'number' && Number.isNaN(v)) return undefined;
  if (typeof v !== 'string') return v;
  const text = v.trim();
  if (text === '') return undefined;
  return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : v;
};

/** A number field that tells "missing" from "present but not a number". */
const formNumber = (missing: string, notNumber: string) =>
  z.preprocess(
    numberFromForm,
    z.number({ error: (issue) => (issue.input === undefined ? missing : notNumber) }),
  );

/**
 * An instant in ISO 8601, or a date and time as Chile's clocks show it ('2026-11-30T23:59', what
 * a datetime-local field sends): always answered as the instant.
 */
const offerInstant = z.preprocess(
  (v) => (typeof v === 'string' ? (chileLocalToIso(v.trim()) ?? v.trim()) : v),
  z.iso
    .datetime({ offset: true, error: m.ofertaFecha })
    .transform((v) => new Date(v).toISOString()),
);

/** A sale price and when it runs: from `desde` (included) until `hasta` (excluded). */
export const ofertaInputSchema = z
  .object({
    precio: formNumber(m.ofertaPrecio, m.ofertaPrecio).pipe(
      z
        .number()
        .min(0, { error: m.ofertaPrecio })
        .max(PRICE_MAX, { error: m.priceTooHigh })
        .refine(hasAtMostTwoDecimals, { error: m.priceDecimals }),
    ),
    desde: offerInstant,
    hasta: offerInstant,
  })
  // Only between two readable dates: an unreadable one has its own message.
  .refine((o) => !(Date.parse(o.desde) >= Date.parse(o.hasta)), {
    error: m.ofertaOrden,
    path: ['hasta'],
  });

/** What the product answers of its offer: the stored one for staff, the running one for shoppers. */
export const ofertaSchema = z.object({ precio: z.number(), desde: z.string(), hasta: z.string() });

/** What the admin product form sends on create and update. */
export const productoInputSchema = z.object({
  nombre: requiredText(m.nombre, { max: NAME_MAX }),
  descripcion: optionalText(PRODUCT_DESCRIPTION_MAX),
  precio: formNumber(m.precio, m.priceNotNumber).pipe(
    z
      .number()
      .min(0, { error: m.priceNegative })
      .max(PRICE_MAX, { error: m.priceTooHigh })
      .refine(hasAtMostTwoDecimals, { error: m.priceDecimals }),
  ),
  stock: formNumber(m.stock, m.stockNotNumber).pipe(
    z
      .number()
      .int({ error: m.stockNotInteger })
      .min(0, { error: m.stockNotInteger })
      .max(STOCK_MAX, { error: m.stockTooHigh }),
  ),
  categoria: z.object(
    {
      id: formNumber(m.categoria, m.categoriaNotNumber).pipe(
        z
          .number()
          .int({ error: m.categoria })
          .positive({ error: m.categoria })
          // Beyond PostgreSQL's integer range no category can exist.
          .max(2_147_483_647, { error: m.categoria }),
      ),
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
  marca: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z.string({ error: m.marca }).trim().max(BRAND_MAX, { error: m.marca }).nullish(),
  ),
  /** Empty or missing: the server gives NB-{id}. */
  sku: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z
      .string({ error: m.sku })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9][A-Z0-9._-]{0,39}$/, { error: m.sku })
      .optional(),
  ),
  especificaciones: z
    .array(especificacionSchema, { error: m.especificaciones })
    .max(SPECS_MAX, { error: m.tooManyEspecificaciones })
    .optional(),
  /**
   * A PC part's typed specification, the values known so far (decision 032). Missing: the
   * product keeps the one it has; null: it has none.
   */
  componente: componenteParcialSchema.nullish(),
  /**
   * Weight (kg) and sides (cm) in the product's packaging, for the carrier's rate. Missing: the
   * product keeps what it has; null: unknown (the parcel counts MEDIDAS_DESCONOCIDAS).
   */
  medidas: medidasSchema.nullish(),
  /** A sale price with its start and end (docs/product.md#offers). Missing: kept; null: none. */
  oferta: ofertaInputSchema.nullish(),
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
  marca: z.string().nullable(),
  sku: z.string(),
  especificaciones: z.array(especificacionSchema),
  /** A PC part's typed specification (decision 032), in every answer of a product that has one. */
  componente: componenteParcialSchema.optional(),
  /** Weight and size; only a product's own answers carry it (null: not entered yet). */
  medidas: z
    .object({ pesoKg: z.number(), largoCm: z.number(), anchoCm: z.number(), altoCm: z.number() })
    .nullable()
    .optional(),
  /**
   * `precio` is what the shop charges now; while an offer runs, `precioNormal` is the price it
   * replaces and `oferta` the offer (staff also see one that has not started or has ended).
   */
  precioNormal: z.number().nullable().optional(),
  oferta: ofertaSchema.nullable().optional(),
  /** In order; `imagen` is the first one's URL, or the category's drawing when there is none. */
  imagenes: z.array(imagenProductoSchema),
  createdAt: z.string(),
});
export type Producto = z.infer<typeof productoSchema>;

export const PRODUCTS_LIMIT_MAX = 100;

/**
 * Which products an ADMIN token lists: all of them by default (docs/product.md#calls), or only the active
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
  /** Missing: `relevancia` when there is a `q`, `recientes` otherwise (see effectiveOrden). */
  orden: ignoreInvalid(z.enum(ORDENES_PRODUCTOS)),
  ...pagingQueryShape(PRODUCTS_LIMIT_MAX),
  estado: ignoreInvalid(z.enum(ESTADOS_PRODUCTO)),
  /** One brand, or several separated by commas (any of them). */
  marca: ignoreInvalid(z.string().trim().max(300)),
  /**
   * Specification filters, `nombre:valor`, repeated or comma-separated; values of one name are
   * alternatives (any), different names must all hold.
   */
  espec: ignoreInvalid(z.union([z.string().max(300), z.array(z.string().max(300)).max(20)])),
  /**
   * Filters on a PC part's typed values (docs/product.md#productos), `campo:valor` like `espec`
   * ('socket:AM5', 'tipo:PROCESADOR', 'graficosIntegrados:true').
   */
  componente: ignoreInvalid(z.union([z.string().max(300), z.array(z.string().max(300)).max(20)])),
});
export type ProductosQuery = z.infer<typeof productosQuerySchema>;

/**
 * GET /productos/facetas, with the same filters as the list: how many active products each
 * category, brand and the most useful specification values would leave.
 */
export const facetasSchema = z.object({
  categorias: z.array(
    z.object({ id: z.number().int(), nombre: z.string(), cantidad: z.number().int() }),
  ),
  marcas: z.array(z.object({ valor: z.string(), cantidad: z.number().int() })),
  especificaciones: z.array(
    z.object({
      nombre: z.string(),
      valores: z.array(z.object({ valor: z.string(), cantidad: z.number().int() })),
    }),
  ),
  /**
   * A PC part's typed values among the products (socket, memory type, form factor…), by field
   * name (`campo`, CAMPOS_FACETA); only when some product of the list has them.
   */
  componentes: z
    .array(
      z.object({
        campo: z.string(),
        etiqueta: z.string(),
        valores: z.array(z.object({ valor: z.string(), cantidad: z.number().int() })),
      }),
    )
    .optional(),
});
export type Facetas = z.infer<typeof facetasSchema>;

/** POST/PUT /categorias (ADMIN or VENDOR). */
export const categoriaInputSchema = z.object({
  nombre: requiredText('El nombre de la categoría es requerido.', { max: 100 }),
  imagen: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z
      .string({ error: PRODUCT_MESSAGES.imagen })
      .trim()
      .max(PRODUCT_IMAGE_MAX, { error: MAX_MESSAGE(PRODUCT_IMAGE_MAX) })
      .refine(isImageUrl, { error: PRODUCT_MESSAGES.imagen })
      .nullish(),
  ),
});
export type CategoriaInput = z.input<typeof categoriaInputSchema>;

export const sugerenciasQuerySchema = z.object({
  q: z.string().trim().max(100).catch('').default(''),
});
export type SugerenciasQuery = z.infer<typeof sugerenciasQuerySchema>;

export const sugerenciasSchema = z.object({
  productos: z.array(productoSchema).max(SUGGESTIONS_MAX),
  /** Non-null only when nothing matched and a close term exists: '¿Quisiste decir …?'. */
  quisisteDecir: z.string().nullable(),
});
export type Sugerencias = z.infer<typeof sugerenciasSchema>;

/** The columns of the product CSV, in the order GET /productos/exportar.csv writes them. */
export const CSV_PRODUCT_COLUMNS = [
  'sku',
  'nombre',
  'marca',
  'categoria',
  'precio',
  'stock',
  'activo',
  'descripcion',
  'especificaciones',
  'peso_kg',
  'largo_cm',
  'ancho_cm',
  'alto_cm',
  /** A PC part's typed specification, `tipo=…|campo=valor…` (docs/product.md#arma-tu-pc). */
  'componente',
  /** The offer's price and dates in Chile's time, `2026-11-30 23:59` (docs/product.md#offers). */
  'precio_oferta',
  'oferta_desde',
  'oferta_hasta',
] as const;

export const RESULTADOS_IMPORTACION = ['creada', 'actualizada', 'sin_cambios', 'error'] as const;
export type ResultadoImportacion = (typeof RESULTADOS_IMPORTACION)[number];

/**
 * POST /productos/importar: what happened (or, with `?simular=1`, would happen) to each row.
 * `fila` is the row as a spreadsheet numbers it (the header is row 1). `aplicada` says whether
 * anything was written: never on a dry run, nor when a row failed without `?validas=1`.
 */
export const informeImportacionSchema = z.object({
  total: z.number().int(),
  creadas: z.number().int(),
  actualizadas: z.number().int(),
  sinCambios: z.number().int(),
  errores: z.number().int(),
  aplicada: z.boolean(),
  filas: z.array(
    z.object({
      fila: z.number().int(),
      sku: z.string(),
      resultado: z.enum(RESULTADOS_IMPORTACION),
      motivo: z.string().optional(),
    }),
  ),
});
export type InformeImportacion = z.infer<typeof informeImportacionSchema>;

export const ESTADOS_IMPORTACION = ['en_curso', 'terminada', 'fallida'] as const;

/**
 * A large import running on the server (POST /productos/importar answers 202 with it, GET
 * /productos/importaciones/{id} answers its progress). `fase`: checking the rows, then writing;
 * `filas`: rows checked so far; `avance`: the share of the file read, 0 to 1. Once `terminada` it
 * carries the report; once `fallida`, the error the synchronous answer would have had.
 */
export const importacionSchema = z.object({
  id: z.string(),
  estado: z.enum(ESTADOS_IMPORTACION),
  fase: z.enum(['revisando', 'guardando']),
  filas: z.number().int(),
  avance: z.number().min(0).max(1),
  informe: informeImportacionSchema.optional(),
  error: z.object({ statusCode: z.number().int(), message: z.string() }).optional(),
});
export type Importacion = z.infer<typeof importacionSchema>;

export const ESTADOS_CATEGORIA = ['activas', 'todos'] as const;
/** GET /categorias: the active ones; with `estado=todos`, ADMIN and VENDOR get every one. */
export const categoriasQuerySchema = z.object({
  estado: ignoreInvalid(z.enum(ESTADOS_CATEGORIA)),
});
