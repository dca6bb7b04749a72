import type { OpcionesEnvio } from '@nexbyte/shared';
import { Alert } from '../../../components/ui/alert';

interface ShippingOptionsProps {
  options: OpcionesEnvio | undefined;
  loading: boolean;
  failed: boolean;
  /** The chosen option's signed quote. */
  value: string | null;
  onChange: (cotizacion: string) => void;
  disabled: boolean;
}

/**
 * docs/product.md#checkout-shipping: the carrier's services for the comuna and the cart's box,
 * 'Chilexpress Día Hábil Siguiente — $5.490 — llega el martes', or the región's price when the
 * carrier did not answer in time (the message says so).
 */
export function ShippingOptions({
  options,
  loading,
  failed,
  value,
  onChange,
  disabled,
}: ShippingOptionsProps) {
  return (
    <fieldset className="checkout-fieldset" disabled={disabled} aria-busy={loading}>
      <legend>Servicio de envío</legend>
      <div aria-live="polite">
        {loading && <p className="muted">Cotizando el envío…</p>}
        {failed && !loading && (
          <Alert tone="danger">
            No pudimos cotizar el envío. Revisa tu conexión e inténtalo de nuevo.
          </Alert>
        )}
        {options?.mensaje && <p className="muted">{options.mensaje}</p>}
      </div>
      {options && (
        <div className="checkout-payments checkout-shipping">
          {options.opciones.map((o) => (
            <label key={o.cotizacion} className="checkout-payment">
              <input
                type="radio"
                name="envioCotizado"
                value={o.cotizacion}
                checked={value === o.cotizacion}
                onChange={() => onChange(o.cotizacion)}
              />
              <span>{o.texto}</span>
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
}
