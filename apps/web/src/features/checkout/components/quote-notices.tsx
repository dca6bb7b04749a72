import type { Cotizacion } from '@nexbyte/shared';

/** Problems that stop the order: the stock cannot cover it. A new price only needs a look. */
export function hasBlockingProblems(quote: Cotizacion | undefined): boolean {
  return quote?.problemas.some((p) => p.tipo !== 'PRECIO_CAMBIO') ?? false;
}

interface QuoteNoticesProps {
  quote: Cotizacion | undefined;
  couponCode: string | null;
  onUpdateCart: () => void;
}

/**
 * What changed since the products went into the cart, in plain words. The live region is always
 * in the page so a screen reader hears what appears in it after a new quote.
 */
export function QuoteNotices({ quote, couponCode, onUpdateCart }: QuoteNoticesProps) {
  const problems = quote?.problemas ?? [];
  const blocking = hasBlockingProblems(quote);
  return (
    <div className="checkout-notices" aria-live="polite">
      {problems.length > 0 && (
        <div className={`alert ${blocking ? 'alert--danger' : 'alert--warning'}`}>
          <p className="checkout-notices__title">
            {blocking
              ? 'Algunos productos ya no están disponibles como en tu carrito:'
              : 'Cambió el precio de algunos productos desde que los agregaste:'}
          </p>
          <ul>
            {problems.map((p) => (
              <li key={`${p.productoId}-${p.tipo}`}>{p.mensaje}</li>
            ))}
          </ul>
          <p>
            {blocking
              ? 'Actualiza tu carrito para continuar; el resumen ya muestra lo que hay.'
              : 'El resumen muestra los precios de hoy, que son los que pagarás.'}
          </p>
          <button type="button" className="button button--small" onClick={onUpdateCart}>
            Actualizar mi carrito
          </button>
        </div>
      )}
      {quote?.cuponInvalido && couponCode && (
        <div className="alert alert--warning">
          <p>El cupón {couponCode} ya no es válido; el total se calculó sin él.</p>
        </div>
      )}
    </div>
  );
}
