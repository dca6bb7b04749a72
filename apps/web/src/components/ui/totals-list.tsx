import { formatCLP, IVA_PERCENT } from '@nexbyte/shared';
import type { ReactNode } from 'react';

interface TotalsListProps {
  /** The place's own look: 'cart-totals', 'checkout-totals'… */
  className: string;
  subtotal: number;
  discount: number;
  shipping: number;
  total: number;
  /** The IVA the total includes; its row is left out when not given. */
  iva?: number;
  /** A row after the subtotal, for the coupon. */
  coupon?: { label?: ReactNode; value: ReactNode } | null;
  discountLabel?: string;
  /** The payment method's discount (the transfer price); its row shows only when above 0. */
  paymentDiscount?: number;
}

/**
 * Shipping 0 on something to ship is free, 'Gratis' (docs/product.md#business-rules: from the free-shipping
 * threshold, or with ENVIO0); an empty cart ships nothing and shows $0.
 */
function shippingText(shipping: number, subtotal: number): string {
  return shipping === 0 && subtotal > 0 ? 'Gratis' : formatCLP(shipping);
}

/**
 * An order's or a cart's money, as every screen shows it: subtotal, discount, the transfer's
 * discount, shipping, total.
 */
export function TotalsList({
  className,
  subtotal,
  discount,
  shipping,
  total,
  iva,
  coupon,
  discountLabel = 'Descuento',
  paymentDiscount = 0,
}: TotalsListProps) {
  return (
    <dl className={`totals-list ${className}`}>
      <div>
        <dt>Subtotal</dt>
        <dd>{formatCLP(subtotal)}</dd>
      </div>
      {coupon && (
        <div>
          <dt>{coupon.label ?? 'Cupón'}</dt>
          <dd>{coupon.value}</dd>
        </div>
      )}
      <div>
        <dt>{discountLabel}</dt>
        <dd>{discount > 0 ? `-${formatCLP(discount)}` : formatCLP(0)}</dd>
      </div>
      {paymentDiscount > 0 && (
        <div>
          <dt>Descuento transferencia</dt>
          <dd>-{formatCLP(paymentDiscount)}</dd>
        </div>
      )}
      <div>
        <dt>Envío</dt>
        <dd>{shippingText(shipping, subtotal)}</dd>
      </div>
      <div className="totals-list__total">
        <dt>Total</dt>
        <dd>{formatCLP(total)}</dd>
      </div>
      {iva !== undefined && (
        <div className="totals-list__iva">
          <dt>IVA incluido ({IVA_PERCENT} %)</dt>
          <dd>{formatCLP(iva)}</dd>
        </div>
      )}
    </dl>
  );
}
