import type { EstadoTicket, Prioridad, TipoTicket } from '@nexbyte/shared';
import { ADMIN_KEY } from '../../../../lib/admin-queries';

/** The desk's filters as the address keeps them (?estado=…&tipo=…&prioridad=…&q=…&atrasado=true). */
export interface DeskFilter {
  estado?: EstadoTicket | undefined;
  tipo?: TipoTicket | undefined;
  prioridad?: Prioridad | undefined;
  q?: string | undefined;
  atrasado?: boolean | undefined;
  pagina: number;
}

/** Under 'admin', like every admin query: never shared with the customer's own caches. */
export const deskKeys = {
  all: [...ADMIN_KEY, 'soporte'] as const,
  lists: () => [...deskKeys.all, 'lista'] as const,
  list: (filter: DeskFilter) => [...deskKeys.lists(), filter] as const,
  summary: () => [...deskKeys.all, 'resumen'] as const,
  detail: (id: number) => [...deskKeys.all, 'detalle', id] as const,
  parts: (q: string) => [...deskKeys.all, 'repuestos', q] as const,
};
