import { formatCLP, IVA_PERCENT, type Cotizacion } from '@nexbyte/shared';
import { Link } from 'react-router';

/** The order as the server priced it: lines, coupon, discount, shipping, total and its IVA. */
export function CheckoutSummary({ quote }: { quote: Cotizacion }) {
  return (
    <>
      <ul className="checkout-lines">
        {quote.lineas.map((line) => (
          <li key={line.productoId} className="checkout-line">
            <span className="checkout-line__name">
              {line.nombre} <span className="muted">× {line.qty}</span>
            </span>
            <span className="checkout-line__amount">{formatCLP(line.subtotal)}</span>
          </li>
        ))}
      </ul>
      <dl className="checkout-totals">
        <div>
          <dt>Subtotal</dt>
          <dd>{formatCLP(quote.subtotal)}</dd>
        </div>
        <div>
          <dt>
            Cupón{' '}
            <Link to="/carrito" className="checkout-totals__change">
              Cambiar<span className="visually-hidden"> el cupón en el carrito</span>
            </Link>
          </dt>
          <dd>{quote.cupon ? `${quote.cupon.codigo} (${quote.cupon.label})` : 'Sin cupón'}</dd>
        </div>
        <div>
          <dt>Descuento</dt>
          <dd>{quote.descuento > 0 ? `-${formatCLP(quote.descuento)}` : formatCLP(0)}</dd>
        </div>
        <div>
          <dt>Envío</dt>
          <dd>{quote.envio === 0 && quote.subtotal > 0 ? 'Gratis' : formatCLP(quote.envio)}</dd>
        </div>
        <div className="checkout-totals__total">
          <dt>Total</dt>
          <dd>{formatCLP(quote.total)}</dd>
        </div>
        <div className="checkout-totals__iva">
          <dt>IVA incluido ({IVA_PERCENT} %)</dt>
          <dd>{formatCLP(quote.iva)}</dd>
        </div>
      </dl>
    </>
  );
}
