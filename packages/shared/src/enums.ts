/** The shop's fixed vocabularies, free of zod so the browser can import them cheaply. */

export const ROLES = ['ADMIN', 'VENDOR', 'CLIENT'] as const;
export type Role = (typeof ROLES)[number];

export const EQUIPOS = ['PC_ESCRITORIO', 'NOTEBOOK', 'CONSOLA', 'OTRO'] as const;
export type Equipo = (typeof EQUIPOS)[number];
export const EQUIPO_LABELS: Record<Equipo, string> = {
  PC_ESCRITORIO: 'PC de escritorio',
  NOTEBOOK: 'Notebook',
  CONSOLA: 'Consola',
  OTRO: 'Otro',
};

export const PRIORIDADES = ['BAJA', 'NORMAL', 'ALTA', 'CRITICA', 'URGENTE'] as const;
export type Prioridad = (typeof PRIORIDADES)[number];
/** What the public form offers; the API accepts every priority. */
export const PRIORIDADES_PUBLICAS = [
  'NORMAL',
  'ALTA',
  'CRITICA',
] as const satisfies readonly Prioridad[];
export const PRIORIDAD_DEFAULT: Prioridad = 'NORMAL';
export const PRIORIDAD_LABELS: Record<Prioridad, string> = {
  BAJA: 'Baja',
  NORMAL: 'Normal',
  ALTA: 'Alta',
  CRITICA: 'Crítica',
  URGENTE: 'Urgente',
};

export const SERVICIOS = [
  'Diagnóstico',
  'Mantención preventiva',
  'Instalación/Upgrade',
  'Respaldo de datos',
  'Formateo/OS limpio',
] as const;
export type Servicio = (typeof SERVICIOS)[number];

export const ORDENES_PRODUCTOS = ['recientes', 'precio_asc', 'precio_desc'] as const;
export type OrdenProductos = (typeof ORDENES_PRODUCTOS)[number];
export const ORDEN_LABELS: Record<OrdenProductos, string> = {
  recientes: 'Más recientes',
  precio_asc: 'Precio: menor a mayor',
  precio_desc: 'Precio: mayor a menor',
};
