import { zodResolver } from '@hookform/resolvers/zod';
import {
  cotizacionTicketInputSchema,
  hoyEnChile,
  SUGGESTED_SERVICE_PRICES,
  QUOTE_DIAGNOSIS_MAX,
  QUOTE_LINES_MAX,
  TICKET_NOTE_MAX,
  type CotizacionTicketInput,
  type Producto,
  type Servicio,
} from '@nexbyte/shared';
import { useState } from 'react';
import { useFieldArray, type Path } from 'react-hook-form';
import { Alert } from '../../../../components/ui/alert';
import { FormField } from '../../../../components/ui/form-field';
import { useToast } from '../../../../components/ui/toast';
import { ApiError } from '../../../../lib/api-client';
import { errorMessage } from '../../../../lib/error-message';
import { useServerForm } from '../../../../lib/use-server-form';
import { useSendQuote } from '../api/update-ticket';
import { PartSearch } from './part-search';
import { PartLine, ServiceLine } from './quote-line-fields';
import { QuoteTotal } from './quote-total';
import '../support-desk.css';

/** How long a quote is valid unless the desk says otherwise. */
export const QUOTE_VALID_DAYS = 7;

/** `day` (YYYY-MM-DD) plus `days` calendar days. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

type Line = CotizacionTicketInput['lineas'][number];

const serviceLine = (servicio: Servicio = 'Diagnóstico'): Line => ({
  tipo: 'SERVICIO',
  servicio,
  descripcion: '',
  precioUnitario: SUGGESTED_SERVICE_PRICES[servicio],
  cantidad: 1,
});

/**
 * The desk's quote: the diagnosis, lines of labour (the spec's services, at their suggested
 * price unless changed) and parts from the catalogue (with price and stock), the running total
 * with the IVA it includes, and how long it is valid.
 */
export function QuoteEditor({ ticketId }: { ticketId: number }) {
  const toast = useToast();
  const send = useSendQuote(ticketId);
  const [parts, setParts] = useState<ReadonlyMap<number, Producto>>(new Map());
  const [refused, setRefused] = useState<string | null>(null);
  const today = hoyEnChile();
  const defaults: CotizacionTicketInput = {
    diagnostico: '',
    lineas: [serviceLine()],
    validaHasta: addDays(today, QUOTE_VALID_DAYS),
    nota: '',
  };
  const form = useServerForm<CotizacionTicketInput>({
    resolver: zodResolver(cotizacionTicketInputSchema),
    defaultValues: defaults,
  });
  const {
    control,
    register,
    formState: { errors },
  } = form;
  const lines = useFieldArray({ control, name: 'lineas' });

  const addPart = (product: Producto) => {
    setParts((known) => new Map(known).set(product.id, product));
    lines.append({ tipo: 'REPUESTO', productoId: product.id, cantidad: 1 });
  };

  const onSubmit = form.submit((input) => {
    setRefused(null);
    send.mutate(input, {
      onSuccess: (ticket) => {
        form.reset(defaults);
        toast.show({
          type: 'success',
          message: `Cotización enviada. La solicitud ${ticket.numero} quedó cotizada.`,
        });
      },
      onError: (error) => {
        // A line's own message ('lineas.2.cantidad') goes beside that line's field.
        const lineErrors = Object.entries(
          error instanceof ApiError ? (error.errors ?? {}) : {},
        ).filter(([name]) => /^lineas\.\d+\.\w+$/.test(name));
        for (const [name, message] of lineErrors) {
          form.setError(name as Path<CotizacionTicketInput>, { type: 'server', message });
        }
        if (!form.showServerErrors(error) && lineErrors.length === 0) {
          setRefused(errorMessage(error, 'Inténtalo de nuevo.'));
        }
      },
    });
  });

  const linesError = errors.lineas?.message ?? errors.lineas?.root?.message;

  return (
    <form className="desk-form quote-editor" noValidate onSubmit={onSubmit}>
      {refused && <Alert tone="danger">{refused}</Alert>}
      <FormField label="Diagnóstico" error={errors.diagnostico?.message}>
        <textarea rows={4} maxLength={QUOTE_DIAGNOSIS_MAX} {...register('diagnostico')} />
      </FormField>

      <fieldset className="quote-editor__lines">
        <legend className="form-field__label">Líneas</legend>
        {linesError && <p className="form-field__error">{linesError}</p>}
        <ol className="quote-editor__list">
          {lines.fields.map((field, index) => (
            <li key={field.id} className="quote-editor__line">
              {field.tipo === 'SERVICIO' ? (
                <ServiceLine index={index} control={control} form={form} errors={errors} />
              ) : (
                <PartLine
                  index={index}
                  product={parts.get(field.productoId)}
                  form={form}
                  errors={errors}
                />
              )}
              <button
                type="button"
                className="button button--small button--ghost"
                onClick={() => lines.remove(index)}
              >
                Quitar línea {index + 1}
              </button>
            </li>
          ))}
        </ol>
        <div className="actions">
          <button
            type="button"
            className="button button--small button--ghost"
            disabled={lines.fields.length >= QUOTE_LINES_MAX}
            onClick={() => lines.append(serviceLine())}
          >
            Agregar mano de obra
          </button>
        </div>
        <PartSearch onPick={addPart} disabled={lines.fields.length >= QUOTE_LINES_MAX} />
      </fieldset>

      <QuoteTotal control={control} parts={parts} />

      <FormField label="Válida hasta" error={errors.validaHasta?.message}>
        <input type="date" min={today} {...register('validaHasta')} />
      </FormField>
      <FormField
        label="Nota para el cliente"
        optional
        hint="Se agrega al historial que ve el cliente."
        error={errors.nota?.message}
      >
        <textarea rows={2} maxLength={TICKET_NOTE_MAX} {...register('nota')} />
      </FormField>
      <div className="actions">
        <button type="submit" className="button" disabled={send.isPending}>
          {send.isPending ? 'Enviando…' : 'Enviar cotización'}
        </button>
      </div>
    </form>
  );
}
