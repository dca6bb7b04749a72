import type { SolicitudSoporte } from '@nexbyte/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetchPage, type ApiPage } from '../../../../lib/api-client';
import { ADMIN_KEY, ADMIN_PAGE_SIZE, ADMIN_STALE_TIME } from '../../../../lib/admin-queries';

/** One page of the support quote requests, newest first (the API sorts them), and their count. */
export function getSupportRequests(
  pagina: number,
  signal?: AbortSignal,
): Promise<ApiPage<SolicitudSoporte>> {
  const params = new URLSearchParams({ pagina: String(pagina), limite: String(ADMIN_PAGE_SIZE) });
  return apiFetchPage<SolicitudSoporte>(`/soporte?${params}`, { signal });
}

export const supportRequestsQueryOptions = (pagina: number) =>
  queryOptions({
    queryKey: [...ADMIN_KEY, 'soporte', pagina],
    queryFn: ({ signal }) => getSupportRequests(pagina, signal),
    staleTime: ADMIN_STALE_TIME,
    placeholderData: keepPreviousData,
  });

export function useSupportRequests(pagina: number) {
  return useQuery(supportRequestsQueryOptions(pagina));
}
