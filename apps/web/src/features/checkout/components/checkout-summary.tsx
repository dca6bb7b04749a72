import { formatCLP, IVA_PERCENT, type Cotizacion } from '@nexbyte/shared';
import { Link } from 'react-router';
import { TotalsList } from '../../../components/ui/totals-list';

/** A factura's total taken apart: its neto, the IVA on it and the total, as the document shows. */
function InvoiceBreakdown({ neto, iva, total }: { neto: number; iva: number; total: number }) {
  return (
    <dl className="totals-list checkout-invoice" aria-label="Desglose de la factura">
      <div>
        <dt>Neto</dt>
        <dd>{formatCLP(neto)}</dd>
      </div>
      <div>
        <dt>IVA ({IVA_PERCENT} %)</dt>
        <dd>{formatCLP(iva)}</dd>
      </div>
      <div className="totals-list__total">
        <dt>Total</dt>
        <dd>{formatCLP(total)}</dd>
      </div>
    </dl>
  );
}

/**
 * The order as the server priced it: lines, coupon, discount, the transfer's discount, shipping,
 * total and its IVA; with a factura, the neto and IVA apart.
 */
export function CheckoutSummary({ quote }: { quote: Cotizacion }) {
  const factura = quote.documento === 'FACTURA' && quote.neto !== null;
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
        {...(factura ? {} : { iva: quote.iva })}
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
      {factura && <InvoiceBreakdown neto={quote.neto!} iva={quote.iva} total={quote.total} />}
    </>
  );
}
