import type { SoporteResumen } from '@nexbyte/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import { ADMIN_STALE_TIME } from '../../../../lib/admin-queries';
import { deskKeys } from './query-keys';

/** GET /soporte/resumen: how many tickets are in each state, and how many are overdue. */
export function getDeskSummary(signal?: AbortSignal): Promise<SoporteResumen> {
  return apiFetch<SoporteResumen>('/soporte/resumen', { signal });
}

export const deskSummaryQueryOptions = queryOptions({
  queryKey: deskKeys.summary(),
  queryFn: ({ signal }) => getDeskSummary(signal),
  staleTime: ADMIN_STALE_TIME,
});

export function useDeskSummary() {
  return useQuery(deskSummaryQueryOptions);
}
