import { z } from 'zod';
import {
  CERTIFICACIONES_FUENTE,
  FORMATOS_ALMACENAMIENTO,
  FORMATOS_PLACA,
  INTERFACES_ALMACENAMIENTO,
  SOCKETS,
  TIPOS_MEMORIA,
  TIPOS_REFRIGERACION,
  type TipoComponente,
} from './kinds';

const M = {
  entero: 'Debe ser un número entero mayor que 0.',
  enteroOCero: 'Debe ser un número entero mayor o igual a 0.',
  texto: 'Debe tener entre 1 y 40 caracteres.',
  opcion: 'Elige una de las opciones.',
  lista: 'Elige al menos una opción.',
} as const;

// Upper bounds only stop nonsense (a 100 kW power supply); they are not the shop's rules.
const positiveInt = (max: number) =>
  z.number({ error: M.entero }).int({ error: M.entero }).positive({ error: M.entero }).max(max, {
    error: M.entero,
  });
const countInt = (max: number) =>
  z
    .number({ error: M.enteroOCero })
    .int({ error: M.enteroOCero })
    .min(0, { error: M.enteroOCero })
    .max(max, { error: M.enteroOCero });
const shortText = z.string({ error: M.texto }).trim().min(1, { error: M.texto }).max(40, {
  error: M.texto,
});
const option = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: M.opcion });
const options = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .array(option(values), { error: M.lista })
    .min(1, { error: M.lista })
    .max(values.length, { error: M.lista })
    .refine((list) => new Set(list).size === list.length, { error: M.lista });

export const procesadorSchema = z.object({
  tipo: z.literal('PROCESADOR'),
  socket: option(SOCKETS),
  nucleos: positiveInt(256),
  /**
   * The power to size a power supply for, in watts: the most it draws under sustained load
   * (Intel's maximum turbo power, AMD's PPT), not the base TDP printed on the box.
   */
  tdpW: positiveInt(1000),
  /** Whether it can drive a monitor without a graphics card. */
  graficosIntegrados: z.boolean({ error: M.opcion }),
});

export const placaMadreSchema = z.object({
  tipo: z.literal('PLACA_MADRE'),
  socket: option(SOCKETS),
  chipset: shortText,
  formato: option(FORMATOS_PLACA),
  tipoMemoria: option(TIPOS_MEMORIA),
  /** DIMM slots: two or more run memory in dual channel. */
  ranurasMemoria: positiveInt(16),
  ranurasM2: countInt(10),
  /** What the board itself draws, in watts. */
  consumoW: positiveInt(500),
});

export const memoriaSchema = z.object({
  tipo: z.literal('MEMORIA'),
  tipoMemoria: option(TIPOS_MEMORIA),
  /** Modules in the kit (2 for a 2 × 16 GB kit). */
  modulos: positiveInt(16),
  /** The whole kit's capacity, in GB. */
  capacidadGb: positiveInt(1024),
  velocidadMhz: positiveInt(20000),
  /** The whole kit's draw, in watts. */
  consumoW: positiveInt(100),
});

export const tarjetaVideoSchema = z.object({
  tipo: z.literal('TARJETA_VIDEO'),
  chip: shortText,
  memoriaGb: positiveInt(256),
  /** Total board power, in watts. */
  consumoW: positiveInt(1500),
  /** From the bracket to the far end, in millimetres. */
  largoMm: positiveInt(600),
  /** What the maker recommends, in watts (informative; the shop's own figure is checkBuild's). */
  fuenteRecomendadaW: positiveInt(3000).optional(),
});

export const almacenamientoSchema = z.object({
  tipo: z.literal('ALMACENAMIENTO'),
  interfaz: option(INTERFACES_ALMACENAMIENTO),
  formato: option(FORMATOS_ALMACENAMIENTO),
  capacidadGb: positiveInt(100_000),
  consumoW: positiveInt(100),
});

export const fuenteSchema = z.object({
  tipo: z.literal('FUENTE'),
  /** Continuous output, in watts. */
  potenciaW: positiveInt(5000),
  certificacion: option(CERTIFICACIONES_FUENTE),
  modular: z.boolean({ error: M.opcion }),
});

