import type { RespuestaCotizacionInput, TicketPublico } from '@nexbyte/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { ticketHeaders, ticketKeys, ticketPath, type TicketSource } from './ticket-source';

export interface QuoteAnswer {
  message: string;
  ticket: TicketPublico;
}

/** POST …/cotizacion: accept or reject the pending quote; answers the ticket as it is now. */
export function answerQuote(
  source: TicketSource,
  answer: RespuestaCotizacionInput,
): Promise<QuoteAnswer> {
  return apiFetch<QuoteAnswer>(`${ticketPath(source)}/cotizacion`, {
    method: 'POST',
    body: answer,
    headers: ticketHeaders(source),
  });
}

export function useAnswerQuote(source: TicketSource) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answer: RespuestaCotizacionInput) => answerQuote(source, answer),
    onSuccess: ({ ticket }) => {
      queryClient.setQueryData(ticketKeys.ticket(source), ticket);
      void queryClient.invalidateQueries({ queryKey: [...ticketKeys.all, 'cuenta', 'lista'] });
    },
  });
}
