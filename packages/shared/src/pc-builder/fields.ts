// How each kind's typed values are named on screen, in the CSV and in the list's filters, with
// their units: plain values, so that a page can use them without loading zod.
import {
  CERTIFICACIONES_FUENTE,
  FORMATOS_ALMACENAMIENTO,
  FORMATOS_PLACA,
  INTERFACES_ALMACENAMIENTO,
  SOCKETS,
  TIPO_COMPONENTE_LABEL,
  TIPOS_COMPONENTE,
  TIPOS_MEMORIA,
  TIPOS_REFRIGERACION,
  type TipoComponente,
} from './kinds';

interface CampoBase {
  /** The field's name in the schema (schemas.ts). */
  campo: string;
  etiqueta: string;
  /** Offered among the list's filters (docs/product.md#productos). */
  faceta?: true;
}

/** One typed value of a kind, as the admin's form, the comparison and the filters show it. */
export type CampoComponente = CampoBase &
  (
    | { tipo: 'numero'; unidad?: 'W' | 'mm' | 'GB' | 'MHz' }
    | { tipo: 'texto' }
    | { tipo: 'booleano' }
    | { tipo: 'opcion'; opciones: readonly string[] }
    /** Several of a closed list: a cooler's sockets, a case's board form factors. */
    | { tipo: 'opciones'; opciones: readonly string[] }
  );

const socket = {
  campo: 'socket',
  etiqueta: 'Socket',
  tipo: 'opcion',
  opciones: SOCKETS,
  faceta: true,
} as const;
const tipoMemoria = {
  campo: 'tipoMemoria',
  etiqueta: 'Tipo de memoria',
  tipo: 'opcion',
  opciones: TIPOS_MEMORIA,
  faceta: true,
} as const;
const consumo = { campo: 'consumoW', etiqueta: 'Consumo', tipo: 'numero', unidad: 'W' } as const;

