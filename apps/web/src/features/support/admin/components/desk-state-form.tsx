import { zodResolver } from '@hookform/resolvers/zod';
import {
  cambioEstadoTicketInputSchema,
  ESTADO_TICKET_LABELS,
  TICKET_NOTE_MAX,
  type CambioEstadoTicketInput,
  type Ticket,
} from '@nexbyte/shared';
import { useState } from 'react';
import { Alert } from '../../../../components/ui/alert';
import { FormField } from '../../../../components/ui/form-field';
import { useToast } from '../../../../components/ui/toast';
import { errorMessage } from '../../../../lib/error-message';
import { useServerForm } from '../../../../lib/use-server-form';
import { useChangeTicketState } from '../api/update-ticket';
import '../support-desk.css';

/** What a refused change says when the server gave no reason of its own. */
export const ACTION_FAILED = 'Inténtalo de nuevo.';

/** The desk's move of a ticket to one of its next states, with notes for the customer and staff. */
export function StateForm({ ticket }: { ticket: Ticket }) {
  const toast = useToast();
  const change = useChangeTicketState(ticket.id);
  const [refused, setRefused] = useState<string | null>(null);
  // A quote is what makes a ticket COTIZADA: that move is the quote editor's.
  const moves = ticket.siguientesEstados.filter((estado) => estado !== 'COTIZADA');
  const form = useServerForm<CambioEstadoTicketInput>({
    resolver: zodResolver(cambioEstadoTicketInputSchema),
    defaultValues: { estado: moves[0] ?? 'RECIBIDA', nota: '', notaInterna: '' },
  });
  const {
    register,
    formState: { errors },
  } = form;

  if (moves.length === 0) {
    return (
      <section className="desk-ticket__section" aria-labelledby="desk-estado">
        <h2 id="desk-estado">Cambiar estado</h2>
        <p className="muted">
          {ticket.estado === 'COTIZADA'
            ? 'Esperando la respuesta del cliente a la cotización.'
            : `Una solicitud ${ESTADO_TICKET_LABELS[ticket.estado].toLowerCase()} ya no cambia de estado.`}
        </p>
      </section>
    );
  }

  const onSubmit = form.submit((input) => {
    setRefused(null);
    change.mutate(input, {
      onSuccess: (changed) => {
        form.reset({
          estado: changed.siguientesEstados.find((e) => e !== 'COTIZADA') ?? 'RECIBIDA',
          nota: '',
          notaInterna: '',
        });
        toast.show({
          type: 'success',
          message: `Solicitud ${changed.numero}: ${ESTADO_TICKET_LABELS[changed.estado].toLowerCase()}.`,
        });
      },
      onError: (error) => {
        if (!form.showServerErrors(error)) setRefused(errorMessage(error, ACTION_FAILED));
      },
    });
  });

  return (
    <section className="desk-ticket__section" aria-labelledby="desk-estado">
      <h2 id="desk-estado">Cambiar estado</h2>
      {refused && <Alert tone="danger">{refused}</Alert>}
      <form className="desk-form" noValidate onSubmit={onSubmit}>
        <FormField label="Nuevo estado" error={errors.estado?.message}>
          <select {...register('estado')}>
            {moves.map((estado) => (
              <option key={estado} value={estado}>
                {ESTADO_TICKET_LABELS[estado]}
              </option>
            ))}
          </select>
        </FormField>
        <FormField
          label="Nota para el cliente"
          optional
          hint="La ve el cliente en su enlace y en el correo."
          error={errors.nota?.message}
        >
          <textarea rows={3} maxLength={TICKET_NOTE_MAX} {...register('nota')} />
        </FormField>
        <FormField
          label="Nota interna del cambio"
          optional
          hint="Solo la ve el equipo."
          error={errors.notaInterna?.message}
        >
          <textarea rows={2} maxLength={TICKET_NOTE_MAX} {...register('notaInterna')} />
        </FormField>
        <div className="actions">
          <button type="submit" className="button" disabled={change.isPending}>
            {change.isPending ? 'Guardando…' : 'Cambiar estado'}
          </button>
        </div>
      </form>
    </section>
  );
}
