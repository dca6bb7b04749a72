import {
  formatCLP,
  SUGGESTED_SERVICE_PRICES,
  QUOTE_LINE_QTY_MAX,
  SERVICIOS_SOPORTE,
  type CotizacionTicketInput,
  type Producto,
  type Servicio,
} from '@nexbyte/shared';
import { useWatch, type Control, type FieldErrors } from 'react-hook-form';
import { FormField } from '../../../../components/ui/form-field';
import type { useServerForm } from '../../../../lib/use-server-form';
import '../support-desk.css';

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

/** A line of labour: the service, its price (the suggested one unless changed) and quantity. */
export function ServiceLine({
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
              SUGGESTED_SERVICE_PRICES[picked],
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
            ? `Sugerido: ${formatCLP(SUGGESTED_SERVICE_PRICES[current.servicio])}`
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

/** A part from the catalogue: its name, price and stock as found, and the quantity. */
export function PartLine({
  index,
  product,
  form,
  errors,
}: LineProps & { product: Producto | undefined }) {
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
