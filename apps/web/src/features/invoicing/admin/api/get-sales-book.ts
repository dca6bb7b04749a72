import type { FilaLibroVentas, IvaBreakdown } from '@nexbyte/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_KEY, ADMIN_STALE_TIME } from '../../../../lib/admin-queries';
import { apiFetch } from '../../../../lib/api-client';

/** Two days of Chile's calendar (YYYY-MM-DD), both included. */
export interface SalesBookRange {
  desde: string;
  hasta: string;
}

export interface SalesBook {
  items: FilaLibroVentas[];
  /** Credit notes subtract. */
  totales: IvaBreakdown;
}

/** Under 'admin', like every admin query. */
export const salesBookKeys = {
  all: () => [...ADMIN_KEY, 'libro-ventas'] as const,
  range: (range: SalesBookRange) => [...salesBookKeys.all(), range] as const,
};

/** `?desde=…&hasta=…`, as both the list and its CSV take the range. */
export const rangeQuery = ({ desde, hasta }: SalesBookRange) =>
  new URLSearchParams({ desde, hasta });

/** GET /documentos/libro-ventas (ADMIN): the documents issued between two days, and their totals. */
export function getSalesBook(range: SalesBookRange, signal?: AbortSignal): Promise<SalesBook> {
  return apiFetch<SalesBook>(`/documentos/libro-ventas?${rangeQuery(range)}`, { signal });
}

export const salesBookQueryOptions = (range: SalesBookRange) =>
  queryOptions({
    queryKey: salesBookKeys.range(range),
    queryFn: ({ signal }) => getSalesBook(range, signal),
    staleTime: ADMIN_STALE_TIME,
    placeholderData: keepPreviousData,
  });

export function useSalesBook(range: SalesBookRange) {
  return useQuery(salesBookQueryOptions(range));
}
