import { zodResolver } from '@hookform/resolvers/zod';
import {
  cotizacionTicketInputSchema,
  formatCLP,
  hoyEnChile,
  ivaIncluido,
  PRECIOS_SUGERIDOS_SERVICIO,
  QUOTE_DIAGNOSIS_MAX,
  QUOTE_LINE_QTY_MAX,
  QUOTE_LINES_MAX,
  SERVICIOS_SOPORTE,
  TICKET_NOTE_MAX,
  type CotizacionTicketInput,
  type Producto,
  type Servicio,
} from '@nexbyte/shared';
import { useId, useState } from 'react';
import {
  useFieldArray,
  useWatch,
  type Control,
  type FieldErrors,
  type Path,
} from 'react-hook-form';
import { Alert } from '../../../../components/ui/alert';
import { FormField } from '../../../../components/ui/form-field';
import { useToast } from '../../../../components/ui/toast';
import { ApiError } from '../../../../lib/api-client';
import { errorMessage } from '../../../../lib/error-message';
import { useDebouncedValue } from '../../../../lib/use-debounced-draft';
import { useServerForm } from '../../../../lib/use-server-form';
import { useParts } from '../api/search-parts';
import { useSendQuote } from '../api/update-ticket';

/** How long a quote is valid unless the desk says otherwise. */
export const QUOTE_VALID_DAYS = 7;
const SEARCH_DELAY_MS = 300;

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
  precioUnitario: PRECIOS_SUGERIDOS_SERVICIO[servicio],
  cantidad: 1,
});

/**
 * What the quote adds up to, IVA included: a service at the price written, a part at the
 * catalogue's price (the server reads it again when the quote is sent).
 */
export function quoteTotal(lines: readonly Line[], parts: ReadonlyMap<number, Producto>): number {
  return lines.reduce((sum, line) => {
    const cantidad = Number.isFinite(line.cantidad) ? line.cantidad : 0;
    if (line.tipo === 'SERVICIO') {
      const precio = Number.isFinite(line.precioUnitario) ? line.precioUnitario : 0;
      return sum + precio * cantidad;
    }
    return sum + (parts.get(line.productoId)?.precio ?? 0) * cantidad;
  }, 0);
}

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

type EditorForm = ReturnType<typeof useServerForm<CotizacionTicketInput>>;

interface LineProps {
  index: number;
  form: EditorForm;
  errors: FieldErrors<CotizacionTicketInput>;
}

/** The message of one field of line `index`, if the browser's or the server's check found one. */
function lineError(
  errors: FieldErrors<CotizacionTicketInput>,
  index: number,
  field: 'servicio' | 'precioUnitario' | 'cantidad' | 'productoId',
): string | undefined {
  const line = errors.lineas?.[index] as Record<string, { message?: string }> | undefined;
  return line?.[field]?.message;
}

function ServiceLine({
  index,
  control,
  form,
  errors,
}: LineProps & { control: Control<CotizacionTicketInput> }) {
  const servicio = form.register(`lineas.${index}.servicio` as 'lineas.0.servicio');
  const current = useWatch({ control, name: `lineas.${index}` as 'lineas.0' });
  return (
    <div className="quote-editor__fields">
      <FormField
        label={`Servicio (línea ${index + 1})`}
        error={lineError(errors, index, 'servicio')}
      >
        <select
          {...servicio}
          onChange={(event) => {
            void servicio.onChange(event);
            // A new service starts at its suggested price; the desk may change it after.
            const picked = event.target.value as Servicio;
            form.setValue(
              `lineas.${index}.precioUnitario` as 'lineas.0.precioUnitario',
              PRECIOS_SUGERIDOS_SERVICIO[picked],
            );
          }}
        >
          {SERVICIOS_SOPORTE.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </FormField>
      <FormField
        label={`Precio unitario (línea ${index + 1})`}
        hint={
          current?.tipo === 'SERVICIO'
            ? `Sugerido: ${formatCLP(PRECIOS_SUGERIDOS_SERVICIO[current.servicio])}`
            : undefined
        }
        error={lineError(errors, index, 'precioUnitario')}
      >
        <input
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          {...form.register(`lineas.${index}.precioUnitario` as 'lineas.0.precioUnitario', {
            valueAsNumber: true,
          })}
        />
      </FormField>
      <FormField
        label={`Cantidad (línea ${index + 1})`}
        error={lineError(errors, index, 'cantidad')}
      >
        <input
          type="number"
          inputMode="numeric"
          min={1}
          max={QUOTE_LINE_QTY_MAX}
          step={1}
          {...form.register(`lineas.${index}.cantidad`, { valueAsNumber: true })}
        />
      </FormField>
    </div>
  );
}

function PartLine({ index, product, form, errors }: LineProps & { product: Producto | undefined }) {
  return (
    <div className="quote-editor__fields">
      <div className="quote-editor__part">
        <span className="form-field__label">Repuesto (línea {index + 1})</span>
        <span>{product?.nombre ?? 'Producto del catálogo'}</span>
        {product && (
          <span className="muted">
            {formatCLP(product.precio)} · stock {product.stock}
          </span>
        )}
        {lineError(errors, index, 'productoId') && (
          <span className="form-field__error">{lineError(errors, index, 'productoId')}</span>
        )}
      </div>
      <FormField
        label={`Cantidad (línea ${index + 1})`}
        error={lineError(errors, index, 'cantidad')}
      >
        <input
          type="number"
          inputMode="numeric"
          min={1}
          max={QUOTE_LINE_QTY_MAX}
          step={1}
          {...form.register(`lineas.${index}.cantidad`, { valueAsNumber: true })}
        />
      </FormField>
    </div>
  );
}

function QuoteTotal({
  control,
  parts,
}: {
  control: Control<CotizacionTicketInput>;
  parts: ReadonlyMap<number, Producto>;
}) {
  const lines = useWatch({ control, name: 'lineas' }) ?? [];
  const total = quoteTotal(lines, parts);
  return (
    <dl className="quote-editor__total" aria-live="polite">
      <div>
        <dt>Total</dt>
        <dd>{formatCLP(total)}</dd>
      </div>
      <div>
        <dt>IVA incluido</dt>
        <dd>{formatCLP(ivaIncluido(total))}</dd>
      </div>
    </dl>
  );
}

function PartSearch({
  onPick,
  disabled,
}: {
  onPick: (product: Producto) => void;
  disabled: boolean;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);
  const results = useParts(q);
  return (
    <div className="quote-editor__search">
      <div className="form-field">
        <label htmlFor={id} className="form-field__label">
          Buscar repuesto
        </label>
        <input
          id={id}
          type="search"
          value={text}
          placeholder="Nombre o marca del producto"
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      {q.length >= 2 && (
        <div aria-live="polite">
          {results.isPending ? (
            <p className="muted">Buscando…</p>
          ) : results.isError ? (
            <p className="form-field__error">No se pudo buscar en el catálogo.</p>
          ) : results.data.length === 0 ? (
            <p className="muted">Sin resultados para «{q}».</p>
          ) : (
            <ul className="quote-editor__results">
              {results.data.map((product) => (
                <li key={product.id}>
                  <span>
                    {product.nombre}{' '}
                    <span className="muted">
                      {formatCLP(product.precio)} · stock {product.stock}
                    </span>
                  </span>
                  <button
                    type="button"
                    className="button button--small"
                    disabled={disabled || product.stock <= 0}
                    onClick={() => onPick(product)}
                    aria-label={`Agregar ${product.nombre}`}
                  >
                    Agregar
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
