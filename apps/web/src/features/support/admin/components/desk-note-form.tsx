import { zodResolver } from '@hookform/resolvers/zod';
import { notaInternaInputSchema, TICKET_NOTE_MAX, type Ticket } from '@nexbyte/shared';
import { useState } from 'react';
import { Alert } from '../../../../components/ui/alert';
import { FormField } from '../../../../components/ui/form-field';
import { useToast } from '../../../../components/ui/toast';
import { errorMessage } from '../../../../lib/error-message';
import { useServerForm } from '../../../../lib/use-server-form';
import { useAddInternalNote } from '../api/update-ticket';
import { ACTION_FAILED } from './desk-state-form';
import '../support-desk.css';

/** A note only staff see, added to the ticket's history without moving it. */
export function InternalNoteForm({ ticket }: { ticket: Ticket }) {
  const toast = useToast();
  const add = useAddInternalNote(ticket.id);
  const [refused, setRefused] = useState<string | null>(null);
  const form = useServerForm<{ nota: string }>({
    resolver: zodResolver(notaInternaInputSchema),
    defaultValues: { nota: '' },
  });
  const onSubmit = form.submit((input) => {
    setRefused(null);
    add.mutate(input, {
      onSuccess: () => {
        form.reset({ nota: '' });
        toast.show({ type: 'success', message: 'Nota interna agregada.' });
      },
      onError: (error) => {
        if (!form.showServerErrors(error)) setRefused(errorMessage(error, ACTION_FAILED));
      },
    });
  });
  return (
    <section className="desk-ticket__section" aria-labelledby="desk-nota">
      <h2 id="desk-nota">Agregar nota interna</h2>
      {refused && <Alert tone="danger">{refused}</Alert>}
      <form className="desk-form" noValidate onSubmit={onSubmit}>
        <FormField
          label="Nota interna"
          hint="Solo la ve el equipo."
          error={form.formState.errors.nota?.message}
        >
          <textarea rows={2} maxLength={TICKET_NOTE_MAX} {...form.register('nota')} />
        </FormField>
        <div className="actions">
          <button type="submit" className="button button--ghost" disabled={add.isPending}>
            Agregar nota interna
          </button>
        </div>
      </form>
    </section>
  );
}
