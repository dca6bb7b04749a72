import {
  cartTotals,
  formatCLP,
  freeShippingMessage,
  freeShippingProgress,
  type CartTotals,
} from '@nexbyte/shared';
import { useId } from 'react';
import { Link } from 'react-router';
import { useCart } from '../cart-context';
import { CouponForm } from './coupon-form';

export const CHECKOUT_PATH = '/checkout';

/** The totals of the cart with its coupon (SPEC.md point 9), all from cartTotals. */
export function useCartTotals(): CartTotals {
  const { subtotal, coupon } = useCart();
  return cartTotals(subtotal, coupon);
}

export function CartSummary() {
  const { subtotal, discount, shipping, total } = useCartTotals();
  return (
    <aside className="cart-summary" aria-labelledby="cart-summary-title">
      <h2 id="cart-summary-title">Resumen</h2>
      <CouponForm />
      <dl className="cart-totals">
        <div>
          <dt>Subtotal</dt>
          <dd>{formatCLP(subtotal)}</dd>
        </div>
        <div>
          <dt>Descuento</dt>
          <dd>{discount > 0 ? `-${formatCLP(discount)}` : formatCLP(0)}</dd>
        </div>
        <div>
          <dt>Envío</dt>
          <dd>{shipping === 0 && subtotal > 0 ? 'Gratis' : formatCLP(shipping)}</dd>
        </div>
        <div className="cart-totals__total">
          <dt>Total</dt>
          <dd>{formatCLP(total)}</dd>
        </div>
      </dl>
      <FreeShippingProgress subtotal={subtotal} />
      <Link to={CHECKOUT_PATH} className="button cart-summary__checkout">
        Proceder al pago
      </Link>
    </aside>
  );
}

function FreeShippingProgress({ subtotal }: { subtotal: number }) {
  const messageId = useId();
  const progress = freeShippingProgress(subtotal);
  return (
    <div className="free-shipping">
      <p id={messageId} className="free-shipping__message" aria-live="polite">
        {freeShippingMessage(subtotal)}
      </p>
      <progress
        className="free-shipping__bar"
        max={100}
        value={progress}
        aria-label="Avance hacia el envío gratis"
        aria-describedby={messageId}
        aria-valuetext={`${Math.floor(progress)} %`}
      />
    </div>
  );
}
