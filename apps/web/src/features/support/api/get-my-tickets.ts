import type { TicketCliente } from '@nexbyte/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { ticketKeys } from './ticket-source';

/** GET /cuenta/soporte: the logged-in customer's own tickets, newest first. */
export function getMyTickets(signal?: AbortSignal): Promise<TicketCliente[]> {
  return apiFetch<TicketCliente[]>('/cuenta/soporte', { signal });
}

/** Keyed by the viewer, so another account logging in on this browser never sees these. */
export const myTicketsQueryOptions = (viewer: number) =>
  queryOptions({
    queryKey: ticketKeys.mine(viewer),
    queryFn: ({ signal }) => getMyTickets(signal),
  });

export function useMyTickets(viewer: number) {
  return useQuery(myTicketsQueryOptions(viewer));
}
