import type { SolicitudSoporte } from '@nexbyte/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { ADMIN_STALE_TIME, adminKeys } from './query-keys';

/** The support quote requests, newest first (the API sorts them). */
export function getSupportRequests(signal?: AbortSignal): Promise<SolicitudSoporte[]> {
  return apiFetch<SolicitudSoporte[]>('/soporte', { signal });
}

export const supportRequestsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.supportRequests(),
    queryFn: ({ signal }) => getSupportRequests(signal),
    staleTime: ADMIN_STALE_TIME,
  });

export function useSupportRequests() {
  return useQuery(supportRequestsQueryOptions());
}
