import type { TicketPublico } from '@nexbyte/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { ticketKeys, ticketPath, type TicketSource } from './ticket-source';

/** GET /soporte/seguimiento/{token} or /cuenta/soporte/{numero}: the ticket as the customer sees it. */
export function getTicket(source: TicketSource, signal?: AbortSignal): Promise<TicketPublico> {
  return apiFetch<TicketPublico>(ticketPath(source), { signal });
}

export const ticketQueryOptions = (source: TicketSource) =>
  queryOptions({
    queryKey: ticketKeys.ticket(source),
    queryFn: ({ signal }) => getTicket(source, signal),
  });

export function useTicket(source: TicketSource) {
  return useQuery(ticketQueryOptions(source));
}
