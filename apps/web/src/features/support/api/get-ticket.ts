import type { TicketPublico } from '@nexbyte/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { ticketHeaders, ticketKeys, ticketPath, type TicketSource } from './ticket-source';

/**
 * GET /soporte/seguimiento (the link's token in its header) or /cuenta/soporte/{numero}: the
 * ticket as the customer sees it.
 */
export function getTicket(source: TicketSource, signal?: AbortSignal): Promise<TicketPublico> {
  return apiFetch<TicketPublico>(ticketPath(source), { signal, headers: ticketHeaders(source) });
}

export const ticketQueryOptions = (source: TicketSource) =>
  queryOptions({
    queryKey: ticketKeys.ticket(source),
    queryFn: ({ signal }) => getTicket(source, signal),
  });

export function useTicket(source: TicketSource) {
  return useQuery(ticketQueryOptions(source));
}