export const gabineteSchema = z.object({
  tipo: z.literal('GABINETE'),
  /** Board form factors it accepts. */
  formatos: options(FORMATOS_PLACA),
  /** Longest graphics card it holds, in millimetres. */
  largoGpuMaxMm: positiveInt(1000),
  /** Tallest air cooler it holds, in millimetres. */
  alturaCoolerMaxMm: positiveInt(1000),
  /** Longest radiator it mounts, in millimetres (0: none). */
  radiadorMaxMm: countInt(1000),
});

const refrigeracionBase = z.object({
  tipo: z.literal('REFRIGERACION'),
  refrigeracion: option(TIPOS_REFRIGERACION),
  socketsCompatibles: options(SOCKETS),
  /** An air cooler's height, in millimetres; a liquid one has none that matters. */
  alturaMm: positiveInt(500).optional(),
  /** A liquid cooler's radiator, in millimetres (240, 360…). */
  radiadorMm: positiveInt(1000).optional(),
  /** Heat it is rated to remove, in watts. */
  tdpMaxW: positiveInt(1000).optional(),
  consumoW: positiveInt(100),
});

export const refrigeracionSchema = refrigeracionBase
  .refine((c) => c.refrigeracion !== 'Aire' || c.alturaMm !== undefined, {
    error: 'Un disipador por aire necesita su altura.',
    path: ['alturaMm'],
  })
  .refine((c) => c.refrigeracion !== 'Líquida' || c.radiadorMm !== undefined, {
    error: 'Una refrigeración líquida necesita el largo de su radiador.',
    path: ['radiadorMm'],
  });

/**
 * A part's complete typed specification, `tipo` saying which fields it carries: what the rules
 * (rules.ts) read, so only a part whose specification is complete enters the builder.
 */
export const componenteSchema = z.discriminatedUnion(
  'tipo',
  [
    procesadorSchema,
    placaMadreSchema,
    memoriaSchema,
    tarjetaVideoSchema,
    almacenamientoSchema,
    fuenteSchema,
    gabineteSchema,
    refrigeracionSchema,
  ],
  { error: 'Elige el tipo de componente.' },
);

export type Procesador = z.infer<typeof procesadorSchema>;
export type PlacaMadre = z.infer<typeof placaMadreSchema>;
export type Memoria = z.infer<typeof memoriaSchema>;
export type TarjetaVideo = z.infer<typeof tarjetaVideoSchema>;
export type Almacenamiento = z.infer<typeof almacenamientoSchema>;
export type Fuente = z.infer<typeof fuenteSchema>;
export type Gabinete = z.infer<typeof gabineteSchema>;
export type Refrigeracion = z.infer<typeof refrigeracionSchema>;
export type Componente = z.infer<typeof componenteSchema>;
export type ComponenteDe<T extends TipoComponente> = Extract<Componente, { tipo: T }>;

/** Every field but `tipo` optional: what a product may hold while some values are unknown. */
const partial = <T extends z.ZodObject>(schema: T) => schema.partial().required({ tipo: true });

/**
 * A product's typed specification as stored and as the admin saves it (decision 032): its kind
 * and the values known so far, each checked like the complete one's.
 */
export const componenteParcialSchema = z.discriminatedUnion(
  'tipo',
  [
    partial(procesadorSchema),
    partial(placaMadreSchema),
    partial(memoriaSchema),
    partial(tarjetaVideoSchema),
    partial(almacenamientoSchema),
    partial(fuenteSchema),
    partial(gabineteSchema),
    partial(refrigeracionBase),
  ],
  { error: 'Elige el tipo de componente.' },
);
export type ComponenteParcial = z.infer<typeof componenteParcialSchema>;

/** The complete specification, when every value the rules need is known; else null. */
export const completeComponent = (
  value: ComponenteParcial | null | undefined,
): Componente | null => {
  if (!value) return null;
  const result = componenteSchema.safeParse(value);
  return result.success ? result.data : null;
};
