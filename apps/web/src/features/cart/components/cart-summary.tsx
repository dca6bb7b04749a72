import {
  cartTotals,
  formatCLP,
  freeShippingMessage,
  freeShippingProgress,
  installmentsText,
  transferPrice,
  type CartTotals,
  type ShippingRule,
} from '@nexbyte/shared';
import { useId } from 'react';
import { Link } from 'react-router';
import { TotalsList } from '../../../components/ui/totals-list';
import { useShippingRule } from '../../../lib/shipping-settings';
import { useInstallmentsMax, usePaymentSettings } from '../../../lib/shop-config';
import { useSession } from '../../../lib/use-session';
import { useCart } from '../cart-context';
import { CouponForm } from './coupon-form';

export const CHECKOUT_PATH = '/checkout';

/**
 * The shipping estimate's región: the logged-in customer's, from the profile. Without one the
 * cart shows the spec's values; the checkout asks and the server's quote decides.
 */
function useEstimateRegion(): string | null {
  return useSession()?.user.region ?? null;
}

function useCartShippingRule(): ShippingRule {
  return useShippingRule(useEstimateRegion());
}

/** The totals of the cart with its coupon (docs/product.md#business-rules) and shipping rule, from cartTotals. */
export function useCartTotals(): CartTotals {
  const { subtotal, coupon } = useCart();
  return cartTotals(subtotal, coupon, useCartShippingRule());
}

/** `savings`: what the running offers take off the normal prices of the cart's units. */
export function CartSummary({ savings = 0 }: { savings?: number }) {
  const { subtotal } = useCart();
  const totals = useCartTotals();
  const rule = useCartShippingRule();
  const region = useEstimateRegion();
  return (
    <aside className="cart-summary" aria-labelledby="cart-summary-title">
      <h2 id="cart-summary-title">Resumen</h2>
      <CouponForm />
      <TotalsList className="cart-totals" {...totals} />
      {savings > 0 && (
        <p className="cart-summary__savings">Ahorras {formatCLP(savings)} en ofertas</p>
      )}
      {region && <p className="cart-summary__region muted">Envío estimado a {region}.</p>}
      <TransferTotal totals={totals} />
      <InstallmentsTotal totals={totals} />
      <FreeShippingProgress subtotal={subtotal} rule={rule} />
      <Link to={CHECKOUT_PATH} className="button cart-summary__checkout">
        Proceder al pago
      </Link>
    </aside>
  );
}

/**
 * The total paid by transfer when the shop gives a transfer discount: the server's rule, the
 * discount on what is left after the coupon, shipping added as it is.
 */
function TransferTotal({ totals }: { totals: CartTotals }) {
  const payments = usePaymentSettings();
  const percent = payments?.descuentoTransferenciaPct ?? 0;
  if (!(percent > 0) || !payments?.metodos.includes('TRANSFERENCIA') || totals.subtotal <= 0) {
    return null;
  }
  const total = transferPrice(totals.subtotal - totals.discount, percent) + totals.shipping;
  return <p className="cart-summary__transfer">{formatCLP(total)} con transferencia</p>;
}

/** The card total in interest-free installments, when the shop offers them (shipping included). */
function InstallmentsTotal({ totals }: { totals: CartTotals }) {
  const text = installmentsText(totals.total, useInstallmentsMax());
  if (!text || totals.subtotal <= 0) return null;
  return <p className="cart-summary__installments">{text}</p>;
}

function FreeShippingProgress({ subtotal, rule }: { subtotal: number; rule: ShippingRule }) {
  const messageId = useId();
  const progress = freeShippingProgress(subtotal, rule);
  // A región that never ships free has no bar to fill.
  if (progress === null) return null;
  return (
    <div className="free-shipping">
      <p id={messageId} className="free-shipping__message" aria-live="polite">
        {freeShippingMessage(subtotal, rule)}
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
