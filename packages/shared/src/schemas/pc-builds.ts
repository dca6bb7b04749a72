// The payloads of 'Arma tu PC' (docs/product.md#arma-tu-pc, decision 033).
import { z } from 'zod';
import { TIPOS_COMPONENTE } from '../pc-builder/kinds';
import { productoSchema } from './products';

/** Parts in one build: a part of each kind, a few memory kits and drives. */
export const PC_BUILD_PARTS_MAX = 16;
/** Parts a builder's step answers at most in each of its lists (compatible, incompatible). */
export const PC_STEP_LIST_MAX = 100;
/** The recommended builds /arma-tu-pc offers as starting points. */
export const PC_RECOMMENDED_MAX = 12;
export const PC_RECOMMENDED_TITLE_MAX = 80;

export const PC_BUILD_MESSAGES = {
  piezas: 'Elige al menos una pieza.',
  tooManyPiezas: `Un armado tiene como máximo ${PC_BUILD_PARTS_MAX} piezas.`,
  titulo: `El título debe tener entre 3 y ${PC_RECOMMENDED_TITLE_MAX} caracteres.`,
  notFound: 'No encontramos ese armado.',
  incompatible: 'Tu armado tiene piezas incompatibles',
  unavailable: (nombre: string) => `${nombre} ya no está disponible.`,
  noStock: (nombre: string) => `${nombre} no tiene stock suficiente.`,
  notAPart: (nombre: string) => `${nombre} no es una pieza de Arma tu PC.`,
  unknownPart: 'Una de las piezas ya no existe.',
} as const;

const MAX_ID = 2_147_483_647;
const partId = z
  .number({ error: PC_BUILD_MESSAGES.piezas })
  .int({ error: PC_BUILD_MESSAGES.piezas })
  .min(1, { error: PC_BUILD_MESSAGES.piezas })
  .max(MAX_ID, { error: PC_BUILD_MESSAGES.piezas });

/** A build as the builder sends it: its parts' product ids (a memory kit or a drive may repeat). */
export const armadoInputSchema = z.object({
  piezas: z
    .array(partId, { error: PC_BUILD_MESSAGES.piezas })
    .min(1, { error: PC_BUILD_MESSAGES.piezas })
    .max(PC_BUILD_PARTS_MAX, { error: PC_BUILD_MESSAGES.tooManyPiezas }),
});
export type ArmadoInput = z.infer<typeof armadoInputSchema>;

export const tipoComponenteSchema = z.enum(TIPOS_COMPONENTE, {
  error: 'Elige el tipo de componente.',
});

const ID_LIST = /^\d{1,10}(,\d{1,10}){0,15}$/;

/**
 * A step's lists: the kind, the parts chosen so far (`piezas=12,40,7`, the step's own kind left
 * out: what is listed takes its place) and whether to answer the incompatible parts too.
 */
export const pasoArmadoQuerySchema = z.object({
  piezas: z
    .string()
    .trim()
    .regex(ID_LIST, { error: 'Las piezas van como ids separados por comas.' })
    .optional(),
  incompatibles: z.enum(['0', '1', 'true', 'false']).optional(),
  limite: z.coerce.number().int().min(1).max(PC_STEP_LIST_MAX).optional(),
});
export type PasoArmadoQuery = z.infer<typeof pasoArmadoQuerySchema>;

/** The ids of `piezas=12,40,7`, valid ones only. */
export const parsePartIds = (value: string | undefined): number[] =>
  (value ?? '')
    .split(',')
    .map((v) => Number(v))
    .filter((n) => Number.isInteger(n) && n >= 1 && n <= MAX_ID)
    .slice(0, PC_BUILD_PARTS_MAX);

const incompatibilidadSchema = z.object({
  entre: z.tuple([tipoComponenteSchema, tipoComponenteSchema]).readonly(),
  mensaje: z.string(),
});
const advertenciaSchema = z.object({
  entre: z.array(tipoComponenteSchema).readonly(),
  mensaje: z.string(),
});

/** checkBuild's answer (packages/shared/src/pc-builder/rules.ts). */
export const revisionArmadoSchema = z.object({
  incompatibilidades: z.array(incompatibilidadSchema),
  advertencias: z.array(advertenciaSchema),
  consumoEstimadoW: z.number().int(),
  fuenteRecomendadaW: z.number().int(),
});

export const pasoArmadoSchema = z.object({
  tipo: tipoComponenteSchema,
  /** In stock, complete typed specification, fitting the parts chosen; cheapest first. */
  compatibles: z.array(productoSchema),
  totalCompatibles: z.number().int(),
  /** Only when asked (`incompatibles=1`): each part with why it does not fit. */
  incompatibles: z.array(z.object({ producto: productoSchema, motivos: z.array(z.string()) })),
  totalIncompatibles: z.number().int(),
});
export type PasoArmado = z.infer<typeof pasoArmadoSchema>;

/** A build checked for the cart: its parts as they are now, and the rules' verdict. */
export const armadoRevisadoSchema = z.object({
  piezas: z.array(productoSchema),
  total: z.number(),
  revision: revisionArmadoSchema,
});
export type ArmadoRevisado = z.infer<typeof armadoRevisadoSchema>;

/** The 409 of a build with parts that do not fit together. */
export const armadoIncompatibleSchema = z.object({
  message: z.string(),
  incompatibilidades: z.array(incompatibilidadSchema),
});

/** A saved build: its parts on sale now (a part taken off sale is counted, not shown). */
export const armadoSchema = armadoRevisadoSchema.extend({
  codigo: z.string(),
  /** The admin's title when it is a recommended build. */
  titulo: z.string().nullable(),
  piezasNoDisponibles: z.number().int(),
  createdAt: z.string(),
});
export type Armado = z.infer<typeof armadoSchema>;

export const codigoArmadoParams = z.object({
  codigo: z.string().regex(/^[A-Za-z0-9_-]{8,24}$/, { error: PC_BUILD_MESSAGES.notFound }),
});

export const recomendarArmadoSchema = z.object({
  titulo: z
    .string({ error: PC_BUILD_MESSAGES.titulo })
    .trim()
    .min(3, { error: PC_BUILD_MESSAGES.titulo })
    .max(PC_RECOMMENDED_TITLE_MAX, { error: PC_BUILD_MESSAGES.titulo }),
});
export type RecomendarArmadoInput = z.infer<typeof recomendarArmadoSchema>;
