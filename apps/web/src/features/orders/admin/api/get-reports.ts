import type { Reportes } from '@nexbyte/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import { ADMIN_ORDERS_STALE_TIME, adminOrderKeys } from './query-keys';

/** GET /admin/reportes (ADMIN): paid sales per day, best sellers, orders by status. */
export function getReports(signal?: AbortSignal): Promise<Reportes> {
  return apiFetch<Reportes>('/admin/reportes', { signal });
}

export const reportsQueryOptions = () =>
  queryOptions({
    queryKey: [...adminOrderKeys.all, 'reportes'] as const,
    queryFn: ({ signal }) => getReports(signal),
    staleTime: ADMIN_ORDERS_STALE_TIME,
  });

export function useReports() {
  return useQuery(reportsQueryOptions());
}
