import type { CambioEstadoTicketInput, CotizacionTicketInput, Ticket } from '@nexbyte/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import { deskKeys } from './query-keys';

/** Every desk action answers the whole ticket as it is afterwards. */
function useTicketAction<TInput>(send: (id: number, input: TInput) => Promise<Ticket>, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TInput) => send(id, input),
    onSuccess: (ticket) => {
      queryClient.setQueryData(deskKeys.detail(ticket.id), ticket);
      void queryClient.invalidateQueries({ queryKey: deskKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: deskKeys.summary() });
    },
  });
}

/** POST /soporte/{id}/estado: a move of TRANSICIONES_TICKET, with its notes. */
export const changeTicketState = (id: number, input: CambioEstadoTicketInput) =>
  apiFetch<Ticket>(`/soporte/${id}/estado`, { method: 'POST', body: input });

/** POST /soporte/{id}/notas: an internal note, seen by the desk only. */
export const addInternalNote = (id: number, input: { nota: string }) =>
  apiFetch<Ticket>(`/soporte/${id}/notas`, { method: 'POST', body: input });

/** POST /soporte/{id}/cotizacion: the ticket becomes COTIZADA and the customer is e-mailed. */
export const sendQuote = (id: number, input: CotizacionTicketInput) =>
  apiFetch<Ticket>(`/soporte/${id}/cotizacion`, { method: 'POST', body: input });

export const useChangeTicketState = (id: number) => useTicketAction(changeTicketState, id);
export const useAddInternalNote = (id: number) => useTicketAction(addInternalNote, id);
export const useSendQuote = (id: number) => useTicketAction(sendQuote, id);
