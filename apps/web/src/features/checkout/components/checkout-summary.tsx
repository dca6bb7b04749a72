import { formatCLP, type Cotizacion } from '@nexbyte/shared';
import { Link } from 'react-router';
import { TotalsList } from '../../../components/ui/totals-list';

/**
 * The order as the server priced it: lines, coupon, discount, the transfer's discount, shipping,
 * total and its IVA.
 */
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
      <TotalsList
        className="checkout-totals"
        subtotal={quote.subtotal}
        discount={quote.descuento}
        paymentDiscount={quote.descuentoPago}
        shipping={quote.envio}
        total={quote.total}
        iva={quote.iva}
        coupon={{
          label: (
            <>
              Cupón{' '}
              <Link to="/carrito" className="checkout-totals__change">
                Cambiar<span className="visually-hidden"> el cupón en el carrito</span>
              </Link>
            </>
          ),
          value: quote.cupon ? `${quote.cupon.codigo} (${quote.cupon.label})` : 'Sin cupón',
        }}
      />
    </>
  );
}
