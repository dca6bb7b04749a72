/** The shop's fixed vocabularies, free of zod so the browser can import them cheaply. */

export const ROLES = ['ADMIN', 'VENDOR', 'CLIENT'] as const;
export type Role = (typeof ROLES)[number];
/** The roles that run the catalogue and the orders (decision 018); users and messages stay ADMIN's. */
export const STAFF_ROLES = ['ADMIN', 'VENDOR'] as const satisfies readonly Role[];
export type StaffRole = (typeof STAFF_ROLES)[number];
export const isStaffRole = (role: string | null | undefined): role is StaffRole =>
  (STAFF_ROLES as readonly string[]).includes(role ?? '');

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
export const DEFAULT_PRIORIDAD: Prioridad = 'NORMAL';
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

/** `relevancia` applies to a text search; without one the API answers it as `recientes`. */
export const ORDENES_PRODUCTOS = ['recientes', 'precio_asc', 'precio_desc', 'relevancia'] as const;
export type OrdenProductos = (typeof ORDENES_PRODUCTOS)[number];
export const ORDEN_LABELS: Record<OrdenProductos, string> = {
  recientes: 'Más recientes',
  precio_asc: 'Precio: menor a mayor',
  precio_desc: 'Precio: mayor a menor',
  relevancia: 'Más relevantes',
};

/** The order a product query is answered in: relevance means nothing without a text to match. */
export function effectiveOrden(query: {
  q?: string | undefined;
  orden?: OrdenProductos | undefined;
}) {
  const hasText = Boolean(query.q?.trim());
  const orden = query.orden ?? (hasText ? 'relevancia' : 'recientes');
  return orden === 'relevancia' && !hasText ? 'recientes' : orden;
}
