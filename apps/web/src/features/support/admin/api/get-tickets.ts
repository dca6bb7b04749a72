import type { TicketResumen } from '@nexbyte/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetchPage, type ApiPage } from '../../../../lib/api-client';
import { ADMIN_PAGE_SIZE, ADMIN_STALE_TIME } from '../../../../lib/admin-queries';
import { deskKeys, type DeskFilter } from './query-keys';

/** GET /soporte with the desk's filters: one page of tickets, newest first, and their count. */
export function getTickets(
  filter: DeskFilter,
  signal?: AbortSignal,
): Promise<ApiPage<TicketResumen>> {
  const params = new URLSearchParams({
    pagina: String(filter.pagina),
    limite: String(ADMIN_PAGE_SIZE),
  });
  if (filter.estado) params.set('estado', filter.estado);
  if (filter.tipo) params.set('tipo', filter.tipo);
  if (filter.prioridad) params.set('prioridad', filter.prioridad);
  if (filter.q) params.set('q', filter.q);
  if (filter.atrasado) params.set('atrasado', 'true');
  return apiFetchPage<TicketResumen>(`/soporte?${params}`, { signal });
}

export const ticketsQueryOptions = (filter: DeskFilter) =>
  queryOptions({
    queryKey: deskKeys.list(filter),
    queryFn: ({ signal }) => getTickets(filter, signal),
    staleTime: ADMIN_STALE_TIME,
    placeholderData: keepPreviousData,
  });

export function useTickets(filter: DeskFilter) {
  return useQuery(ticketsQueryOptions(filter));
}
