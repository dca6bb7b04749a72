import type { Ticket } from '@nexbyte/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import { ADMIN_STALE_TIME } from '../../../../lib/admin-queries';
import { deskKeys } from './query-keys';

/** GET /soporte/{id}: the whole ticket for the desk, internal notes included. */
export function getDeskTicket(id: number, signal?: AbortSignal): Promise<Ticket> {
  return apiFetch<Ticket>(`/soporte/${id}`, { signal });
}

export const deskTicketQueryOptions = (id: number) =>
  queryOptions({
    queryKey: deskKeys.detail(id),
    queryFn: ({ signal }) => getDeskTicket(id, signal),
    staleTime: ADMIN_STALE_TIME,
  });

export function useDeskTicket(id: number) {
  return useQuery(deskTicketQueryOptions(id));
}