/** Each kind's fields, in the order the form and the comparison show them. */
export const CAMPOS_COMPONENTE: Readonly<Record<TipoComponente, readonly CampoComponente[]>> = {
  PROCESADOR: [
    socket,
    { campo: 'nucleos', etiqueta: 'Núcleos', tipo: 'numero' },
    { campo: 'tdpW', etiqueta: 'Potencia máxima sostenida', tipo: 'numero', unidad: 'W' },
    {
      campo: 'graficosIntegrados',
      etiqueta: 'Gráficos integrados',
      tipo: 'booleano',
      faceta: true,
    },
  ],
  PLACA_MADRE: [
    socket,
    { campo: 'chipset', etiqueta: 'Chipset', tipo: 'texto', faceta: true },
    {
      campo: 'formato',
      etiqueta: 'Formato',
      tipo: 'opcion',
      opciones: FORMATOS_PLACA,
      faceta: true,
    },
    tipoMemoria,
    { campo: 'ranurasMemoria', etiqueta: 'Ranuras de memoria', tipo: 'numero' },
    { campo: 'ranurasM2', etiqueta: 'Ranuras M.2', tipo: 'numero' },
    consumo,
  ],
  MEMORIA: [
    tipoMemoria,
    { campo: 'modulos', etiqueta: 'Módulos', tipo: 'numero' },
    { campo: 'capacidadGb', etiqueta: 'Capacidad', tipo: 'numero', unidad: 'GB' },
    { campo: 'velocidadMhz', etiqueta: 'Velocidad', tipo: 'numero', unidad: 'MHz' },
    consumo,
  ],
  TARJETA_VIDEO: [
    { campo: 'chip', etiqueta: 'Chip', tipo: 'texto' },
    { campo: 'memoriaGb', etiqueta: 'Memoria de video', tipo: 'numero', unidad: 'GB' },
    consumo,
    { campo: 'largoMm', etiqueta: 'Largo', tipo: 'numero', unidad: 'mm' },
    { campo: 'fuenteRecomendadaW', etiqueta: 'Fuente recomendada', tipo: 'numero', unidad: 'W' },
  ],
  ALMACENAMIENTO: [
    {
      campo: 'interfaz',
      etiqueta: 'Interfaz',
      tipo: 'opcion',
      opciones: INTERFACES_ALMACENAMIENTO,
      faceta: true,
    },
    {
      campo: 'formato',
      etiqueta: 'Formato',
      tipo: 'opcion',
      opciones: FORMATOS_ALMACENAMIENTO,
      faceta: true,
    },
    { campo: 'capacidadGb', etiqueta: 'Capacidad', tipo: 'numero', unidad: 'GB' },
    consumo,
  ],
  FUENTE: [
    { campo: 'potenciaW', etiqueta: 'Potencia', tipo: 'numero', unidad: 'W' },
    {
      campo: 'certificacion',
      etiqueta: 'Certificación',
      tipo: 'opcion',
      opciones: CERTIFICACIONES_FUENTE,
      faceta: true,
    },
    { campo: 'modular', etiqueta: 'Modular', tipo: 'booleano', faceta: true },
  ],
  GABINETE: [
    {
      campo: 'formatos',
      etiqueta: 'Formatos de placa',
      tipo: 'opciones',
      opciones: FORMATOS_PLACA,
      faceta: true,
    },
    { campo: 'largoGpuMaxMm', etiqueta: 'Largo máximo de tarjeta', tipo: 'numero', unidad: 'mm' },
    {
      campo: 'alturaCoolerMaxMm',
      etiqueta: 'Altura máxima de disipador',
      tipo: 'numero',
      unidad: 'mm',
    },
    { campo: 'radiadorMaxMm', etiqueta: 'Radiador máximo', tipo: 'numero', unidad: 'mm' },
  ],
  REFRIGERACION: [
    {
      campo: 'refrigeracion',
      etiqueta: 'Refrigeración',
      tipo: 'opcion',
      opciones: TIPOS_REFRIGERACION,
      faceta: true,
    },
    {
      campo: 'socketsCompatibles',
      etiqueta: 'Sockets compatibles',
      tipo: 'opciones',
      opciones: SOCKETS,
      faceta: true,
    },
    { campo: 'alturaMm', etiqueta: 'Altura', tipo: 'numero', unidad: 'mm' },
    { campo: 'radiadorMm', etiqueta: 'Radiador', tipo: 'numero', unidad: 'mm' },
    { campo: 'tdpMaxW', etiqueta: 'Disipa hasta', tipo: 'numero', unidad: 'W' },
    consumo,
  ],
};

/** The kind itself, as a filter: 'Tipo de componente: Procesador'. */
export const CAMPO_TIPO = {
  campo: 'tipo',
  etiqueta: 'Tipo de componente',
  tipo: 'opcion',
  opciones: TIPOS_COMPONENTE,
  faceta: true,
} as const satisfies CampoComponente;

/**
 * The fields offered as filters, once each by name (a processor's and a board's socket are one
 * filter), the kind first.
 */
export const CAMPOS_FACETA: readonly CampoComponente[] = [
  CAMPO_TIPO,
  ...new Map(
    Object.values(CAMPOS_COMPONENTE)
      .flat()
      .filter((c) => c.faceta)
      .map((c) => [c.campo, c] as const),
  ).values(),
];

/** Every field name a typed specification may hold, besides `tipo`. */
export const NOMBRES_CAMPOS: ReadonlySet<string> = new Set(
  Object.values(CAMPOS_COMPONENTE)
    .flat()
    .map((c) => c.campo),
);

/** How a stored value reads: '125 W', 'Sí', 'AM4, AM5', 'Procesador'. */
export function formatComponentValue(campo: CampoComponente, value: unknown): string {
  if (value === undefined || value === null) return '';
  if (campo.campo === 'tipo' && typeof value === 'string') {
    return TIPO_COMPONENTE_LABEL[value as TipoComponente] ?? value;
  }
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  if (Array.isArray(value)) return value.join(', ');
  if (campo.tipo === 'numero' && typeof value === 'number') {
    const n = value.toLocaleString('es-CL');
    return campo.unidad ? `${n} ${campo.unidad}` : n;
  }
  return String(value);
}
