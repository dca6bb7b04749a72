import { formatCLP, ivaIncluded, type CotizacionTicketInput, type Producto } from '@nexbyte/shared';
import { useWatch, type Control } from 'react-hook-form';
import '../support-desk.css';

type Line = CotizacionTicketInput['lineas'][number];

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

/** The running total and the IVA inside it, announced as the lines change. */
export function QuoteTotal({
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
        <dd>{formatCLP(ivaIncluded(total))}</dd>
      </div>
    </dl>
  );
}
