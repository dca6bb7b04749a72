import type { EstadoPedido } from '@nexbyte/shared';

/** Under 'admin', like every admin query: never shared with the shop's own caches. */
export const adminOrderKeys = {
  all: ['admin', 'pedidos'] as const,
  lists: () => [...adminOrderKeys.all, 'lista'] as const,
  list: (filter: AdminOrdersFilter) => [...adminOrderKeys.lists(), filter] as const,
  detail: (numero: string) => [...adminOrderKeys.all, 'detalle', numero] as const,
  documents: (numero: string) => [...adminOrderKeys.all, 'documentos', numero] as const,
  summary: () => [...adminOrderKeys.all, 'resumen'] as const,
};

export interface AdminOrdersFilter {
  estado?: EstadoPedido | undefined;
  pagina: number;
}

/** The admin works on live data: every screen asks again when it opens. */
export const ADMIN_ORDERS_STALE_TIME = 0;
export const ADMIN_ORDERS_PAGE_SIZE = 25;
